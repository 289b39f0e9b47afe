# Sourced by the load scripts: start a release build of the service on 127.0.0.1:$port with
# the environment given (DRAUGHTS_API_* settings), logging to $1, stop it when the script
# exits, and wait until it is ready. Sets $pid.
start_release_server() {
  local log=$1
  local bin=target/release/draughts-api
  [ -x "$bin" ] || cargo build --release
  DRAUGHTS_API_ADDR=127.0.0.1:$port RUST_LOG=warn "$bin" serve >"$log" 2>&1 &
  pid=$!
  trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null || true' EXIT
  for _ in $(seq 50); do curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break; sleep 0.1; done
}
