#!/usr/bin/env bash
# Real traffic, uncached: every request of a live game carries another position. Plays
# seeded random games of every preset through the API to collect distinct positions, then
# wrk cycles POST /moves over them with the result cache off, against GET /healthz on the
# same server in the same run, and the same bodies sent to POST /_echo (parse the JSON and
# write it back: what any JSON POST costs on this stack, the floor for /moves).
# Needs wrk (apt-get install wrk) and a release build.
# Usage: scripts/traffic.sh [seconds] [connections] [games per preset]
# BIN=path/to/draughts-api measures another build (e.g. an older release) the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
conns=${2:-16}
games=${3:-8}
port=18091
bin=${BIN:-target/release/draughts-api}
[ -x "$bin" ] || cargo build --release
DRAUGHTS_API_BENCH_ECHO=true DRAUGHTS_API_CACHE_ENTRIES=0 DRAUGHTS_API_BITBASE_PIECES=0 DRAUGHTS_API_ADDR=127.0.0.1:$port RUST_LOG=warn "$bin" serve >/tmp/draughts-traffic.log 2>&1 &
pid=$!
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
python3 - "http://127.0.0.1:$port" "$games" >"$work/bodies.txt" <<'PY'
import json, random, sys, urllib.request
base, games = sys.argv[1], int(sys.argv[2])
def post(path, body):
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"content-type": "application/json"})
    return json.load(urllib.request.urlopen(req))
rng = random.Random(11)
seen = set()
for variant in [v["id"] for v in json.load(urllib.request.urlopen(base + "/variants"))]:
    for _ in range(games):
        position = None
        for _ in range(120):
            body = {"variant": variant, "include_positions": True}
            if position:
                body["position"] = position
            moves = post("/moves", body)["moves"]
            if not moves:
                break
            position = rng.choice(moves)["position"]
            if (variant, position) not in seen:
                seen.add((variant, position))
                print(json.dumps({"variant": variant, "position": position}))
PY
count=$(wc -l <"$work/bodies.txt")
# Requests are formatted once per wrk thread, at its start (`init`, after wrk has set the
# Host header): wrk shares the cores with the server, and formatting each request anew in
# Lua would charge the load generator's work to /moves.
cat >"$work/cycle.lua" <<LUA
local requests = {}
init = function(args)
  for line in io.lines("$work/bodies.txt") do
    requests[#requests + 1] = wrk.format("POST", "/moves", {["Content-Type"] = "application/json"}, line)
  end
end
local i = 0
request = function()
  i = i % #requests + 1
  return requests[i]
end
LUA
rate() { wrk -t2 -c"$conns" -d"${secs}s" "$@" | awk '/Requests\/sec/ {print $2}'; }
health=$(rate "http://127.0.0.1:$port/healthz")
moves=$(rate -s "$work/cycle.lua" "http://127.0.0.1:$port/moves")
sed 's|"/moves"|"/_echo"|' "$work/cycle.lua" >"$work/echo.lua"
echo=$(rate -s "$work/echo.lua" "http://127.0.0.1:$port/_echo")
capture='{"variant":"international","position":"B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"}'
printf 'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [[%s]]\n' "$capture" >"$work/capture.lua"
heavy=$(rate -s "$work/capture.lua" "http://127.0.0.1:$port/moves")
echo "positions: $count distinct, every preset; cache off; $conns connections, ${secs} s each"
printf '%-36s %10s req/s\n' "GET /healthz (baseline)" "$health" "POST /_echo, same bodies (floor)" "$echo" "POST /moves, distinct positions" "$moves" "POST /moves, capture-heavy" "$heavy"
awk -v m="$moves" -v h="$health" -v c="$heavy" -v e="$echo" 'BEGIN { printf "ratios to /healthz: distinct %.2f, capture-heavy %.2f, echo %.2f\n", m / h, c / h, e / h }'
