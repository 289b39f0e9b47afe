#!/usr/bin/env bash
# Three replicas of the image behind HAProxy (deploy/compose.yaml) play 300+ games while
# one is killed, one replaced and one paused (tests/container/replica_test.py). Exits
# non-zero on any lost game, illegal answer or 5xx the client saw.
#
# Needs the image draughts-api:local (docker build -t draughts-api:local .) and, for the
# load balancer's image, debian:bookworm-slim (pulled, or made by scripts/base-images.sh).
# Usage: scripts/replica-test.sh [GAMES] [JSON-OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-300}
json=${2:-}
project=draughts-replicas
compose=(docker-compose -f deploy/compose.yaml -p "$project")
cleanup() {
  if [ "${failed:-0}" != 0 ]; then "${compose[@]}" logs --tail 40 >&2 || true; fi
  "${compose[@]}" down -v --remove-orphans >/dev/null 2>&1 || true
}
trap cleanup EXIT
"${compose[@]}" build -q lb
"${compose[@]}" up -d
# Ready when the load balancer has every replica up.
for _ in $(seq 1 120); do
  up=$(curl -fsS "http://127.0.0.1:${DRAUGHTS_LB_STATS_PORT:-18404}/stats;csv" 2>/dev/null |
    awk -F, '$1=="replicas" && $2 ~ /^api/ && $18 ~ /^UP/' | wc -l) || up=0
  [ "$up" = 3 ] && break
  sleep 0.5
done
[ "$up" = 3 ] || { echo "replica-test: the load balancer never saw three replicas up" >&2; failed=1; exit 1; }
failed=1
python3 tests/container/replica_test.py --games "$games" --project "$project" \
  --base "http://127.0.0.1:${DRAUGHTS_LB_PORT:-18080}" \
  --stats "http://127.0.0.1:${DRAUGHTS_LB_STATS_PORT:-18404}/stats" ${json:+--json "$json"}
failed=0
