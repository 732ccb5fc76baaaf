#!/usr/bin/env bash
# The genotype engine's shapes before and after a change, in one run on one machine: for each shape,
# engine kind (heap, index) and jar, EngineShapeTiming with that one engine in its JVM (as a server runs one
# kind; a JVM running both compiles the shared query code for both column kinds, and its rounds jump), the
# BEFORE jar then the AFTER one; then GenotypeBenchmark's shapes (HTTP in-process, bcftools once per shape).
#
#   perf/scripts/engine-shapes-ab.sh BEFORE-benchmarks.jar AFTER-benchmarks.jar COHORT.vcf.gz COHORT.dgi
#
# ITERATIONS (default 20000) and ROUNDS (5) set EngineShapeTiming's calls per round; GB_ITERATIONS (300) the
# GenotypeBenchmark requests per shape. Prints the raw output of every run, each headed by its jar and shape.
set -euo pipefail
before=$1
after=$2
vcf=$3
index=$4
iterations=${ITERATIONS:-20000}
rounds=${ROUNDS:-5}
gb=${GB_ITERATIONS:-300}
shapes=(
  "--segment chr17:7661779-7687538 --zygosity hom"
  "--segment chr17:7661779-7687538 --zygosity any --limit 100"
  "--segment chr13:32315508-32400268 --zygosity het"
  "--segment chr1:1-248956422 --zygosity any"
)
uptime
for shape in "${shapes[@]}"; do
  for only in heap index; do
    for jar in "$before" "$after"; do
      echo "== $(basename "$jar") EngineShapeTiming $shape --only $only"
      # shellcheck disable=SC2086
      java -Xmx2g -cp "$jar" org.dasgrid.perf.cohort.EngineShapeTiming --vcf "$vcf" --index "$index" $shape \
        --iterations "$iterations" --rounds "$rounds" --only "$only" 2>&1 | grep -v -e NativeLibraryLoader -e libgkl
    done
  done
done
for jar in "$before" "$after"; do
  echo "== $(basename "$jar") GenotypeBenchmark"
  java -Xmx3g -cp "$jar" org.dasgrid.perf.cohort.GenotypeBenchmark --vcf "$vcf" --index "$index" \
    --iterations "$gb" --warmup "$gb" --bcftools-runs 1 --rounds 5 2>&1 | grep -e '^|' -e '^#'
done
uptime
