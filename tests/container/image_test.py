"""The image as users run it: `docker run` with a read-only root file system and every
capability dropped (as k8s/deployment.yaml asks), then the checks of issue #63:

* the process runs as the image's non-root user (uid 10001);
* /readyz turns 200 within 2 s of `docker run`, with every preset's tables mapped;
* a game is played through /play, every reply legal;
* bad input gets a 4xx problem+json with a stable code;
* `docker stop` (SIGTERM) drains: a search answered before the signal arrives is not cut.

Prints the image's size and its start-to-ready time; exits non-zero on any failed check.
Usage: python3 tests/container/image_test.py [IMAGE]   (default draughts-api:local)"""
import json
import os
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import client  # noqa: E402
from support import free_port  # noqa: E402

IMAGE = sys.argv[1] if len(sys.argv) > 1 else "draughts-api:local"
NAME = f"draughts-image-test-{os.getpid()}"
READY_WITHIN_S = 2.0
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def docker(*args, **kwargs):
    return subprocess.run(["docker", *args], capture_output=True, text=True, **kwargs)


def wait_ready(base, started, limit_s):
    """Poll /readyz every 10 ms; seconds from `started` to the first 200, or None."""
    while time.monotonic() - started < limit_s:
        try:
            if client.call(base, "/readyz", timeout=1).status == 200:
                return time.monotonic() - started
        except OSError:
            pass
        time.sleep(0.01)
    return None


def main():
    size = int(docker("image", "inspect", "-f", "{{.Size}}", IMAGE).stdout.strip() or 0)
    check(size > 0, f"image {IMAGE} exists")
    print(f"image size: {size / 1048576:.1f} MiB")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    run = docker("run", "-d", "--name", NAME, "--read-only", "--cap-drop", "ALL",
                 "--security-opt", "no-new-privileges:true", "-p", f"127.0.0.1:{port}:8080", IMAGE)
    if run.returncode != 0:
        sys.exit(f"docker run failed: {run.stderr}")
    try:
        ready = wait_ready(base, started, 30)
        check(ready is not None and ready <= READY_WITHIN_S,
              f"/readyz 200 within {READY_WITHIN_S} s of docker run (took {ready if ready is None else f'{ready:.2f} s'})")
        if ready is None:
            return
        print(f"start to ready: {ready * 1000:.0f} ms")
        metrics = client.call(base, "/metrics").body.decode()
        presets = len(client.call(base, "/variants").json())
        sets = [line for line in metrics.splitlines() if line.startswith("draughts_api_bitbase_rule_sets ")]
        check(bool(sets) and float(sets[0].split()[1]) >= 1,
              f"endgame tables mapped at readiness ({sets[0] if sets else 'no gauge'}; {presets} presets)")
        status = docker("exec", NAME, "cat", "/proc/1/status").stdout
        uid = next((line.split()[1] for line in status.splitlines() if line.startswith("Uid:")), "?")
        check(uid == "10001", f"the service runs as uid 10001 (saw {uid})")
        caps = next((line.split()[1] for line in status.splitlines() if line.startswith("CapEff:")), "?")
        check(caps == "0000000000000000", f"no effective capabilities (CapEff {caps})")
        writable = docker("exec", NAME, "sh", "-c", "touch /probe 2>&1 || true").stdout
        check("Read-only file system" in writable, "the root file system is read-only")

        plies, final = client.play_game(base, "english", seed=63, level="easy")
        check(final["state"] != "unfinished", f"a game through /play: {plies} plies, {final['state']}")

        bad = client.call(base, "/moves", {"variant": "english", "position": "W:W99:B1"})
        body = bad.json() if bad.body else {}
        check(400 <= bad.status < 500 and bad.headers.get("content-type", "").startswith("application/problem+json")
              and "code" in body, f"bad input: {bad.status} {bad.headers.get('content-type')} code={body.get('code')}")
        garbled = client.call(base, "/bestmove", None)
        check(400 <= garbled.status < 500, f"GET on a POST route: {garbled.status}")

        # Drain: a 3-second search is running when SIGTERM arrives; it must be answered.
        answer = {}

        def long_search():
            answer["a"] = client.call(base, "/bestmove", {"variant": "international",
                                                          "limits": {"time_ms": 3000}})

        thread = threading.Thread(target=long_search)
        thread.start()
        time.sleep(0.5)
        stop_started = time.monotonic()
        stopped = docker("stop", "-t", "30", NAME)
        stop_s = time.monotonic() - stop_started
        thread.join(timeout=30)
        a = answer.get("a")
        check(a is not None and a.status == 200 and "move" in a.json(),
              f"a search in flight at SIGTERM is answered ({a.status if a else 'no answer'})")
        exit_code = docker("inspect", "-f", "{{.State.ExitCode}}", NAME).stdout.strip()
        check(stopped.returncode == 0 and exit_code == "0",
              f"docker stop: exit code {exit_code} after {stop_s:.1f} s (SIGTERM, not SIGKILL)")
    finally:
        logs = docker("logs", NAME)
        if failures:
            print(logs.stdout[-3000:], logs.stderr[-3000:], sep="\n")
        docker("rm", "-f", NAME)
    print(json.dumps({"image_mib": round(size / 1048576, 1), "ready_ms": round(ready * 1000) if ready else None,
                      "failures": failures}))


if __name__ == "__main__":
    main()
    sys.exit(1 if failures else 0)
