#!/usr/bin/env bash
# The classic DAS stress test with Apache ab, mirrored on FlyBase arm 2L: small, medium and large features
# requests, `ab -n N -c C` each, printed as one Markdown table.
#
#   perf/ab/das-stress.sh BASE_URL SOURCE [STATIC_BASE [COLD_BASE]]
#
#   BASE_URL     server root of the DasGrid under test, e.g. http://127.0.0.1:8080 (requests go to
#                BASE_URL/das/SOURCE/features?segment=...); warmed with one request per URL first
#   SOURCE       DAS source id, e.g. dmel
#   STATIC_BASE  optional: root of a server answering the same paths with the same bytes from memory (BenchServer:
#                BASE_URL/static); adds a "static" row per test and the ratio DasGrid / static
#   COLD_BASE    optional: root of the same DasGrid with its response cache off (BenchServer: BASE_URL/cold);
#                adds a "cold" row per test
#
# Environment: N (default 1000) and C (10) for small and medium; N_LARGE (default 200: 1000 x 9 MB takes
# minutes on 2 cores; set N_LARGE=1000 for the classic count); GZIP_ROW=1 (default) adds "large, gzip" rows
# (Accept-Encoding: gzip; bytes/response is then the compressed size; with COLD_BASE also the cache-off row,
# gzipped while streamed); SMALL, MEDIUM, LARGE override the
# segments; SERVER_PID names the server process for CPU% (default: the process listening on BASE_URL's port,
# found with ss; CPU% is of one core, so up to 200% on 2 cores, and ab itself runs on the same machine);
# KEEPALIVE=1 adds ab -k; WARMUP (default 1) first loads every small and medium URL for WARMUP_SECONDS (3)
# each and sends each URL as many requests as its timed run, untimed, so the JIT has compiled the path
# (DasGrid's is longer than the static one's; 1,000 requests are not enough) before it is measured.
# MYDAS_BASE (optional): the root of a running MyDas serving the same file (its build-and-run.sh prints
# http://127.0.0.1:18080/mydas/das: give it with or without the /das), MYDAS_SOURCE its data source (dmel),
# MYDAS_PID its process for CPU%: adds a "MyDas" row per test, measured in the same run after DasGrid's, and
# the column "DasGrid / MyDas" (no MyDas row with KEEPALIVE=1: MyDas fails under ab -k; none for gzip).
# Loopback targets only: the script refuses any other host.
set -euo pipefail

if [ $# -lt 2 ]; then
  sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
BASE=${1%/}
SOURCE=$2
STATIC=${3:-}
STATIC=${STATIC%/}
COLD=${4:-}
COLD=${COLD%/}
N=${N:-1000}
C=${C:-10}
N_LARGE=${N_LARGE:-200}
GZIP_ROW=${GZIP_ROW:-1}
SMALL=${SMALL:-2L:2501,2550}
MEDIUM=${MEDIUM:-2L:1,27772}
LARGE=${LARGE:-2L:1,1605126}
KA=""
[ "${KEEPALIVE:-0}" = 1 ] && KA="-k"
MYDAS=${MYDAS_BASE:-}
MYDAS=${MYDAS%/}
MYDAS=${MYDAS%/das}
MYDAS_SOURCE=${MYDAS_SOURCE:-dmel}
if [ -n "$MYDAS" ] && [ -n "$KA" ]; then
  echo "das-stress: MyDas fails under ab -k (keep-alive); its rows are left out" >&2
  MYDAS=""
fi

command -v ab >/dev/null || { echo "das-stress: ab not found (Debian: apt-get install apache2-utils)" >&2; exit 1; }

host_of() { echo "$1" | sed -E 's#^[a-z]+://(\[[^]]*\]|[^/:]*).*#\1#'; }
port_of() {
  local p
  p=$(echo "$1" | sed -nE 's#^[a-z]+://(\[[^]]*\]|[^/:]*):([0-9]+).*#\2#p')
  echo "${p:-80}"
}
for url in "$BASE" ${STATIC:+"$STATIC"} ${COLD:+"$COLD"} ${MYDAS:+"$MYDAS"}; do
  case "$(host_of "$url")" in
    127.*|localhost|\[::1\]) ;;
    *) echo "das-stress: $url is not a loopback address; load tests here only target this machine" >&2; exit 2 ;;
  esac
