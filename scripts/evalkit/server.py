"""One way to run a product server for a measurement: `BINARY serve` on 127.0.0.1 and a free port,
with a throwaway data directory, in its own process group (so stopping it stops everything it
started), dying with the script that started it, stopped gracefully (SIGTERM, then SIGKILL)."""
import http.client
import os
import signal
import socket
import subprocess
import time

from evalkit import REPO


def free_port():
    """A TCP port on 127.0.0.1 nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _die_with_parent():
    """In the child before exec: SIGTERM it if this script dies without cleaning up (SIGKILL)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG (Linux)
    except Exception:
        pass


def start_product(command, data_dir, env=None, log_path=None, extra_args=(), cwd=REPO):
    """Starts `COMMAND serve --host 127.0.0.1 --port P --data-dir DATA_DIR [EXTRA_ARGS]` with `env`
    (default: this process's), its output into `log_path` (default: discarded).
    Returns (process, port, argv); raises OSError when it cannot be started."""
    port = free_port()
    argv = list(command) + ["serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", data_dir]
    argv += list(extra_args)
    log = open(log_path, "wb") if log_path else subprocess.DEVNULL
    try:
        process = subprocess.Popen(argv, cwd=cwd, env=env if env is not None else dict(os.environ), stdout=log,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
                                   preexec_fn=_die_with_parent)
    finally:
        if log_path:
            log.close()
    return process, port, argv


def wait_until_healthy(process, port, timeout=60, path="/health"):
    """True once GET PATH answers 200; False when the process exits or `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and process.poll() is None:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return True
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.1)
    return False


def stop(process, grace=15):
    """SIGTERM to the server's process group, SIGKILL after `grace` seconds (the servers' own
    graceful shutdown has a 10 s grace period)."""
    if process is None or process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        process.wait(timeout=5)


def log_tail(path, lines=20):
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return "".join(handle.readlines()[-lines:])
    except OSError:
        return ""
