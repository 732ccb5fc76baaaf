# Sourced by the scripts that time a server's answers with wrk against a command-line tool
# (perf/run-biobank-benchmark.sh, perf/run-wholegenome-benchmark.sh): one way to take a shape's p50/p99 and to
# time the tool. Not executable on its own.
#
#   wrk_shape URL        # warm 3 s, then 10 s with --latency on one connection; sets P50 P99 RPS; fails on non-2xx
#   timed LABEL CMD...   # runs CMD three times, prints its output's line count and each run's wall time

wrk_shape() {
  local url=$1 out
  wrk -t1 -c1 -d3s "$url" > /dev/null
  out=$(wrk -t1 -c1 -d10s --latency "$url")
  if echo "$out" | grep -q "Non-2xx"; then echo "$url: wrk got non-2xx answers" >&2; exit 1; fi
  P50=$(echo "$out" | awk '$1 == "50%" {print $2}'); P99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  RPS=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
}

timed() {
  local label=$1 out="" n=0 t0 t1; shift
  for _ in 1 2 3; do t0=$(date +%s%N); n=$("$@" | wc -l); t1=$(date +%s%N); out="$out $(( (t1 - t0) / 1000000 ))ms"; done
  echo "  bcftools $label: $n lines,$out"
}
