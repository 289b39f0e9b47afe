#!/usr/bin/env bash
# The fair-share load test of issue #26: one client (API key `batch`) floods `max` moves and
# game reviews from 8 connections while another (`phone`) plays `easy` and `medium` moves
# one after another. Prints each client's statuses and the phone's latency percentiles.
# Needs a release build. Usage: scripts/fair-share-load.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-30}
port=18093
. scripts/release-server.sh
DRAUGHTS_API_BITBASE_PIECES=0 start_release_server /tmp/draughts-fair.log
python3 - "$port" "$secs" <<'PY'
import http.client, json, sys, threading, time
from collections import Counter
port, secs = int(sys.argv[1]), float(sys.argv[2])
end = time.time() + secs
def post(key, path, body, timeout=10):
    # A client that gives up after `timeout` seconds hangs up (the server stops its search).
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    t = time.perf_counter()
    try:
        c.request("POST", path, json.dumps(body), {"content-type": "application/json", "x-api-key": key})
        r = c.getresponse(); r.read()
        return r.status, time.perf_counter() - t
    except (TimeoutError, OSError):
        return "gave up", time.perf_counter() - t
    finally:
        c.close()
batch, phone, lat = Counter(), Counter(), []
lock = threading.Lock()
def flood(i):
    n = 0
    while time.time() < end:
        n += 1
        if n % 2:
            s, _ = post("batch", "/bestmove", {"variant": "international", "level": "max", "seed": i * 1000 + n})
        else:
            s, _ = post("batch", "/games/analyze", {"variant": "english", "moves": ["11-15", "23-19", "8-11", "22-17"], "limits": {"depth": 19}})
        with lock: batch[s] += 1
        if s == 429: time.sleep(0.05)
def play():
    n = 0
    while time.time() < end:
        n += 1
        level = "easy" if n % 2 else "medium"
        s, t = post("phone", "/bestmove", {"variant": "english", "level": level, "seed": n})
        with lock:
            phone[s] += 1
            lat.append(t)
        time.sleep(0.2)
threads = [threading.Thread(target=flood, args=(i,)) for i in range(8)] + [threading.Thread(target=play)]
for t in threads: t.start()
for t in threads: t.join()
lat.sort()
pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000
print(f"batch client (max moves and reviews, 8 connections): {dict(batch)}")
print(f"phone client (easy/medium, one at a time): {dict(phone)}; latency ms p50 {pct(0.5):.0f}, p90 {pct(0.9):.0f}, p99 {pct(0.99):.0f}, max {lat[-1]*1000:.0f}")
PY
curl -s "http://127.0.0.1:$port/metrics" | grep -E '^draughts_api_(searches_limited_total|searches_rejected_total|searches_cancelled_total)'
