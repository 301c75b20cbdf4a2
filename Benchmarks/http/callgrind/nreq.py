#!/usr/bin/env python3
"""Send exactly N keep-alive GETs over C connections (one outstanding per connection)."""
import selectors, socket, sys
port, path, total, conns = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
req = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
sel = selectors.DefaultSelector()
sent = done = 0
bufs = {}
for _ in range(conns):
    s = socket.create_connection(("127.0.0.1", port)); s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    bufs[s] = b""; sel.register(s, selectors.EVENT_READ)
    if sent < total: s.sendall(req); sent += 1
while done < total:
    for key, _ in sel.select():
        s = key.fileobj; d = s.recv(65536)
        if not d: sys.exit("closed")
        b = bufs[s] + d
        while True:
            h = b.find(b"\r\n\r\n")
            if h < 0: break
            head = b[:h].decode()
            if not head.startswith("HTTP/1.1 200"): sys.exit("bad: " + head)
            cl = int([l.split(":")[1] for l in head.split("\r\n") if l.lower().startswith("content-length")][0])
            if len(b) < h + 4 + cl: break
            b = b[h + 4 + cl:]; done += 1
            if sent < total: s.sendall(req); sent += 1
        bufs[s] = b
print(done)
