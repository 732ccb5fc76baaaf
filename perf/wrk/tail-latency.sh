#!/usr/bin/env bash
# Tail latency of the small genotype shapes and /health/live under steady load (wrk, keep-alive, 1 and 10
# connections), with the GC pauses logged meanwhile (-Xlog:gc,gc+phases: G1's and ZGC's pause lines), for a cohort served from the heap or from a
# genotype index (issue 17). Starts `java -jar dasgrid.jar` itself (as a user runs it; rate limit off since
# all load comes from one address), times process start to /health/ready, then reports heap after a full GC
# and RSS, and stops the server by its PID.
#
# Per row it also counts what could make a tail besides GC: the safepoints logged (-Xlog:safepoint: count and
# the longest, in ms), the server's page faults (/proc/PID/stat minflt/majflt: a mapped index page that is not
# in the process's page tables costs a minor fault), and the heap allocated per request (from the GC log's
# before->after pairs: an estimate, to the collector's MB rounding).
#
# Unless BASELINES=0, the same run then stops that server and measures the floor of the machine under the same
# wrk: /health/live of a DasGrid with no cohort (same JAVA_OPTS) and a static 2-byte file from nginx.
#
#   perf/wrk/tail-latency.sh VCF [INDEX.dgi]
#
# Environment: JAR (webapp/target/dasgrid.jar), JAVA_OPTS (e.g. "-Xmx4g -XX:+UseG1GC"), D (wrk seconds per
# run, 10), CONNS (connection counts, "1 10"), PORT (18330; the baselines use PORT+1 and PORT+2), SERVE_CPUS
# and WRK_CPUS (taskset CPU lists for the servers and for wrk, e.g. 0 and 1; unset: not pinned),
# SHAPES_TP53 / SHAPES_BRCA2 (segments; GRCh38 TP53 and BRCA2 on chr17/chr13 by default, as the cohort
# generator writes), BASELINES (1), SERVER_TIMING (1: also the server's own time per answer, from its
# Server-Timing header, through perf/wrk/percentiles.lua; genotype answers only), SERVER_ARGS (more server arguments, e.g. --no-warmup). Loopback only.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
VCF=$(readlink -f "${1:?usage: tail-latency.sh VCF [INDEX.dgi]}"); INDEX=${2:+$(readlink -f "$2")}
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; D=${D:-10}; PORT=${PORT:-18330}; CONNS=${CONNS:-1 10}
TP53=${SHAPES_TP53:-chr17:7661779,7687538}; BRCA2=${SHAPES_BRCA2:-chr13:32315508,32400268}
command -v wrk >/dev/null || { echo "tail-latency: wrk not found (apt-get install wrk)" >&2; exit 1; }
WORK=$(mktemp -d); NGINX_PID=""
. "$ROOT/perf/scripts/serve.sh"
stop_all() {
  serve_stop
  if [ -n "$NGINX_PID" ]; then kill "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap stop_all EXIT
header() {
  echo "| request | connections | p50 ms | p99 ms | p99.9 ms | max ms | req/s | server-side p50 / p99 / p99.9 ms | GC pauses (n, max ms, total ms) | safepoints (n, max ms) | page faults (minor, major) | KB allocated / request |"
  echo "|---|---:|---:|---:|---:|---:|---:|---|---|---|---|---:|"
}
WRK=(wrk); [ -n "${WRK_CPUS:-}" ] && WRK=(taskset -c "$WRK_CPUS" wrk)
{
  echo "server: {rateLimit: {enabled: false}, maxGenotypeSpan: 300000000}"
  echo "sources:"
  echo "  - {id: g, format: vcf, path: $VCF, genotypes: true${INDEX:+, genotypeIndex: $INDEX}}"
} > "$WORK/dasgrid.yaml"
# shellcheck disable=SC2086
serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" ${JAVA_OPTS:-} \
  -Xlog:gc,gc+phases=info:file="$WORK/gc.log":uptime -Xlog:safepoint=info:file="$WORK/sp.log":uptime -- ${SERVER_ARGS:-}
serve_wait_ready 1800 0.1
echo "Machine: $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ); JAVA_OPTS='${JAVA_OPTS:-}'" \
  "server CPUs: ${SERVE_CPUS:-any}; wrk CPUs: ${WRK_CPUS:-any}"
echo "Served from: ${INDEX:-the heap (VCF parsed at start)}; process start to /health/ready: $SERVE_READY_MS ms"
echo
header
pauses() { # GC pause lines after line $1 of the log: count, max, total
  tail -n +"$(( $1 + 1 ))" "$WORK/gc.log" | { grep -E 'Pause' || true; } | sed -E 's/.* ([0-9.]+)ms$/\1/' \
    | awk '{n++; t += $1; if ($1 > m) m = $1} END {printf "%d, %.2f, %.1f", n, m, t}'
}
safepoints() { # safepoint lines after line $1: count, longest total in ms
  tail -n +"$(( $1 + 1 ))" "$WORK/sp.log" | { grep -o 'Total: [0-9]* ns' || true; } \
    | awk '{n++; if ($2 > m) m = $2} END {printf "%d, %.2f", n, m / 1e6}'
}
allocated() { # MB allocated between the GC log's heap pairs after line $1 ("A M->B M"): sum of A_i - B_(i-1)
  tail -n +"$(( $1 + 1 ))" "$WORK/gc.log" | { grep -oE '[0-9]+M(\([0-9]+%\))?->[0-9]+M' || true; } | sed -E 's/\([0-9]+%\)//; s/M//g; s/->/ /' \
    | awk -v prev="$2" '{ if (prev != "") a += $1 - prev; prev = $2 } END {printf "%d %s", a, prev}'
}
faults() { awk '{print $10, $12}' "/proc/$1/stat"; }
row() { # row NAME PATH PID LOGS(0/1): warm-up, then one wrk run per connection count
  local name=$1 path=$2 pid=$3 logs=$4
  curl -sf -o /dev/null "$B$path" || { echo "tail-latency: $path failed" >&2; exit 1; }
  "${WRK[@]}" -t1 -c1 -d3s "$B$path" >/dev/null # warm-up
  for c in $CONNS; do
    local gcl=0 spl=0 last="" f0 f1 line gcs="–" sps="–" kb="–"
    if [ "$logs" = 1 ]; then
      gcl=$(wc -l < "$WORK/gc.log"); spl=$(wc -l < "$WORK/sp.log")
      last=$(allocated 0 "" | cut -d' ' -f2) # the heap after the last collection before the row
    fi
    f0=$(faults "$pid")
    local st="–" stn=0
    if [ "${SERVER_TIMING:-0}" = 1 ]; then export SERVER_TIMING_OUT=$WORK/st; else unset SERVER_TIMING_OUT; fi
    line=$("${WRK[@]}" -t1 -c"$c" -d"${D}s" -s "$ROOT/perf/wrk/percentiles.lua" "$B$path" | grep -E '^(PCT|ST)')
    f1=$(faults "$pid")
    eval "$(echo "$line" | grep '^PCT' | sed -E 's/^PCT //; s/ /; /g')"
    if echo "$line" | grep -q '^ST'; then
      eval "$(echo "$line" | grep '^ST' | sed -E 's/^ST //; s/ /; /g')"
      [ "$stn" -gt 0 ] && st="$st50 / $st99 / $st999"
    fi
    if [ "$logs" = 1 ]; then
      gcs=$(pauses "$gcl"); sps=$(safepoints "$spl")
      local mb; mb=$(allocated "$gcl" "$last" | cut -d' ' -f1)
      kb=$(awk -v mb="$mb" -v n="$requests" 'BEGIN {if (n > 0) printf "%.1f", mb * 1024 / n; else printf "–"}')
    fi
    echo "| $name | $c | $p50 | $p99 | $p999 | $max | $rps | $st | $gcs | $sps | $(echo "$f0 $f1" | awk '{print $3 - $1 ", " $4 - $2}') | $kb |"
  done
}
B=http://127.0.0.1:$PORT
for spec in "TP53 het, limit 10|/genotypes/g/variants?segment=$TP53&zygosity=het&limit=10" \
            "BRCA2 hom, limit 100|/genotypes/g/variants?segment=$BRCA2&zygosity=hom&limit=100" \
            "TP53 count het|/genotypes/g/count?segment=$TP53&zygosity=het" \
            "/health/live|/health/live"; do
  row "${spec%%|*}" "${spec#*|}" "$SERVE_PID" 1
done
jcmd "$SERVE_PID" GC.run >/dev/null
sleep 1
heap=$(jcmd "$SERVE_PID" GC.heap_info | awk '/garbage-first heap|def new generation|ZHeap|total/ {for (i = 1; i <= NF; i++) if ($i == "used") {sub(",", "", $(i + 1)); print $(i + 1); exit}}')
rss=$(awk '/VmRSS/ {print $2 / 1024 " MB"}' "/proc/$SERVE_PID/status")
echo
echo "Heap used after a full GC: ${heap:-?}; RSS: $rss"
[ "${BASELINES:-1}" = 1 ] || exit 0
serve_stop

# The floor, same run, same wrk: a DasGrid with no cohort, then nginx with a static file.
echo
echo "Baselines (the server above stopped; load $(cut -d' ' -f1-3 /proc/loadavg)):"
echo
header
printf 'server: {rateLimit: {enabled: false}}\nsources: []\n' > "$WORK/empty.yaml"
: > "$WORK/gc.log"; : > "$WORK/sp.log"
# shellcheck disable=SC2086
serve_start "$WORK/empty.yaml" "$(( PORT + 1 ))" "$WORK/empty.log" ${JAVA_OPTS:-} \
  -Xlog:gc,gc+phases=info:file="$WORK/gc.log":uptime -Xlog:safepoint=info:file="$WORK/sp.log":uptime -- ${SERVER_ARGS:-}
serve_wait_ready 1800 0.1
B=http://127.0.0.1:$(( PORT + 1 ))
row "/health/live, no cohort" /health/live "$SERVE_PID" 1
serve_stop
if command -v nginx >/dev/null; then
  mkdir -p "$WORK/nginx/html"; printf 'OK' > "$WORK/nginx/html/live"
  cat > "$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
daemon off;
master_process off;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 256; }
http {
  access_log off;
  keepalive_requests 1000; # as DasGrid's http.maxKeepAliveRequests: wrk reconnects as often on both
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx;
  uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  server { listen 127.0.0.1:$(( PORT + 2 )); root $WORK/nginx/html; }
}
EOF
  pin=(); [ -n "${SERVE_CPUS:-}" ] && pin=(taskset -c "$SERVE_CPUS")
  "${pin[@]}" nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" > "$WORK/nginx/out.log" 2>&1 &
  NGINX_PID=$!
  for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$(( PORT + 2 ))/live" && break; sleep 0.1; done
  B=http://127.0.0.1:$(( PORT + 2 ))
  row "nginx, static 2 bytes" /live "$(cat "$WORK/nginx/nginx.pid" 2>/dev/null || echo "$NGINX_PID")" 0
else
  echo "| nginx | – | not installed |"
fi
