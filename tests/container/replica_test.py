"""Three replicas behind HAProxy lose one, replace one and have one paused, and no client
notices (issue #63). Run by scripts/replica-test.sh, which starts deploy/compose.yaml.

Client threads play games through /play and /moves (tests/container/client.py: every reply
checked against /moves) at a steady concurrency while this schedule runs:

  before    the first 20 s, nothing happens
  kill      `docker kill` api1 (SIGKILL, no drain), `docker start` it 10 s later
  restart   api2 replaced as a rolling update does it: SIGTERM, drain, a new container
  pause     `docker pause` api3 for 10 s, then `docker unpause`
  after     until at least --games games have finished

Reports requests, games, the load balancer's retries and redispatches, and p50/p99 latency
in each phase; exits non-zero on any lost game, illegal answer or 5xx seen by the client.
"""
import argparse
import csv
import io
import json
import subprocess
import sys
import threading
import time
import urllib.request
import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import client  # noqa: E402

HEADERS = {"X-Api-Key": "replica-test"}


def docker(*args):
    result = subprocess.run(["docker", *args], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"docker {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def lb_stats(stats_url):
    """The backend's servers and totals from HAProxy's CSV statistics."""
    with urllib.request.urlopen(stats_url + ";csv", timeout=5) as response:
        text = response.read().decode().lstrip("# ")
    rows = [r for r in csv.DictReader(io.StringIO(text)) if r["pxname"] == "replicas"]
    return {r["svname"]: r for r in rows}


def percentile(values, q):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="http://127.0.0.1:18080")
    parser.add_argument("--stats", default="http://127.0.0.1:18404/stats")
    parser.add_argument("--project", default="draughts-replicas")
    parser.add_argument("--compose", default="deploy/compose.yaml")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--workers", type=int, default=6)
    parser.add_argument("--variant", default="english")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    container = {name: f"{args.project}_{name}_1" for name in ("api1", "api2", "api3")}

    lock = threading.Lock()
    records = []  # (time since start, path, status, seconds)
    games = {"finished": 0, "lost": 0, "plies": 0}
    errors = []
    phase = {"name": "before"}
    done = threading.Event()
    start = time.monotonic()
    next_seed = iter(range(1, 1 << 30))

    def record(path, answer):
        with lock:
            records.append((phase["name"], path, answer.status, answer.seconds))

    def worker():
        while not done.is_set():
            with lock:
                seed = next(next_seed)
            try:
                plies, _ = client.play_game(args.base, args.variant, seed, level="easy",
                                            max_plies=1000, headers=HEADERS, record=record)
                with lock:
                    games["finished"] += 1
                    games["plies"] += plies
            except (client.GameError, OSError, ValueError) as error:
                with lock:
                    games["lost"] += 1
                    errors.append(f"game {seed} ({phase['name']}): {error}")

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(args.workers)]
    for thread in threads:
        thread.start()

    def at(seconds):
        time.sleep(max(0.0, start + seconds - time.monotonic()))

    def wait_up(server, limit=60):
        """Seconds until the load balancer marks `server` UP again (its /readyz answered)."""
        began = time.monotonic()
        while time.monotonic() - began < limit:
            if lb_stats(args.stats)[server]["status"].startswith("UP"):
                return time.monotonic() - began
            time.sleep(0.2)
        raise RuntimeError(f"{server} did not come back within {limit} s")

    events = []

    def event(text):
        events.append(f"{time.monotonic() - start:6.1f} s  {text}")
        print(events[-1], flush=True)

    try:
        at(20)
        phase["name"] = "kill"
        docker("kill", container["api1"])
        event("api1 killed (SIGKILL)")
        at(30)
        docker("start", container["api1"])
        event(f"api1 started again; back in the load balancer after {wait_up('api1'):.1f} s")
        at(50)
        phase["name"] = "restart"
        began = time.monotonic()
        subprocess.run(["docker-compose", "-f", args.compose, "-p", args.project, "up", "-d",
                        "--no-deps", "--force-recreate", "api2"], check=True, capture_output=True)
        event(f"api2 replaced (SIGTERM, drain, new container) in {time.monotonic() - began:.1f} s; "
              f"back in the load balancer after {wait_up('api2'):.1f} s more")
        at(80)
        phase["name"] = "pause"
        docker("pause", container["api3"])
        event("api3 paused")
        at(90)
        docker("unpause", container["api3"])
        event(f"api3 unpaused; back in the load balancer after {wait_up('api3'):.1f} s")
        at(100)
        phase["name"] = "after"
        event("faults over")
        while True:
            with lock:
                if games["finished"] + games["lost"] >= args.games and time.monotonic() - start >= 120:
                    break
            time.sleep(0.5)
    finally:
        done.set()
        for thread in threads:
            thread.join(timeout=60)

    stats = lb_stats(args.stats)
    backend = stats["BACKEND"]
    phases = []
    for name in ("before", "kill", "restart", "pause", "after"):
        mine = [r for r in records if r[0] == name]
        latencies = [r[3] * 1000 for r in mine]
        phases.append({
            "phase": name, "requests": len(mine),
            "p50_ms": round(percentile(latencies, 0.5) or 0, 1),
            "p99_ms": round(percentile(latencies, 0.99) or 0, 1),
            "max_ms": round(max(latencies, default=0), 1),
            "non_200": sum(1 for r in mine if r[2] != 200),
        })
    statuses = {}
    for r in records:
        statuses[r[2]] = statuses.get(r[2], 0) + 1
    fives = sum(n for s, n in statuses.items() if s >= 500)
    summary = {
        "games_finished": games["finished"], "games_lost": games["lost"],
        "plies": games["plies"], "requests": len(records), "statuses": statuses,
        "lb_retries": int(backend["wretr"] or 0), "lb_redispatches": int(backend["wredis"] or 0),
        "seconds": round(time.monotonic() - start, 1), "phases": phases, "events": events,
        "errors": errors[:20],
    }
    print()
    print(f"{'phase':8} {'requests':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'non-200':>8}")
    for p in phases:
        print(f"{p['phase']:8} {p['requests']:8} {p['p50_ms']:8} {p['p99_ms']:8} {p['max_ms']:8} {p['non_200']:8}")
    print(f"games: {games['finished']} finished, {games['lost']} lost ({games['plies']} plies); "
          f"requests: {len(records)} {statuses}; load balancer: {summary['lb_retries']} retries, "
          f"{summary['lb_redispatches']} redispatches; {summary['seconds']} s")
    for error in errors[:20]:
        print("error:", error)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(summary, out, indent=1)
    ok = games["lost"] == 0 and fives == 0 and games["finished"] >= args.games
    print("replica test:", "passed" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
