#!/usr/bin/env bash
# The default configuration's request path against a bare servlet in the same Tomcat: ab on the small
# features answer (2L:2501,2550, cached) at DasGrid's /das (every default filter: request id, metrics, rate
# limit, CORS, access log, no-sniff) and at the static servlet's /static/das (the same bytes, no filters),
# after WARM untimed requests to each, then ROUNDS rounds of `ab -n N -c C`, alternating; one Markdown table.
#
#   perf/ab/request-path.sh BASE_URL STATIC_BASE [SOURCE]
#
# Environment: N (5000), C (10), WARM (15000), ROUNDS (2), SEGMENT (2L:2501,2550), SERVER_PID (CPU µs per
# request, from /proc). Start the server as a user runs it: perf/bench.sh request-path does
# (BenchServer --as-shipped). Loopback targets only.
set -euo pipefail
BASE=${1:?usage: request-path.sh BASE_URL STATIC_BASE [SOURCE]}
STATIC=${2:?usage: request-path.sh BASE_URL STATIC_BASE [SOURCE]}
SOURCE=${3:-dmel}
N=${N:-5000}; C=${C:-10}; WARM=${WARM:-15000}; ROUNDS=${ROUNDS:-2}; SEGMENT=${SEGMENT:-2L:2501,2550}
for url in "$BASE" "$STATIC"; do
  case "$(echo "$url" | sed -E 's#^[a-z]+://([^/:]*).*#\1#')" in
    127.*|localhost) ;;
    *) echo "request-path: $url is not a loopback address" >&2; exit 2 ;;
  esac
done
command -v ab >/dev/null || { echo "request-path: ab not found (apt-get install apache2-utils)" >&2; exit 1; }
TCK=$(getconf CLK_TCK)
ticks() { if [ -n "${SERVER_PID:-}" ]; then sed -E 's/^.*\) //' "/proc/$SERVER_PID/stat" | awk '{print $12 + $13}'; else echo 0; fi; }
PATHQ="/das/$SOURCE/features?segment=$SEGMENT"
for target in "$BASE" "$STATIC"; do
  ab -q -n "$WARM" -c "$C" "$target$PATHQ" >/dev/null
done
echo "| round | server | req/s | p50 ms | p99 ms | non-2xx | failed | server CPU µs/request | / static |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|"
for r in $(seq "$ROUNDS"); do
  declare -A RPS=()
  for which in static default; do
    target=$STATIC; [ "$which" = default ] && target=$BASE
    t0=$(ticks)
    out=$(ab -n "$N" -c "$C" "$target$PATHQ" 2>&1)
    t1=$(ticks)
    rps=$(echo "$out" | awk '/Requests per second/ {print $4}')
    p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
    non2xx=$(echo "$out" | awk '/Non-2xx responses/ {print $3}')
    failed=$(echo "$out" | awk '/Failed requests/ {print $3}')
    cpu=$(awk -v a="$t0" -v b="$t1" -v t="$TCK" -v n="$N" 'BEGIN {printf "%.0f", (b - a) / t / n * 1e6}')
    RPS[$which]=$rps
    ratio="-"
    [ "$which" = default ] && ratio=$(awk -v a="$rps" -v b="${RPS[static]}" 'BEGIN {printf "%.2f", a / b}')
    name="static servlet (same Tomcat, no filters)"
    [ "$which" = default ] && name="DasGrid, default config (all default filters)"
    echo "| $r | $name | $rps | $p50 | $p99 | ${non2xx:-0} | $failed | $cpu | $ratio |"
  done
done