done

# server CPU: utime+stime of the server process (from /proc), per wall second, as % of one core
PID=${SERVER_PID:-}
if [ -z "$PID" ] && command -v ss >/dev/null; then
  PID=$(ss -ltnpH "sport = :$(port_of "$BASE")" 2>/dev/null | sed -nE 's/.*pid=([0-9]+).*/\1/p' | head -1)
fi
if [ -n "$MYDAS" ] && [ -z "${MYDAS_PID:-}" ] && command -v ss >/dev/null; then
  MYDAS_PID=$(ss -ltnpH "sport = :$(port_of "$MYDAS")" 2>/dev/null | sed -nE 's/.*pid=([0-9]+).*/\1/p' | head -1)
fi
TCK=$(getconf CLK_TCK 2>/dev/null || echo 100)
CPU_PID=$PID
cpu_ticks() {
  if [ -n "$CPU_PID" ] && [ -r "/proc/$CPU_PID/stat" ]; then
    # fields after "pid (comm)": state is 1st, utime 12th, stime 13th
    sed -E 's/^.*\) //' "/proc/$CPU_PID/stat" | awk '{print $12 + $13}'
  else
    echo ""
  fi
}

ROWS=()
declare -A RPS

# run NAME VARIANT URL REQUESTS [extra ab args]
run() {
  local name=$1 variant=$2 url=$3 n=$4
  shift 4
  local out t0 t1 c0 c1 c=$C
  [ "$n" -lt "$c" ] && c=$n   # ab refuses more concurrency than requests
  curl -sf -o /dev/null "$@" "$url" || true   # warm: the first request fills the cache
  if [ "${WARMUP:-1}" = 1 ]; then
    ab -q $KA -n "$n" -c "$c" "$@" "$url" >/dev/null 2>&1 || true
  fi
  c0=$(cpu_ticks); t0=$(date +%s%N)
  out=$(ab -q $KA -n "$n" -c "$c" "$@" "$url" 2>&1) || { echo "$out" >&2; echo "das-stress: ab failed on $url" >&2; exit 1; }
  t1=$(date +%s%N); c1=$(cpu_ticks)
  local rps mean len failed non2xx p50 p99 cpu cpureq
  rps=$(echo "$out" | awk '/^Requests per second/ {print $4}')
  mean=$(echo "$out" | awk '/^Time per request/ && /\(mean\)$/ {print $4; exit}')
  len=$(echo "$out" | awk '/^Document Length/ {print $3}')
  failed=$(echo "$out" | awk '/^Failed requests/ {print $3}')
  non2xx=$(echo "$out" | awk '/^Non-2xx responses/ {print $3}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  failed=$(( ${failed:-0} + ${non2xx:-0} ))
  if [ -n "$c0" ] && [ -n "$c1" ]; then
    cpu=$(awk -v c="$((c1 - c0))" -v t="$((t1 - t0))" -v k="$TCK" 'BEGIN {printf "%.0f", 100 * c / k / (t / 1e9)}')
    cpureq=$(awk -v c="$((c1 - c0))" -v n="$n" -v k="$TCK" 'BEGIN {printf "%.0f", 1e6 * c / k / n}')
  else
    cpu="n/a"
    cpureq="n/a"
  fi
  RPS["$name/$variant"]=$rps
  ROWS+=("$name|$variant|$n|$rps|$mean|$p50|$p99|$len|$failed|$cpu|$cpureq")
}

ratio() { # ratio NAME VARIANT [BASELINE]: req/s of VARIANT over BASELINE's (static by default)
  local a=${RPS["$1/$2"]:-} b=${RPS["$1/${3:-static}"]:-}
  if [ -n "$a" ] && [ -n "$b" ]; then awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", a / b}'; else echo ""; fi
}

declare -A SEG=([small]=$SMALL [medium]=$MEDIUM [large]=$LARGE)
if [ "${WARMUP:-1}" = 1 ]; then
  for name in small medium; do
    for base in "$BASE" ${COLD:+"$COLD"} ${STATIC:+"$STATIC"} ${MYDAS:+"$MYDAS"}; do
      src=$SOURCE
      [ "$base" = "$MYDAS" ] && src=$MYDAS_SOURCE
      ab -q $KA -t "${WARMUP_SECONDS:-3}" -n 1000000 -c "$C" "$base/das/$src/features?segment=${SEG[$name]}" \
        >/dev/null 2>&1 || true
    done
  done
fi
for name in small medium large; do
  n=$N
  [ "$name" = large ] && n=$N_LARGE
  path="/das/$SOURCE/features?segment=${SEG[$name]}"
  run "$name" warm "$BASE$path" "$n"
  [ -n "$COLD" ] && run "$name" cold "$COLD$path" "$n"
  [ -n "$STATIC" ] && run "$name" static "$STATIC$path" "$n"
  if [ -n "$MYDAS" ]; then
    # the peer on the same segment; its CPU is its own process's
    CPU_PID=${MYDAS_PID:-}
    run "$name" mydas "$MYDAS/das/$MYDAS_SOURCE/features?segment=${SEG[$name]}" "$n"
    CPU_PID=$PID
  fi
  if [ "$name" = large ] && [ "$GZIP_ROW" = 1 ]; then
    run "large, gzip" warm "$BASE$path" "$n" -H "Accept-Encoding: gzip"
    # cache off: rendered and gzipped while it streams (level 1), beside the cached gzip bytes
    [ -n "$COLD" ] && run "large, gzip" cold "$COLD$path" "$n" -H "Accept-Encoding: gzip"
    [ -n "$STATIC" ] && run "large, gzip" static "$STATIC$path" "$n" -H "Accept-Encoding: gzip"
  fi
done

echo "DAS stress test: ab -n N -c $C${KA:+ -k} on $BASE ($SOURCE)${MYDAS:+ and MyDas at $MYDAS ($MYDAS_SOURCE, pid ${MYDAS_PID:-unknown})};" \
  "$(date -u +%Y-%m-%dT%H:%MZ); server pid ${PID:-unknown}"
echo
MYDAS_HEAD=""
MYDAS_RULE=""
[ -n "$MYDAS" ] && MYDAS_HEAD=" DasGrid / MyDas |" && MYDAS_RULE="---:|"
echo "| test | server | requests | req/s | mean ms | p50 ms | p99 ms | bytes/response | failed | server CPU % | server CPU µs/request | / static |$MYDAS_HEAD"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|$MYDAS_RULE"
for row in "${ROWS[@]}"; do
  IFS='|' read -r name variant n rps mean p50 p99 len failed cpu cpureq <<<"$row"
  r=""
  [ "$variant" != static ] && [ "$variant" != mydas ] && r=$(ratio "$name" "$variant")
  label="DasGrid"
  [ "$variant" = cold ] && label="DasGrid, cache off"
  [ "$variant" = static ] && label="static bytes"
  [ "$variant" = mydas ] && label="MyDas 1.6.7"
  m=""
  if [ -n "$MYDAS" ]; then
    mr=""
    { [ "$variant" = warm ] || [ "$variant" = cold ]; } && mr=$(ratio "$name" "$variant" mydas)
    m=" ${mr:--} |"
  fi
  echo "| $name | $label | $n | $rps | $mean | $p50 | $p99 | $len | $failed | $cpu | $cpureq | ${r:--} |$m"
done
TOTAL_FAILED=0
for row in "${ROWS[@]}"; do
  IFS='|' read -r _ _ _ _ _ _ _ _ failed _ _ <<<"$row"
  TOTAL_FAILED=$((TOTAL_FAILED + failed))
done
[ "$TOTAL_FAILED" -eq 0 ] || { echo "das-stress: $TOTAL_FAILED failed requests" >&2; exit 1; }
