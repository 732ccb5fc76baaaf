#!/usr/bin/env bash
# The cluster benchmark (docs/benchmarks.md, "Cluster"): generates (once) a synthetic cohort, then runs the same
# genotype and DAS queries on a single node and on 1, 2 and 4 local nodes (separate JVMs on loopback).
# Usage: perf/run-cluster-benchmark.sh [SAMPLES] [VARIANTS] [ClusterBenchmark arguments, e.g. --nodes 1,2]
set -euo pipefail
cd "$(dirname "$0")/.."
samples=2504
variants=100000
if [[ $# -gt 0 && $1 != -* ]]; then samples=$1; shift; fi
if [[ $# -gt 0 && $1 != -* ]]; then variants=$1; shift; fi
dir=${BENCH_DIR:-perf/results}
vcf="$dir/cohort-${samples}x${variants}.vcf.gz"
mkdir -p "$dir"
./mvnw -B -q ${MVN_OFFLINE:+-o} package -DskipTests -pl perf -am dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/classpath.txt
cp="perf/target/classes:$(cat perf/target/classpath.txt)"
if [ ! -f "$vcf" ]; then
  java -cp "$cp" org.dasgrid.perf.cohort.CohortGenerator --samples "$samples" --variants "$variants" --seed 1 --out "$vcf"
fi
exec java -cp "$cp" org.dasgrid.perf.cohort.ClusterBenchmark --vcf "$vcf" \
  --gff webapp/src/main/resources/examples/data/dmel-2L.gff3 --work "$dir/cluster" "$@"
