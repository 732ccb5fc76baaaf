#!/usr/bin/env bash
# Generates the two biobank cohorts of docs/benchmarks.md ("Biobank cohorts") with perf's BiobankCohortGenerator:
# OUT_ROOT/bb100k (100,000 samples x 200,000 records) and OUT_ROOT/bb500k (500,000 x 20,000), each
# chr13/chr17/chr22/chrX.vcf.gz (+ .tbi), genes.gff3, samples.tsv, weights.txt (the COHORT_DIR of
# run-biobank-benchmark.sh, scripts/score-ab.sh and scripts/set-bound.sh). One java run per contig (6-107 s each
# on 2 cores; docs/bench-log/2026-12-02-biobank-gen.md), each under `flock /work/notes/cpu.lock` when that file
# exists (LOCK=FILE names another, LOCK= none), timed by /usr/bin/time -v where installed. Seed 1: the same bytes
# on every machine.
#
#   perf/scripts/make-biobank-cohorts.sh OUT_ROOT
#
# Environment: JAR (default perf/target/benchmarks.jar, built first when missing: ./mvnw -B -q -pl perf -am package
# -DskipTests -DskipNpm; MVN_OFFLINE=1 adds -o).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:?usage: make-biobank-cohorts.sh OUT_ROOT}
JAR=${JAR:-$ROOT/perf/target/benchmarks.jar}
LOCK=${LOCK-/work/notes/cpu.lock}
locked() { if [ -n "$LOCK" ] && [ -e "$LOCK" ]; then flock "$LOCK" "$@"; else "$@"; fi; }
timer=(); if [ -x /usr/bin/time ]; then timer=(/usr/bin/time -v); fi
if [ ! -f "$JAR" ]; then
  (cd "$ROOT" && locked ./mvnw -B -q ${MVN_OFFLINE:+-o} -pl perf -am package -DskipTests -DskipNpm)
fi
cohort() { # NAME SAMPLES RECORDS
  for contig in chr13 chr17 chr22 chrX; do
    echo "# $(date -u +%FT%TZ) $1 $contig; load $(cut -d' ' -f1-3 /proc/loadavg)"
    locked "${timer[@]}" java -Xmx2g -cp "$JAR" org.dasgrid.perf.cohort.BiobankCohortGenerator --samples "$2" \
      --variants "$3" --seed 1 --contig "$contig" --out-dir "$OUT/$1"
  done
  du -sb "$OUT/$1"/*
}
cohort bb100k 100000 200000
cohort bb500k 500000 20000
