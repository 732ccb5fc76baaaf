# Sourced (from the project root) by run-genotype-benchmark.sh and run-cluster-benchmark.sh: takes the
# optional SAMPLES and RECORDS arguments off "$@" (defaults 2504 and 100000), builds the perf module and its
# runtime class path ($cp), and generates the cohort $vcf once into $dir (BENCH_DIR, default perf/results).
# MVN_OFFLINE=1 builds with ./mvnw -o (needs a filled ~/.m2).
samples=2504
variants=100000
if [[ $# -gt 0 && $1 != -* ]]; then samples=$1; shift; fi
if [[ $# -gt 0 && $1 != -* ]]; then variants=$1; shift; fi
dir=${BENCH_DIR:-perf/results}
vcf="$dir/cohort-${samples}x${variants}.vcf.gz"
mkdir -p "$dir"
echo "# building perf and its classpath" >&2
./mvnw -B -q ${MVN_OFFLINE:+-o} package -DskipTests -pl perf -am dependency:build-classpath \
  -Dmdep.includeScope=runtime -Dmdep.outputFile=target/classpath.txt
cp="perf/target/classes:$(cat perf/target/classpath.txt)"
if [ ! -f "$vcf" ]; then
  # ~2.5 minutes and ~250 MB for 2,504 x 1,000,000 on a 2-core machine; progress every tenth of the records.
  # Written under another name and renamed when complete, so a stopped run generates again.
  echo "# generating $vcf ($samples samples x $variants records)" >&2
  partial="$dir/partial-$(basename "$vcf")"
  java -cp "$cp" org.dasgrid.perf.cohort.CohortGenerator --samples "$samples" --variants "$variants" --seed 1 \
    --out "$partial" >&2
  mv "$partial" "$vcf"
  rm -f "$vcf.tbi"
fi
