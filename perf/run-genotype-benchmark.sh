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
for tool in bcftools tabix; do
  command -v "$tool" >/dev/null || { echo "run-genotype-benchmark: $tool not found (apt-get install bcftools tabix)" >&2; exit 1; }
done
. perf/cohort-common.sh
if [ ! -f "$vcf.tbi" ]; then
  echo "# indexing with tabix" >&2
  tabix -f -p vcf "$vcf"
fi
exec java -Xmx"${BENCH_HEAP:-6g}" -cp "$cp" org.dasgrid.perf.cohort.GenotypeBenchmark --vcf "$vcf" "$@"
