#!/usr/bin/env python3
"""Hostile-client measurements against a real Jarvis server (the figures tests must not time).

  scripts/hostile-clients.py ping-flood [--binary .build/debug/jarvis] [--seconds 8]
      A /ws client that sends pings as fast as it can and never reads. Prints the server's RSS
      before, at its peak during the flood, and 5 s after the client is gone, and when (if ever)
      the server closed the flooding connection.
  scripts/hostile-clients.py slowloris [--binary …] [--interval 10]
      Sends one header line every INTERVAL seconds and prints when the server cut the connection.

Each run starts its own server on a free port with a throwaway data directory and stops it.
"""
import argparse, base64, os, shutil, socket, sys, tempfile, time

from evalkit.server import start_product, stop, wait_until_healthy


def start_server(binary):
    data = tempfile.mkdtemp(prefix="hostile-")
    env = dict(os.environ, JARVIS_DEFAULT_FEEDS="0", JARVIS_SAMPLE_FEEDS="0", LOG_LEVEL="warning")
    process, port, _ = start_product([binary], data, env, cwd=None)
    if not wait_until_healthy(process, port, timeout=60):
        stop(process)
        sys.exit("server did not start")
    return process, port, data


def stop_server(process, data):
    stop(process)
    shutil.rmtree(data, ignore_errors=True)


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def open_ws(port):
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    if not head.startswith(b"HTTP/1.1 101"):
        sys.exit(f"no upgrade: {head[:80]!r}")
    return s


def ping_flood(args):
    process, port, data = start_server(args.binary)
    try:
        time.sleep(1)
        before = rss_mib(process.pid)
        s = open_ws(port)
        s.setblocking(False)
        ping = bytes([0x89, 0x80 | args.payload, 1, 2, 3, 4]) + bytes(args.payload)
        batch = ping * 500
        start, peak, sent, closed_at = time.time(), before, 0, None
        last_sample = 0.0
        while time.time() - start < args.seconds:
            try:
                sent += s.send(batch)
            except BlockingIOError:
                time.sleep(0.001)
            except OSError:
                closed_at = time.time() - start
                break
            if time.time() - last_sample > 0.25:
                peak, last_sample = max(peak, rss_mib(process.pid)), time.time()
        if closed_at is None:
            # Contained or not, see whether the server closes it while we keep not reading.
            deadline = time.time() + 10
            while time.time() < deadline:
                try:
                    s.send(ping)
                except BlockingIOError:
                    pass
                except OSError:
                    closed_at = time.time() - start
                    break
                peak = max(peak, rss_mib(process.pid))
                time.sleep(0.2)
        during = max(peak, rss_mib(process.pid))
        s.close()
        time.sleep(5)
        after = rss_mib(process.pid)
        print(f"ping flood: {sent / len(ping):.0f} pings of {args.payload} bytes sent ({sent / 1048576:.1f} MiB) in {args.seconds} s")
        print(f"RSS before {before:.1f} MiB, peak during {during:.1f} MiB, 5 s after {after:.1f} MiB")
        print("flooding connection closed by the server after "
              + (f"{closed_at:.2f} s" if closed_at is not None else f"never (watched {args.seconds + 10} s)"))
    finally:
        stop_server(process, data)


def slowloris(args):
    process, port, data = start_server(args.binary)
    try:
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        start, lines = time.time(), 0
        s.settimeout(args.interval)
        while time.time() - start < args.limit:
            try:
                if s.recv(1) == b"":
                    break
            except socket.timeout:
                pass
            except OSError:
                break
            try:
                s.sendall(b"X-Dribble: %d\r\n" % lines)
                lines += 1
            except OSError:
                break
        else:
            print(f"slowloris: not cut within {args.limit} s ({lines} lines)")
            return
        print(f"slowloris: one header line every {args.interval} s, cut after {time.time() - start:.1f} s ({lines} lines)")
    finally:
        stop_server(process, data)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    flood = sub.add_parser("ping-flood")
    flood.add_argument("--binary", default=".build/debug/jarvis")
    flood.add_argument("--seconds", type=float, default=8)
    flood.add_argument("--payload", type=int, default=0, choices=range(0, 126), metavar="0-125")
    loris = sub.add_parser("slowloris")
    loris.add_argument("--binary", default=".build/debug/jarvis")
    loris.add_argument("--interval", type=float, default=10)
    loris.add_argument("--limit", type=float, default=120)
    args = parser.parse_args()
    {"ping-flood": ping_flood, "slowloris": slowloris}[args.command](args)


if __name__ == "__main__":
    main()
