#!/usr/bin/env bash
# Tail latency of the small genotype shapes and /health/live under steady load (wrk, keep-alive, 1 and 10
# connections), with the GC pauses logged meanwhile (-Xlog:gc,gc+phases: G1's and ZGC's pause lines), for a cohort served from the heap or from a
# genotype index (issue 17). Starts `java -jar dasgrid.jar` itself (as a user runs it; rate limit off since
# all load comes from one address), times process start to /health/ready, then reports heap after a full GC
# and RSS, and stops the server by its PID.
#
#   perf/wrk/tail-latency.sh VCF [INDEX.dgi]
#
# Environment: JAR (webapp/target/dasgrid.jar), JAVA_OPTS (e.g. "-Xmx4g -XX:+UseG1GC"), D (wrk seconds per
# run, 10), PORT (18330), SHAPES_TP53 / SHAPES_BRCA2 (segments; GRCh38 TP53 and BRCA2 on chr17/chr13 by
# default, as the cohort generator writes). Loopback only.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
VCF=$(readlink -f "${1:?usage: tail-latency.sh VCF [INDEX.dgi]}"); INDEX=${2:+$(readlink -f "$2")}
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; D=${D:-10}; PORT=${PORT:-18330}
TP53=${SHAPES_TP53:-chr17:7661779,7687538}; BRCA2=${SHAPES_BRCA2:-chr13:32315508,32400268}
command -v wrk >/dev/null || { echo "tail-latency: wrk not found (apt-get install wrk)" >&2; exit 1; }
WORK=$(mktemp -d); PID=""
cleanup() { if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi; rm -rf "$WORK"; }
trap cleanup EXIT
{
  echo "server: {rateLimit: {enabled: false}, maxGenotypeSpan: 300000000}"
  echo "sources:"
  echo "  - {id: g, format: vcf, path: $VCF, genotypes: true${INDEX:+, genotypeIndex: $INDEX}}"
} > "$WORK/dasgrid.yaml"
t0=$(date +%s%N)
# shellcheck disable=SC2086
java ${JAVA_OPTS:-} -Xlog:gc,gc+phases=info:file="$WORK/gc.log":uptime -jar "$JAR" --config "$WORK/dasgrid.yaml" --port "$PORT" \
  --bind 127.0.0.1 --access-log off > "$WORK/server.log" 2>&1 &
PID=$!
B=http://127.0.0.1:$PORT
for _ in $(seq 1800); do
  curl -sf -o /dev/null "$B/health/ready" && break
  kill -0 "$PID" 2>/dev/null || { tail -20 "$WORK/server.log" >&2; exit 1; }
  sleep 0.1
done
t1=$(date +%s%N)
echo "Machine: $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ); JAVA_OPTS='${JAVA_OPTS:-}'"
echo "Served from: ${INDEX:-the heap (VCF parsed at start)}; process start to /health/ready: $(( (t1 - t0) / 1000000 )) ms"
echo
echo "| request | connections | p50 ms | p99 ms | p99.9 ms | max ms | req/s | GC pauses (n, max ms, total ms) |"
echo "|---|---:|---:|---:|---:|---:|---:|---|"
pauses() { # GC pause lines after line $1 of the log: count, max, total
  tail -n +"$(( $1 + 1 ))" "$WORK/gc.log" | grep -E 'Pause' | sed -E 's/.* ([0-9.]+)ms$/\1/' \
    | awk '{n++; t += $1; if ($1 > m) m = $1} END {printf "%d, %.2f, %.1f", n, m, t}'
}
for spec in "TP53 het, limit 10|/genotypes/g/variants?segment=$TP53&zygosity=het&limit=10" \
            "BRCA2 hom, limit 100|/genotypes/g/variants?segment=$BRCA2&zygosity=hom&limit=100" \
            "TP53 count het|/genotypes/g/count?segment=$TP53&zygosity=het" \
            "/health/live|/health/live"; do
  name=${spec%%|*}; path=${spec#*|}
  curl -sf -o /dev/null "$B$path" || { echo "tail-latency: $path failed" >&2; exit 1; }
  wrk -t1 -c1 -d3s "$B$path" >/dev/null # warm-up
  for c in 1 10; do
    before=$(wc -l < "$WORK/gc.log")
    line=$(wrk -t1 -c"$c" -d"${D}s" -s "$ROOT/perf/wrk/percentiles.lua" "$B$path" | grep '^PCT')
    eval "$(echo "$line" | sed -E 's/^PCT //; s/ /; /g')"
    echo "| $name | $c | $p50 | $p99 | $p999 | $max | $rps | $(pauses "$before") |"
  done
done
jcmd "$PID" GC.run >/dev/null
sleep 1
heap=$(jcmd "$PID" GC.heap_info | awk '/garbage-first heap|def new generation|total/ {for (i = 1; i <= NF; i++) if ($i == "used") {print $(i + 1); exit}}')
rss=$(awk '/VmRSS/ {print $2 / 1024 " MB"}' "/proc/$PID/status")
echo
echo "Heap used after a full GC: ${heap:-?}; RSS: $rss"
