#!/usr/bin/env bash
# The cluster benchmark (docs/benchmarks.md, "Cluster"): generates (once) a synthetic cohort, then runs the same
# genotype and DAS queries on a single node and on 1, 2 and 4 local nodes (separate JVMs on loopback).
# Usage: perf/run-cluster-benchmark.sh [SAMPLES] [VARIANTS] [ClusterBenchmark arguments, e.g. --nodes 1,2]
set -euo pipefail
cd "$(dirname "$0")/.."
samples=${1:-2504}
variants=${2:-100000}
shift $(( $# > 2 ? 2 : $# ))
dir=${BENCH_DIR:-perf/results}
vcf="$dir/cohort-${samples}x${variants}.vcf.gz"
mkdir -p "$dir"
./mvnw -B -q package -DskipTests -pl perf -am dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/classpath.txt
cp="perf/target/classes:$(cat perf/target/classpath.txt)"
if [ ! -f "$vcf" ]; then
  java -cp "$cp" org.dasgrid.perf.cohort.CohortGenerator --samples "$samples" --variants "$variants" --seed 1 --out "$vcf"
fi
exec java -cp "$cp" org.dasgrid.perf.cohort.ClusterBenchmark --vcf "$vcf" \
  --gff webapp/src/main/resources/examples/data/dmel-2L.gff3 --work "$dir/cluster" "$@"
