#!/usr/bin/env bash
# Contract fuzzing: schemathesis generates requests from openapi/openapi.json and checks the
# running service: no 5xx, responses valid against the schema, status codes documented.
# Usage: scripts/contract-fuzz.sh [BINARY] [MAX_EXAMPLES]   (CI runs a bounded pass)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/draughts-api}
examples=${2:-${FUZZ_EXAMPLES:-60}}
port=18097
python3 -m pip install --quiet --disable-pip-version-check "schemathesis==4.32.5"
# One worker: with two, schemathesis' example extraction hit a CPython 3.11 AST race
# ("AST constructor recursion depth mismatch") and reported it as an error of the run.
# Small caps keep generated /bestmove requests quick.
DRAUGHTS_API_ADDR=127.0.0.1:$port DRAUGHTS_API_BITBASE_PIECES=3 DRAUGHTS_API_MAX_SEARCH_MS=300 DRAUGHTS_API_MAX_SEARCH_DEPTH=12 \
  DRAUGHTS_API_SEARCH_SLOTS=8 RUST_LOG=warn "$bin" serve >/tmp/draughts-fuzz.log 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
st run openapi/openapi.json --url "http://127.0.0.1:$port" \
  --checks not_a_server_error,response_schema_conformance,status_code_conformance,content_type_conformance \
  --max-examples "$examples" --request-timeout 15 --workers 1
if grep -qi panick /tmp/draughts-fuzz.log; then
  echo "the server panicked:"; grep -i -A3 panick /tmp/draughts-fuzz.log; exit 1
fi
