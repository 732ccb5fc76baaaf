#!/usr/bin/env bash
# The genotype index (docs/genotypes.md, "Persistent index") on a generated cohort: builds the index once with
# the index command (build time, records/s, peak heap from its GC log, peak RSS), times a server's start to
# /health/ready on it and its heap after a full GC, then runs the genotype benchmark's Dnaerys shapes against
# the index (GenotypeBenchmark --index) with the GC log of that run kept. Compare with
# perf/run-genotype-benchmark.sh on the same cohort (the in-heap engine).
#
#   perf/run-genotype-index-benchmark.sh [SAMPLES [RECORDS]] [GenotypeBenchmark args]
#   perf/run-genotype-index-benchmark.sh 2504 1000000 --iterations 100 --warmup 100 --bcftools-runs 1
#
# Environment: INDEX_HEAP (heap of the build, default 3g), SERVE_HEAP (heap of the timed server, default 1g),
# BENCH_HEAP (heap of the benchmark JVM, default 2g), BENCH_DIR, MVN_OFFLINE=1 (see cohort-common.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in bcftools tabix curl; do
  command -v "$tool" >/dev/null || { echo "run-genotype-index-benchmark: $tool not found" >&2; exit 1; }
done
. perf/cohort-common.sh
if [ ! -f "$vcf.tbi" ]; then
  tabix -f -p vcf "$vcf"
fi
index="${vcf%.vcf.gz}.dgi"
if [ ! -f "$index" ]; then
  echo "# building $index" >&2
  /usr/bin/time -v -o "$dir/index-build.time" java -Xmx"${INDEX_HEAP:-3g}" -Xlog:gc:file="$dir/index-build.gc" \
    -cp "$cp" org.dasgrid.webapp.Main index --vcf "$vcf" --out "$index" | tee "$dir/index-build.out" >&2
fi
echo "## build"
grep -h "indexed" "$dir/index-build.out" || true
grep -h "Maximum resident\|Elapsed (wall" "$dir/index-build.time" || true
# the heap in use before each collection is the peak between two collections
awk '/Pause/ { if (match($0, /[0-9]+M->/)) { v = substr($0, RSTART, RLENGTH - 3) + 0; if (v > max) max = v } }
     END { printf "peak heap before a GC while building: %d MB\n", max }' "$dir/index-build.gc"

echo "## open"
config="$dir/index-serve.yaml"
printf 'sources:\n  - {id: cohort, format: vcf, path: %s, genotypes: true, genotypeIndex: %s}\n' \
  "$(realpath "$vcf")" "$(realpath "$index")" > "$config"
port=$((20000 + RANDOM % 20000))
start=$(date +%s.%N)
java -Xmx"${SERVE_HEAP:-1g}" -Xlog:gc:file="$dir/index-serve.gc" -cp "$cp" org.dasgrid.webapp.Main \
  --config "$config" --port "$port" --bind 127.0.0.1 --access-log off > "$dir/index-serve.out" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  if curl -sf "http://127.0.0.1:$port/health/ready" > /dev/null; then break; fi
  sleep 0.1
done
ready=$(date +%s.%N)
echo "process start to /health/ready 200: $(echo "$ready - $start" | bc) s"
grep -h "loaded cohort" "$dir/index-serve.out" || true
curl -s "http://127.0.0.1:$port/genotypes/cohort/count?segment=chr17&zygosity=any" > /dev/null
jcmd "$pid" GC.run > /dev/null
sleep 1
jcmd "$pid" GC.heap_info | head -3
echo "RSS: $(ps -o rss= -p "$pid") KB"
kill "$pid"
wait "$pid" 2>/dev/null || true
trap - EXIT

echo "## queries"
exec java -Xmx"${BENCH_HEAP:-2g}" -Xlog:gc:file="$dir/index-bench.gc" -cp "$cp" \
  org.dasgrid.perf.cohort.GenotypeBenchmark --vcf "$vcf" --index "$index" "$@"
