#!/usr/bin/env bash
# The cluster benchmark (docs/benchmarks.md, "Cluster"): generates (once) a synthetic cohort, then runs the same
# genotype and DAS queries on a single node and on 1, 2 and 4 local nodes (separate JVMs on loopback).
# Usage: perf/run-cluster-benchmark.sh [SAMPLES [RECORDS]] [ClusterBenchmark arguments, e.g. --nodes 1,2]
set -euo pipefail
cd "$(dirname "$0")/.."
. perf/cohort-common.sh
exec java -cp "$cp" org.dasgrid.perf.cohort.ClusterBenchmark --vcf "$vcf" \
  --gff webapp/src/main/resources/examples/data/dmel-2L.gff3 --work "$dir/cluster" "$@"
