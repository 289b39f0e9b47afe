#!/usr/bin/env bash
# A match against Scan 2.0 over DXP on loopback: Scan follows (listens), we ask for the
# games, at 1 minute for 600 moves (about 100 ms a move: DXP counts whole minutes). Scan is
# built by ../shared/sparring/build-scan.sh; its scan.ini is set for DXP in a copy.
# Afterwards every game of the PDN is replayed through the rules crate (`pdn-data` names
# any game it cannot replay).
# Usage: scripts/dxp-scan-match.sh SCAN_DIR GAMES OPENINGS_FILE PDN_OUT [PORT]
set -euo pipefail
scan=${1:?SCAN_DIR}; games=${2:?GAMES}; openings=${3:?OPENINGS_FILE}; pdn=${4:?PDN_OUT}
port=${5:-27531}
bin=${DRAUGHTS_API:-target/release/draughts-api}
work=$(mktemp -d)
cp -r "$scan/." "$work/"
grep -v '^dxp-' "$scan/scan.ini" >"$work/scan.ini"
cat >>"$work/scan.ini" <<INI
dxp-server = true
dxp-host = 127.0.0.1
dxp-port = $port
dxp-initiator = false
dxp-time = 1
dxp-moves = 600
dxp-board = false
dxp-search = false
INI
(cd "$work" && exec ./scan dxp >scan.log 2>&1) &
scan_pid=$!
trap 'kill $scan_pid 2>/dev/null || true; rm -rf "$work"' EXIT
# Scan takes one connection: wait for its word rather than knock on the port.
for _ in $(seq 1 240); do
  grep -q "waiting for a connection" "$work/scan.log" 2>/dev/null && break
  sleep 0.25
done
rm -f "$pdn"
"$bin" dxp --connect "127.0.0.1:$port" --games "$games" --time-min 1 --moves 600 \
  --openings "$openings" --pdn "$pdn"
"$bin" pdn-data --variant international --pdn "$pdn" --out /dev/null
