#!/usr/bin/env bash
# One source of several per-chromosome VCFs at 1000 Genomes density (issue 30, item 6: 3,202 samples, two large
# chromosomes as two VCFs): ready time and RSS of the source served from its index set, then the Dnaerys
# shapes (variants, samples and count over a region) and the analytics shapes (statistics with a top-N across
# both contigs, a frequency-filtered count) through wrk (one connection, --latency; warm: 3 s before each 10 s
# run; each row says whether its answer was kept — X-DasGrid-Answer-Cache, the analytics answers — or rendered
# by the engine each time; the first answer's time, rendered, is printed apart), against bcftools doing the same work on the same VCFs (its start-up floor printed apart).
#
#   perf/run-wholegenome-benchmark.sh INDEX REGION1 REGION2 VCF [VCF...]
#
# REGION1 lies in the first VCF's contig, REGION2 in the second's (REF:START-END). Environment: JAR
# (webapp/target/dasgrid.jar), JAVA_OPTS (-Xmx1g), PORT (18370). Loopback only; the server stopped by its PID.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: run-wholegenome-benchmark.sh INDEX REGION1 REGION2 VCF [VCF...]"
INDEX=$(readlink -f "${1:?$usage}"); R1=${2:?$usage}; R2=${3:?$usage}; shift 3
[ $# -gt 0 ] || { echo "$usage" >&2; exit 2; }
VCFS=(); for v in "$@"; do VCFS+=("$(readlink -f "$v")"); done
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; PORT=${PORT:-18370}
WORK=$(mktemp -d)
. "$ROOT/perf/scripts/serve.sh"
. "$ROOT/perf/scripts/shapes.sh"
trap 'serve_stop; rm -rf "$WORK"' EXIT
trap 'exit 1' INT TERM
list=$(IFS=,; echo "${VCFS[*]}")
printf 'server: {rateLimit: {enabled: false}}\nsources:\n  - {id: g, format: vcf, path: [%s], genotypes: true, genotypeIndex: %s}\n' \
  "$list" "$INDEX" > "$WORK/dasgrid.yaml"
find -L "$INDEX" -type f -exec cat {} + > /dev/null
# shellcheck disable=SC2086
serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" ${JAVA_OPTS:--Xmx1g} -- --no-warmup
serve_wait_ready 12000 0.02
rss() { awk '/VmRSS/ {print int($2 / 1024) " MB"}' "/proc/$SERVE_PID/status"; }
echo "$(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg); ready in $SERVE_READY_MS ms (page cache warm); RSS $(rss); index $(du -smL "$INDEX" | cut -f1) MB; $JAR"
grep -h "loaded" "$WORK/server.log" || true
vcf_of() { # the VCF holding a region's contig
  local c=${1%%:*} v
  for v in "${VCFS[@]}"; do tabix -l "$v" | grep -qx "$c" && { echo "$v"; return; }; done
  echo "no VCF holds $c" >&2; exit 1
}
V1=$(vcf_of "$R1"); V2=$(vcf_of "$R2")
floor() { local t0 t1; t0=$(date +%s%N); bcftools view -H -r "${R1%%:*}:1-1" "$V1" > /dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
echo "bcftools start-up floor (view -H -r, 1 base): $(floor) $(floor) $(floor) ms"
das() { local r=$1; echo "${r/-/,}"; } # DAS segments: REF:START,STOP
B="http://127.0.0.1:$PORT/genotypes/g"
S1=$(das "$R1"); S2=$(das "$R2")
SHAPES=("variants1|variants?segment=$S1&zygosity=any" "variants2|variants?segment=$S2&zygosity=any"
  "samples|samples?segment=$S1&zygosity=any" "count|count?segment=$S1&zygosity=any"
  "top|variants?segment=$S1&segment=$S2&zygosity=any&stats=true&top=10"
  "afcount|count?segment=$S1&segment=$S2&zygosity=any&af=0.05,")
for shape in "${SHAPES[@]}"; do
  label=${shape%%|*}; q=${shape#*|}; url="$B/$q"
  t0=$(date +%s%N); size=$(curl -sf "$url" | wc -c); t1=$(date +%s%N)
  wrk_shape "$url"
  # analytics answers are kept (X-DasGrid-Answer-Cache: hit), the others rendered by the engine every time
  cache=$(curl -sf -D - -o /dev/null "$url" | tr -d '\r' | awk -F': ' 'tolower($1) == "x-dasgrid-answer-cache" {print $2}')
  kept=${cache:+answer cache $cache}
  echo "$q: $size bytes, first (rendered) $(( (t1 - t0) / 1000000 )) ms; wrk warm (${kept:-rendered each time}) p50 $P50 p99 $P99 ($RPS req/s); RSS $(rss)"
  case $label in
    variants1) timed "view -H -r $R1" bcftools view -H -r "$R1" "$V1" ;;
    variants2) timed "view -H -r $R2" bcftools view -H -r "$R2" "$V2" ;;
    samples) timed "query -r $R1 -i GT=alt [%SAMPLE] | sort -u" bash -c "bcftools query -r $R1 -i 'GT=\"alt\"' -f '[%SAMPLE\n]' $V1 | sort -u" ;;
    count) timed "view -H -r $R1 -i GT=alt" bcftools view -H -r "$R1" -i 'GT="alt"' "$V1" ;;
    top) timed "+fill-tags -t HWE on both regions, query HWE, sort -g | head" bash -c \
      "{ bcftools +fill-tags -r $R1 $V1 -- -t HWE | bcftools query -f '%HWE\n'; bcftools +fill-tags -r $R2 $V2 -- -t HWE | bcftools query -f '%HWE\n'; } | sort -g | head -10" ;;
    afcount) timed "+fill-tags -t AF, view -H -i AF>=0.05 on both regions" bash -c \
      "{ bcftools +fill-tags -r $R1 $V1 -- -t AF | bcftools view -H -i 'AF>=0.05'; bcftools +fill-tags -r $R2 $V2 -- -t AF | bcftools view -H -i 'AF>=0.05'; }" ;;
  esac
done
echo "$(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
