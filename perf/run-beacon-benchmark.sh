#!/usr/bin/env bash
# Beacon v2 counts over HTTP with wrk: one allele (a sequence query in TP53) and a 1 Mb range (BRCA2's
# neighbourhood on chr13), each as a count and, for comparison, the genotype API's count over the same
# span. Starts dasgrid.jar on 127.0.0.1 on the cohort, prints wrk's latency percentiles per shape, stops it.
#
#   perf/run-beacon-benchmark.sh COHORT.vcf.gz [SECONDS]     (build webapp/target/dasgrid.jar first)
#
# SECONDS per shape (default 10), after a warm-up pass of as long over every shape; one connection, one thread (latency, not load).
# Needs wrk and bcftools/tabix. Results depend on the machine's load.
set -euo pipefail
cd "$(dirname "$0")/.."
vcf=$(realpath "$1")
secs=${2:-10}
for tool in wrk bcftools tabix; do
  command -v "$tool" >/dev/null || { echo "run-beacon-benchmark: $tool not found (apt-get install wrk bcftools tabix)" >&2; exit 1; }
done
[ -f "$vcf.tbi" ] || tabix -f -p vcf "$vcf"
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/dasgrid.yaml" <<YAML
sources:
  - {id: cohort, format: vcf, path: "$vcf", genotypes: true, coordinates: {authority: GRCh, version: "38", taxid: 9606}}
YAML
port=$((20000 + RANDOM % 20000))
java -Xmx"${BENCH_HEAP:-6g}" -jar webapp/target/dasgrid.jar --config "$work/dasgrid.yaml" --port "$port" \
  --bind 127.0.0.1 > "$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 600); do grep -q 'DasGrid ready' "$work/server.log" && break; sleep 1; done
grep 'loaded\|ready' "$work/server.log" >&2
base="http://127.0.0.1:$port"
# a TP53 allele some sample carries, split as the engine splits it
read -r chrom pos ref alt < <(bcftools view -H -r chr17:7661779-7687538 -i 'GT="alt"' "$vcf" | awk '$5 !~ /,/ {print $1, $2, $4, $5; exit}')
start0=$((pos - 1))
declare -a shapes=(
  "beacon one allele, count|/beacon/v2/g_variants?referenceName=$chrom&start=$start0&referenceBases=$ref&alternateBases=$alt&requestedGranularity=count"
  "beacon one allele, boolean|/beacon/v2/g_variants?referenceName=$chrom&start=$start0&referenceBases=$ref&alternateBases=$alt"
  "beacon 1 Mb range, count|/beacon/v2/g_variants?referenceName=chr13&start=32000000&end=33000000&requestedGranularity=count"
  "beacon 1 Mb range SNPs, count|/beacon/v2/g_variants?referenceName=chr13&start=32000000&end=33000000&variantType=SNP&requestedGranularity=count"
  "genotypes count, same 1 Mb|/genotypes/cohort/count?segment=chr13:32000001,33000000&zygosity=any"
)
# a fresh JVM: every shape warmed up once before any is measured, so the first measured is not the JVM's warm-up
for s in "${shapes[@]}"; do
  curl -sf "$base${s#*|}" | head -c 400 >&2; echo >&2
  wrk -t1 -c1 -d"${secs}s" "$base${s#*|}" > /dev/null
done
for s in "${shapes[@]}"; do
  name=${s%%|*}
  path=${s#*|}
  out=$(wrk -t1 -c1 -d"${secs}s" --latency "$base$path")
  p50=$(awk '/Latency Distribution/ {f=1} f && $1 == "50%" {print $2; exit}' <<<"$out")
  p99=$(awk '/Latency Distribution/ {f=1} f && $1 == "99%" {print $2; exit}' <<<"$out")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  echo "| $name | \`$path\` | $p50 | $p99 | $rps |"
done
