#!/usr/bin/env bash
# Load, hostile load and memory: holds /moves at saturation, then a /moves + /bestmove mix,
# while sampling the server's RSS; then floods long searches and checks /moves stays fast
# and the flood gets quick 503s; then sends hostile bodies. Needs wrk and a release build.
# Usage: scripts/soak.sh [seconds-per-phase]    (README figures: 120)
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f /tmp/soak-hostile.txt
secs=${1:-20}
port=18091
bin=target/release/draughts-api
[ -x "$bin" ] || cargo build --release
RUST_LOG=warn DRAUGHTS_API_ADDR=127.0.0.1:$port DRAUGHTS_API_MAX_SEARCH_MS=2000 "$bin" serve >/tmp/draughts-soak.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -f /tmp/soak-*.lua' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
rss() { ps -o rss= -p $pid | tr -d ' '; }

# Distinct positions (random games) so the cache is exercised and evicts, not just hit.
cat >/tmp/soak-moves.lua <<'LUA'
math.randomseed(os.time())
request = function()
  local n = math.random(31, 50)
  local m = math.random(1, 20)
  local body = string.format('{"variant":"international","position":"W:W%d-50:B1-%d"}', n, m)
  return wrk.format("POST", "/moves", {["Content-Type"] = "application/json"}, body)
end
LUA
cat >/tmp/soak-mix.lua <<'LUA'
local i = 0
request = function()
  i = i + 1
  if i % 50 == 0 then
    return wrk.format("POST", "/bestmove", {["Content-Type"] = "application/json"},
      '{"variant":"english","limits":{"time_ms":50}}')
  end
  return wrk.format("POST", "/moves", {["Content-Type"] = "application/json"},
    '{"variant":"english","history":{"moves":["11-15","23-19","8-11","22-17"]}}')
end
LUA
echo "RSS at start: $(rss) KiB"
echo "--- /moves at saturation (${secs}s, 64 connections)"
wrk -t2 -c64 -d"${secs}s" --latency -s /tmp/soak-moves.lua "http://127.0.0.1:$port" | grep -E "Requests/sec|50%|99%|Non-2xx|Socket errors" || true
echo "RSS: $(rss) KiB"
echo "--- mix: 98% /moves, 2% /bestmove 50 ms (${secs}s)"
wrk -t2 -c32 -d"${secs}s" --latency -s /tmp/soak-mix.lua "http://127.0.0.1:$port" | grep -E "Requests/sec|50%|99%|Non-2xx|Socket errors" || true
echo "RSS: $(rss) KiB"
echo "responses by route and status so far:"
curl -s "http://127.0.0.1:$port/metrics" | grep '^draughts_api_http_requests_total' | sed 's/^/  /'
echo "--- hostile: 40 concurrent 2 s searches, /moves measured meanwhile"
flood=()
for i in $(seq 40); do
  curl -s -o /dev/null -w "%{http_code} %{time_total}\n" "http://127.0.0.1:$port/bestmove" -d '{"variant":"international","limits":{"time_ms":2000}}' >>/tmp/soak-hostile.txt &
  flood+=($!)
done
sleep 0.3
curl -s -o /dev/null -w "/moves during the flood: %{http_code} in %{time_total} s\n" "http://127.0.0.1:$port/moves" -d '{"variant":"international","position":"W:W32-50:B1-19"}'
wait "${flood[@]}"
awk '{c[$1]++; if ($1=="503" && $2>m) m=$2} END {for (k in c) printf "status %s: %d\n", k, c[k]; printf "slowest 503: %.3f s\n", m}' /tmp/soak-hostile.txt
echo "--- hostile bodies"
code() { curl -s -o /dev/null -w "%{http_code}" "$@"; }
echo "1 MiB body: $(head -c 1048576 /dev/zero | tr '\0' 'x' | code "http://127.0.0.1:$port/moves" --data-binary @-)"
echo "deep JSON: $(python3 -c 'print("["*100000 + "]"*100000)' | code "http://127.0.0.1:$port/moves" --data-binary @-)"
echo "endless history: $(python3 -c 'import json; print(json.dumps({"variant":"english","history":{"moves":["11-15"]*5000}}))' | code "http://127.0.0.1:$port/status" --data-binary @-)"
echo "absurd depth: $(code "http://127.0.0.1:$port/bestmove" -d '{"variant":"english","limits":{"depth":100000}}')"
echo "RSS at end: $(rss) KiB"
grep -ci panick /tmp/draughts-soak.log && { echo "server panicked"; exit 1; } || echo "no panics in the server log"
