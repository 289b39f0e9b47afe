"""Helpers for the Python test scripts: run the service binary on a free local port."""
import os
import socket
import subprocess
import sys
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_service(binary, **env):
    """Start `binary serve` on a free port with these DRAUGHTS_API_* settings; wait until
    ready. Returns the process and its base URL."""
    port = free_port()
    environment = dict(os.environ, **{f"DRAUGHTS_API_{k.upper()}": str(v) for k, v in env.items()})
    proc = subprocess.Popen([binary, "serve", "--addr", f"127.0.0.1:{port}"], env=environment,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/readyz", timeout=1)
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    sys.exit(f"the service on {base} did not become ready")
