#!/usr/bin/env bash
# HTTP load: POST /moves (start position, capture-heavy position) against the /_echo baseline
# on the same server in the same run. Needs wrk (apt-get install wrk) and a release build.
# Usage: [CACHE_ENTRIES=0] [ENCODING=gzip] scripts/load.sh [seconds] [connections]
# (CACHE_ENTRIES=0 turns the cache off; ENCODING sends that Accept-Encoding, so the answers
# are compressed)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
conns=${2:-32}
port=18089
bin=target/release/draughts-api
[ -x "$bin" ] || cargo build --release
DRAUGHTS_API_CACHE_ENTRIES=${CACHE_ENTRIES:-20000} DRAUGHTS_API_BITBASE_PIECES=0 DRAUGHTS_API_BENCH_ECHO=true DRAUGHTS_API_ADDR=127.0.0.1:$port RUST_LOG=warn "$bin" serve >/tmp/draughts-load.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
lua=$(mktemp --suffix=.lua)
encoding_line=""
if [ -n "${ENCODING:-}" ]; then
  encoding_line="wrk.headers[\"Accept-Encoding\"] = \"$ENCODING\""
fi
run() {
  local name=$1 path=$2 body=$3
  cat >"$lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
$encoding_line
wrk.body = [[$body]]
LUA
  local out
  out=$(wrk -t2 -c"$conns" -d"${secs}s" --latency -s "$lua" "http://127.0.0.1:$port$path")
  local rps p50 p99
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1=="50%" {print $2}')
  p99=$(echo "$out" | awk '$1=="99%" {print $2}')
  local errors
  errors=$(echo "$out" | awk '/Non-2xx/ {print $NF}')
  printf '%-28s %10s req/s  p50 %-8s p99 %-8s non-2xx %s\n' "$name" "$rps" "$p50" "$p99" "${errors:-0}"
  echo "$rps" >"/tmp/draughts-load-$name"
}
start_body='{"variant":"international","position":"W:W31-50:B1-20"}'
capture_body='{"variant":"international","position":"B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"}'
run echo /_echo "$start_body"
run moves-start /moves "$start_body"
run moves-capture-heavy /moves "$capture_body"
echo_rps=$(cat /tmp/draughts-load-echo)
for n in moves-start moves-capture-heavy; do
  awk -v a="$(cat /tmp/draughts-load-$n)" -v b="$echo_rps" -v n="$n" 'BEGIN { printf "%s / echo = %.2f\n", n, a / b }'
done
echo "RSS after load: $(ps -o rss= -p $pid) KiB"
