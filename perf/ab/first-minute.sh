#!/usr/bin/env bash
# A new server's first minute: starts DasGrid as a user does (bundled config, every default), waits for
# /health/ready, then sends the small cached answer in ROUNDS rounds of `ab -n N -c 10` and prints req/s and
# server CPU per request of each round — once with the start-up warm-up off (--no-warmup) and once with it on
# (the default), so the first round can be set against the last (the steady state).
#
#   perf/ab/first-minute.sh JAR     (webapp/target/dasgrid.jar, or perf/target/benchmarks.jar)
#
# Environment: N (8000), ROUNDS (3), SEGMENT (2L:2501,2550). Loopback only; stops its servers.
set -euo pipefail
JAR=${1:?usage: first-minute.sh JAR}
N=${N:-8000}; ROUNDS=${ROUNDS:-3}; SEGMENT=${SEGMENT:-2L:2501,2550}
TCK=$(getconf CLK_TCK)
WORK=$(mktemp -d)
PID=""
cleanup() { if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill "$PID"; wait "$PID" 2>/dev/null || true; fi; rm -rf "$WORK"; }
trap cleanup EXIT
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
echo "| warm-up | round | requests | req/s | p50 ms | p99 ms | non-2xx | server CPU µs/request | / last round |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for mode in off on; do
  P=$(port)
  flag=--no-warmup; [ "$mode" = on ] && flag=""
  # shellcheck disable=SC2086
  java -cp "$JAR" org.dasgrid.webapp.Main --port "$P" --bind 127.0.0.1 $flag >"$WORK/server-$mode.log" 2>&1 &
  PID=$!
  t0=$(date +%s)
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$P/health/ready" || true)" = 200 ]; do
    kill -0 "$PID" 2>/dev/null || { cat "$WORK/server-$mode.log" >&2; exit 1; }
    [ $(( $(date +%s) - t0 )) -lt 300 ] || { echo "first-minute: not ready in 5 minutes" >&2; exit 1; }
    sleep 0.2
  done
  declare -a R=() C=() L=()
  for r in $(seq "$ROUNDS"); do
    c0=$(sed -E 's/^.*\) //' "/proc/$PID/stat" | awk '{print $12 + $13}')
    out=$(ab -n "$N" -c 10 "http://127.0.0.1:$P/das/dmel/features?segment=$SEGMENT" 2>&1)
    c1=$(sed -E 's/^.*\) //' "/proc/$PID/stat" | awk '{print $12 + $13}')
    R[$r]=$(echo "$out" | awk '/Requests per second/ {print $4}')
    C[$r]=$(awk -v a="$c0" -v b="$c1" -v t="$TCK" -v n="$N" 'BEGIN {printf "%.0f", (b - a) / t / n * 1e6}')
    L[$r]="$(echo "$out" | awk '$1 == "50%" {print $2}') | $(echo "$out" | awk '$1 == "99%" {print $2}') | $(echo "$out" | awk '/Non-2xx/ {print $3}' | grep . || echo 0)"
  done
  for r in $(seq "$ROUNDS"); do
    ratio=$(awk -v a="${R[$r]}" -v b="${R[$ROUNDS]}" 'BEGIN {printf "%.2f", a / b}')
    echo "| $mode | $r | $N | ${R[$r]} | ${L[$r]} | ${C[$r]} | $ratio |"
  done
  grep -h "warmed up" "$WORK/server-$mode.log" | sed 's/^/    /' >&2 || true
  kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
done
