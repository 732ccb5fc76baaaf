#!/usr/bin/env bash
# One source, any size: per-region genotype answers of a source served from an index (a file or an index set),
# through wrk (an external client, one connection, --latency: p50 and p99), warm (each region asked for 3 s
# before its 10 s run), against bcftools view -H -r on the same VCF (tabix-indexed), whose start-up floor
# (the same command on a 1-base region with no record) is printed apart.
#
#   perf/anysize-wrk.sh VCF INDEX REGION [REGION ...]
#
# Environment: JAR (webapp/target/dasgrid.jar), JAVA_OPTS (-Xmx1g), PORT (18350), QUERY (variants), ARGS
# (&zygosity=any). Loopback only; the server is stopped by its PID.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VCF=$(readlink -f "${1:?usage: anysize-wrk.sh VCF INDEX REGION...}"); INDEX=$(readlink -f "$2"); shift 2
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; PORT=${PORT:-18350}; QUERY=${QUERY:-variants}; ARGS=${ARGS:-&zygosity=any}
WORK=$(mktemp -d)
. "$ROOT/perf/scripts/serve.sh"
trap 'serve_stop; rm -rf "$WORK"' EXIT
printf 'sources:\n  - {id: g, format: vcf, path: %s, genotypes: true, genotypeIndex: %s}\n' "$VCF" "$INDEX" \
  > "$WORK/dasgrid.yaml"
# shellcheck disable=SC2086
serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" ${JAVA_OPTS:--Xmx1g} -- --no-warmup
serve_wait_ready 6000 0.02
echo "$(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg); ready in $SERVE_READY_MS ms; $JAR"
first=${1%%:*}
floor() { local t0 t1; t0=$(date +%s%N); bcftools view -H -r "$first:1-1" "$VCF" > /dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000 )); }
echo "bcftools start-up floor (view -H -r $first:1-1): $(floor) $(floor) $(floor) us"
for r in "$@"; do
  url="http://127.0.0.1:$PORT/genotypes/g/$QUERY?segment=${r/-/,}$ARGS"  # DAS segments: REF:START,STOP
  curl -sf -o /dev/null "$url" || { echo "$url: not a 200" >&2; exit 1; }
  rows=$(curl -sf "$url" | grep -o '"chrom"' | wc -l || true)
  wrk -t1 -c1 -d3s "$url" > /dev/null
  out=$(wrk -t1 -c1 -d10s --latency "$url")
  if echo "$out" | grep -q "Non-2xx"; then echo "$url: wrk got non-2xx answers" >&2; exit 1; fi
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}'); p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  bt=""; for i in 1 2 3; do t0=$(date +%s%N); n=$(bcftools view -H -r "$r" "$VCF" | wc -l); t1=$(date +%s%N); bt="$bt $(( (t1 - t0) / 1000 ))us"; done
  echo "$QUERY $r: $rows rows; dasgrid wrk p50 $p50 p99 $p99 ($rps req/s); bcftools view -H -r: $n records,$bt"
done
