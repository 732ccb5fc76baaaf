#!/usr/bin/env bash
# Generates the 1000 Genomes-density two-chromosome cohort of docs/benchmarks.md ("3,202 samples, two VCFs"):
# OUT_DIR/chr1.vcf.gz and OUT_DIR/chr2.vcf.gz (+ .tbi), 3,202 samples x 10,000,000 records each by default, with
# perf's CohortGenerator (`--contigs`, seed 1: the same samples in both files, calls of a stream per file; the same
# bytes on every machine). The two files are written at once, one java each (about 16 min on 2 cores, ~2.7 GB
# each at bgzip level 5), under `flock /work/notes/cpu.lock` when that file exists (LOCK=FILE names another, LOCK=
# none), then tabix-indexed.
#
#   perf/scripts/make-wholegenome-cohort.sh OUT_DIR
#
# Environment: SAMPLES (3202), RECORDS per contig (10000000), CONTIGS (chr1 chr2), LEVEL (5), JAR (default
# perf/target/benchmarks.jar, built first when missing; MVN_OFFLINE=1 builds offline).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:?usage: make-wholegenome-cohort.sh OUT_DIR}
SAMPLES=${SAMPLES:-3202}
RECORDS=${RECORDS:-10000000}
CONTIGS=${CONTIGS:-chr1 chr2}
LEVEL=${LEVEL:-5}
JAR=${JAR:-$ROOT/perf/target/benchmarks.jar}
LOCK=${LOCK-/work/notes/cpu.lock}
locked() { if [ -n "$LOCK" ] && [ -e "$LOCK" ]; then flock "$LOCK" "$@"; else "$@"; fi; }
if [ ! -f "$JAR" ]; then
  (cd "$ROOT" && locked ./mvnw -B -q ${MVN_OFFLINE:+-o} -pl perf -am package -DskipTests -DskipNpm)
fi
mkdir -p "$OUT"
generate() {
  pids=()
  for c in $CONTIGS; do
    echo "# $(date -u +%FT%TZ) $c: $SAMPLES samples x $RECORDS records; load $(cut -d' ' -f1-3 /proc/loadavg)"
    java -Xmx1g -cp "$JAR" org.dasgrid.perf.cohort.CohortGenerator --samples "$SAMPLES" --variants "$RECORDS" \
      --seed 1 --contigs "$c" --level "$LEVEL" --out "$OUT/$c.vcf.gz" > "$OUT/$c.generate.log" 2>&1 &
    pids+=($!)
  done
  status=0
  for p in "${pids[@]}"; do wait "$p" || status=1; done
  return $status
}
export -f generate
export SAMPLES RECORDS CONTIGS LEVEL JAR OUT
locked bash -c generate || { tail -5 "$OUT"/*.generate.log; exit 1; }
for c in $CONTIGS; do
  tail -1 "$OUT/$c.generate.log"
  locked tabix -f -p vcf "$OUT/$c.vcf.gz"
done
echo "# $(date -u +%FT%TZ) done"; du -sb "$OUT"/*.vcf.gz
