#!/usr/bin/env bash
# The picture flood of issue #26: one client with 200 connections asks for distinct
# 1800–2047 px PNGs for 15 s. Prints the server's RSS before, at its peak and after (every
# half second, then 10, 30 and 60 s later), the flood's status counts, and how long
# /healthz and an `easy` move took during it. Needs wrk (apt-get install wrk) and a release
# build. Usage: scripts/picture-flood.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-15}
conns=${2:-200}
port=18091
. scripts/release-server.sh
DRAUGHTS_API_BITBASE_PIECES=0 start_release_server /tmp/draughts-flood.log
rss() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$pid/status"; }
# Warm the server up a little (a few pictures and moves), as a replica in service would be.
for i in 1 2 3; do curl -s -o /dev/null "http://127.0.0.1:$port/board.png?variant=international&size=512&highlight=$i"; done
curl -s -o /dev/null -XPOST "http://127.0.0.1:$port/bestmove" -H 'content-type: application/json' -d '{"variant":"international","level":"easy"}'
before=$(rss)
lua=$(mktemp --suffix=.lua)
cat >"$lua" <<'LUA'
local n = 0
request = function()
  n = n + 1
  local size = 1800 + (n * 7919 + math.random(0, 246)) % 248
  return wrk.format("GET", "/board.png?variant=international&size=" .. size .. "&highlight=" .. (1 + n % 50))
end
LUA
wrk -t2 -c"$conns" -d"${secs}s" --timeout 2s -s "$lua" "http://127.0.0.1:$port" >/tmp/draughts-flood-wrk.txt 2>&1 &
wrk_pid=$!
peak=$before
probes=()
end=$((SECONDS + secs))
while [ $SECONDS -lt $end ]; do
  now=$(rss); [ "$now" -gt "$peak" ] && peak=$now
  h=$(curl -s -o /dev/null -m 5 -w '%{http_code} %{time_total}' "http://127.0.0.1:$port/healthz")
  m=$(curl -s -o /dev/null -m 5 -w '%{http_code} %{time_total}' -XPOST "http://127.0.0.1:$port/bestmove" \
    -H 'content-type: application/json' -H 'x-api-key: phone' -d '{"variant":"english","level":"easy"}')
  probes+=("healthz $h | easy move $m")
  sleep 0.5
done
wait $wrk_pid || true
after0=$(rss)
sleep 10; after10=$(rss)
sleep 20; after30=$(rss)
sleep 30; after60=$(rss)
echo "RSS MiB: before $before, peak $peak, at the end $after0, +10 s $after10, +30 s $after30, +60 s $after60"
grep -E "requests in|Requests/sec|Non-2xx|Socket errors|Latency" /tmp/draughts-flood-wrk.txt
printf '%s\n' "${probes[@]}" | awk '{h=$3; m=$8; if (h>hm) hm=h; if (m>mm) mm=m; print} END {printf "slowest /healthz %.3f s, slowest easy move %.3f s\n", hm, mm}'
curl -s "http://127.0.0.1:$port/metrics" | grep -E '^draughts_api_renders_rejected_total'
