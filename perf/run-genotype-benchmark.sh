#!/usr/bin/env bash
# Generates (once) a synthetic cohort, indexes it, and runs the genotype benchmark on it; prints a Markdown
# table (see docs/benchmarks.md). Usage: perf/run-genotype-benchmark.sh [SAMPLES] [VARIANTS] [extra args]
# Needs bcftools and tabix (Debian packages). Results depend on the machine's load: compare ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
samples=${1:-2504}
variants=${2:-100000}
shift $(( $# > 2 ? 2 : $# ))
dir=${BENCH_DIR:-perf/results}
vcf="$dir/cohort-${samples}x${variants}.vcf.gz"
mkdir -p "$dir"
./mvnw -B -q -o package -DskipTests -pl perf -am dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
cp="perf/target/classes:$(cat perf/target/classpath.txt)"
if [ ! -f "$vcf.tbi" ]; then
  java -cp "$cp" org.dasgrid.perf.cohort.CohortGenerator --samples "$samples" --variants "$variants" --seed 1 --out "$vcf"
  tabix -f -p vcf "$vcf"
fi
exec java -Xmx${BENCH_HEAP:-6g} -cp "$cp" org.dasgrid.perf.cohort.GenotypeBenchmark --vcf "$vcf" "$@"
