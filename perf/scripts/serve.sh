# Sourced by the perf scripts that start `java -jar dasgrid.jar` themselves (perf/index-open.sh,
# perf/index-cold.sh, perf/wrk/tail-latency.sh): starts the server in the background, waits for
# /health/ready, and stops it by its PID on exit. Not executable on its own.
#
#   . perf/scripts/serve.sh
#   serve_start CONFIG PORT LOG [java options...] [-- server arguments...]
#   serve_wait_ready TRIES INTERVAL    # sets SERVE_READY_MS (process start to /health/ready)
#
# The server binds 127.0.0.1; $JAR is the jar; SERVE_CPUS, when set, pins it (`taskset -c SERVE_CPUS`). The
# caller's own EXIT trap, if any, should call serve_stop (this file installs one that does only that).

SERVE_PID=""
SERVE_T0=0
SERVE_READY_MS=0

serve_stop() {
  if [ -n "$SERVE_PID" ]; then
    kill "$SERVE_PID" 2>/dev/null || true
    wait "$SERVE_PID" 2>/dev/null || true
    SERVE_PID=""
  fi
}
trap serve_stop EXIT

serve_start() {
  local config=$1 port=$2 log=$3
  shift 3
  local opts=() args=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
  [ $# -gt 0 ] && shift
  args=("$@")
  SERVE_PORT=$port
  SERVE_LOG=$log
  local pin=()
  [ -n "${SERVE_CPUS:-}" ] && pin=(taskset -c "$SERVE_CPUS")
  SERVE_T0=$(date +%s%N)
  "${pin[@]}" java "${opts[@]}" -jar "$JAR" --config "$config" --port "$port" --bind 127.0.0.1 \
    --access-log off "${args[@]}" > "$log" 2>&1 &
  SERVE_PID=$!
}

serve_wait_ready() {
  local tries=$1 interval=$2
  for _ in $(seq "$tries"); do
    if curl -sf -o /dev/null "http://127.0.0.1:$SERVE_PORT/health/ready"; then
      SERVE_READY_MS=$(( ($(date +%s%N) - SERVE_T0) / 1000000 ))
      return 0
    fi
    kill -0 "$SERVE_PID" 2>/dev/null || { tail -20 "$SERVE_LOG" >&2; return 1; }
    sleep "$interval"
  done
  echo "serve: not ready after $tries polls" >&2
  return 1
}
