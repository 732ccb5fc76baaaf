#!/usr/bin/env bash
# Genotype query latency from a client a user would use: wrk (keep-alive, one connection, outside the
# server's JVM) against DasGrid's genotype API and the static servlet serving the same bytes, and bcftools on
# the same VCF with its floor (the same command on an empty region) measured beside it. One Markdown table.
#
#   perf/wrk/genotype-latency.sh BASE_URL VCF [SOURCE]
#
# BASE_URL is a BenchServer started with the shapes' paths captured (perf/bench.sh genotype-wrk does this);
# VCF the bgzipped, indexed file the source serves. Environment: SECONDS_PER_SHAPE (5), RUNS (bcftools runs,
# 5). Loopback targets only.
set -euo pipefail
BASE=${1:?usage: genotype-latency.sh BASE_URL VCF [SOURCE]}
VCF=${2:?usage: genotype-latency.sh BASE_URL VCF [SOURCE]}
SOURCE=${3:-ceu}
D=${SECONDS_PER_SHAPE:-5}; RUNS=${RUNS:-5}
case "$(echo "$BASE" | sed -E 's#^[a-z]+://([^/:]*).*#\1#')" in
  127.*|localhost) ;;
  *) echo "genotype-latency: $BASE is not a loopback address" >&2; exit 2 ;;
esac
for t in wrk bcftools; do
  command -v $t >/dev/null || { echo "genotype-latency: $t not found (apt-get install $t)" >&2; exit 1; }
done
# name | API path | bcftools arguments (region first)
SHAPES=(
  "1:1105366-1200000 het, limit 10|/genotypes/$SOURCE/variants?segment=1:1105366,1200000&zygosity=het&limit=10|-r 1:1105366-1200000 -i 'GT=\"het\"'"
  "chromosome 1, any, unlimited|/genotypes/$SOURCE/variants?segment=1&zygosity=any|-r 1 -i 'GT=\"alt\"'"
  "samples hom in 17:3360000-3390000|/genotypes/$SOURCE/samples?segment=17:3360000,3390000&zygosity=hom|-r 17:3360000-3390000 -i 'GT=\"AA\"'"
)
ms() { awk -v v="$1" 'BEGIN { if (v ~ /us$/) printf "%.3f", v / 1000; else if (v ~ /ms$/) printf "%.3f", v + 0; else printf "%.3f", v * 1000 }'; }
wrk_row() { # URL -> "p50 p99 req/s"
  local out
  out=$(wrk -t1 -c1 -d"${D}s" --latency "$1")
  echo "$(ms "$(echo "$out" | awk '$1 == "50%" {print $2}')") $(ms "$(echo "$out" | awk '$1 == "99%" {print $2}')") $(echo "$out" | awk '/Requests\/sec/ {print $2}')"
}
p50_of() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
time_cmd() { local t0 t1; t0=$(date +%s%N); eval "$1" >/dev/null 2>&1; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000 )); }
echo "| shape | wrk p50 ms | wrk p99 ms | req/s | static p50 ms | static p99 ms | / static (p50) | bcftools ms | bcftools floor ms (empty region) | bcftools / ours | (bcftools − floor) / ours |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for s in "${SHAPES[@]}"; do
  IFS='|' read -r name path args <<<"$s"
  wrk -t1 -c1 -d2s "$BASE$path" >/dev/null  # warm this shape and the connection's path
  wrk -t1 -c1 -d2s "$BASE/static$path" >/dev/null
  read -r p50 p99 rps <<<"$(wrk_row "$BASE$path")"
  read -r sp50 sp99 _ <<<"$(wrk_row "$BASE/static$path")"
  region=${args#-r }; region=${region%% *}; contig=${region%%:*}
  tool="bcftools view -H $args $VCF"
  floor="bcftools view -H ${args/-r $region/-r $contig:1-1} $VCF"
  t=$(for _ in $(seq "$RUNS"); do time_cmd "$tool"; done | p50_of)
  f=$(for _ in $(seq "$RUNS"); do time_cmd "$floor"; done | p50_of)
  awk -v n="$name" -v p50="$p50" -v p99="$p99" -v rps="$rps" -v sp50="$sp50" -v sp99="$sp99" -v t="$t" -v f="$f" 'BEGIN {
    tm = t / 1000; fm = f / 1000; net = tm - fm; if (net < 0) net = 0
    printf "| %s | %.3f | %.3f | %s | %.3f | %.3f | %.2f | %.1f | %.1f | %.0f× | %.0f× |\n", n, p50, p99, rps, sp50, sp99, p50 / sp50, tm, fm, tm / p50, net / p50 }'
done
echo
echo "bcftools commands: \`bcftools view -H ARGS $VCF\` with the ARGS of each shape; the floor replaces the region with CONTIG:1-1."
