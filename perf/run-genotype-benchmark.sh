#!/usr/bin/env bash
# Generates (once) a synthetic cohort, indexes it, and runs the genotype benchmark on it; prints a Markdown
# table (see docs/benchmarks.md). Needs bcftools and tabix (Debian packages). Results depend on the machine's
# load: compare ratios.
#
#   perf/run-genotype-benchmark.sh [SAMPLES [RECORDS]] [GenotypeBenchmark args]
#   perf/run-genotype-benchmark.sh 2504 1000000 --iterations 300 --warmup 300 --bcftools-runs 3
#
# SAMPLES defaults to 2504, RECORDS (VCF records) to 100000. The cohort goes to perf/results/ (BENCH_DIR to
# change) and is reused by later runs. Environment: BENCH_HEAP (JVM heap, default 6g: enough for 2,504 x
# 1,000,000, which the benchmark loads three times), MVN_OFFLINE=1 to build with ./mvnw -o (needs a filled
# ~/.m2).
set -euo pipefail
cd "$(dirname "$0")/.."
samples=2504
variants=100000
if [[ $# -gt 0 && $1 != -* ]]; then samples=$1; shift; fi
if [[ $# -gt 0 && $1 != -* ]]; then variants=$1; shift; fi
dir=${BENCH_DIR:-perf/results}
vcf="$dir/cohort-${samples}x${variants}.vcf.gz"
mkdir -p "$dir"
for tool in bcftools tabix; do
  command -v "$tool" >/dev/null || { echo "run-genotype-benchmark: $tool not found (apt-get install bcftools tabix)" >&2; exit 1; }
done
echo "# building perf and its classpath" >&2
./mvnw -B -q ${MVN_OFFLINE:+-o} package -DskipTests -pl perf -am dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/classpath.txt
cp="perf/target/classes:$(cat perf/target/classpath.txt)"
if [ ! -f "$vcf.tbi" ]; then
  # ~4 minutes and ~240 MB for 2,504 x 1,000,000 on a 2-core machine; progress every tenth of the records.
  # The index is written last: a run stopped before it generates again.
  echo "# generating $vcf ($samples samples x $variants records)" >&2
  java -cp "$cp" org.dasgrid.perf.cohort.CohortGenerator --samples "$samples" --variants "$variants" --seed 1 \
    --out "$vcf" >&2
  echo "# indexing with tabix" >&2
  tabix -f -p vcf "$vcf"
fi
exec java -Xmx"${BENCH_HEAP:-6g}" -cp "$cp" org.dasgrid.perf.cohort.GenotypeBenchmark --vcf "$vcf" "$@"
