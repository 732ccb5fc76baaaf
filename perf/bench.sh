#!/usr/bin/env bash
# One command per benchmark table (docs/benchmarks.md). Builds perf/target/benchmarks.jar (unless
# SKIP_BUILD=1), starts a BenchServer on a free loopback port when the benchmark needs one, runs, stops it.
#
#   perf/bench.sh ab [N=.. N_LARGE=.. C=.. env]     ab stress table (warm, cache off, static; MyDas with MYDAS=)
#   perf/bench.sh request-path [N=.. WARM=.. env]    default config (rate limit on) vs the static servlet
#   perf/bench.sh genotype-wrk [SECONDS_PER_SHAPE=..]  genotype latency with wrk (bundled ceu), bcftools floor
#   perf/bench.sh gatling SIM [-Dprop=value ...]     SIM = DasStress | BrowserSessions | Batch | GenotypeQueries
#   perf/bench.sh jmh [JMH args]                     e.g. perf/bench.sh jmh Serialization -f 1
#   perf/bench.sh server [BenchServer args]          a BenchServer in the foreground (Ctrl-C stops it)
#
# Tables are printed and written to perf/results/ (git-ignored). JAVA_OPTS reaches the BenchServer JVM;
# BENCH_ARGS adds BenchServer arguments (e.g. "--config my.yaml --source g1k"). Maven runs online (the
# gatling-maven-plugin is fetched on first use); MVN_OFFLINE=1 adds -o once ~/.m2 holds everything.
# For ab, MYDAS=PATH/build-and-run.sh (the MyDas peer's script, kept outside the repository) builds MyDas once
# in MYDAS_WORK (default /tmp/mydas), starts it un-niced for the run and stops it after; or MYDAS_BASE=URL
# names a MyDas already running. Either adds MyDas's rows to the table, measured in the same run.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
RESULTS=$ROOT/perf/results
mkdir -p "$RESULTS"
STAMP=$(date -u +%Y%m%d-%H%M%S)

build() {
  if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f perf/target/benchmarks.jar ]; then
    ./mvnw -B -q ${MVN_OFFLINE:+-o} -DskipTests package -pl perf -am
  fi
}

SERVER_PID=""
PORT=""
WORK=""
stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" && wait "$SERVER_PID" 2>/dev/null || true
  fi
  # an if, not [ ] &&: under set -e a false test as the EXIT trap's last command would fail a good run
  if [ -n "$WORK" ]; then rm -rf "$WORK"; fi
}
trap stop_server EXIT

MYDAS_STARTED=""
# the MyDas peer for the ab table: built (once) and started by its own script, stopped by it at exit
start_mydas() {
  [ -n "${MYDAS:-}" ] || return 0
  [ -x "$MYDAS" ] || { echo "bench: MYDAS=$MYDAS is not the peer's build-and-run.sh" >&2; exit 1; }
  MYDAS_WORK=${MYDAS_WORK:-/tmp/mydas}
  "$MYDAS" "$MYDAS_WORK" build >&2
  local exports
  exports=$(MYDAS_NICE=0 "$MYDAS" "$MYDAS_WORK" run | grep '^export ')
  eval "$exports"
  MYDAS_STARTED=1
  trap 'stop_server; stop_mydas' EXIT
}
stop_mydas() {
  if [ -n "$MYDAS_STARTED" ]; then "$MYDAS" "$MYDAS_WORK" stop >&2 || true; fi
}

start_server() {
  WORK=$(mktemp -d)
  # run from a copy, so a rebuild during the run cannot swap classes under the server
  cp perf/target/benchmarks.jar "$WORK/bench.jar"
  # shellcheck disable=SC2086
  java ${JAVA_OPTS:-} -cp "$WORK/bench.jar" org.dasgrid.perf.BenchServer --port 0 --port-file "$WORK/port" \
    ${BENCH_ARGS:-} >"$WORK/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 300); do
    [ -s "$WORK/port" ] && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log" >&2; echo "bench: BenchServer died" >&2; exit 1; }
    sleep 1
  done
  [ -s "$WORK/port" ] || { echo "bench: BenchServer not ready in 5 minutes" >&2; exit 1; }
  PORT=$(cat "$WORK/port")
  grep -E "^BenchServer" "$WORK/server.log" >&2
}

machine() {
  echo "Machine: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $(free -g | awk '/Mem:/ {print $2}') GiB;" \
    "$(java -version 2>&1 | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg);" \
    "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!perf/results' || echo '+local changes')"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
  ab)
    build
    start_server
    start_mydas
    out="$RESULTS/ab-$STAMP.md"
    {
      machine
      echo
      SERVER_PID=$SERVER_PID MYDAS_BASE=${MYDAS_BASE:-} MYDAS_PID=${MYDAS_PID:-} \
        perf/ab/das-stress.sh "http://127.0.0.1:$PORT" "${SOURCE:-dmel}" \
        "http://127.0.0.1:$PORT/static" "http://127.0.0.1:$PORT/cold"
    } | tee "$out"
    echo "(written to $out)" >&2
    ;;
  request-path)
    build
    BENCH_ARGS="--as-shipped --no-cold ${BENCH_ARGS:-}" start_server
    out="$RESULTS/request-path-$STAMP.md"
    {
      machine
      echo
      SERVER_PID=$SERVER_PID perf/ab/request-path.sh "http://127.0.0.1:$PORT" "http://127.0.0.1:$PORT/static" \
        "${SOURCE:-dmel}"
    } | tee "$out"
    echo "(written to $out)" >&2
    ;;
  genotype-wrk)
    build
    WORK_VCF=$(mktemp -d)
    cp webapp/src/main/resources/examples/data/ceu_exon.vcf.gz "$WORK_VCF/ceu.vcf.gz"
    bcftools index -t "$WORK_VCF/ceu.vcf.gz"
    urls=""
    for u in $(grep -o '|/genotypes/[^|]*' perf/wrk/genotype-latency.sh | tr -d '|' | sed 's/\$SOURCE/ceu/'); do
      urls="$urls --url $u"
    done
    BENCH_ARGS="--no-cold $urls ${BENCH_ARGS:-}" start_server
    out="$RESULTS/genotype-wrk-$STAMP.md"
    {
      machine
      echo
      perf/wrk/genotype-latency.sh "http://127.0.0.1:$PORT" "$WORK_VCF/ceu.vcf.gz" ceu
    } | tee "$out"
    rm -rf "$WORK_VCF"
    echo "(written to $out)" >&2
    ;;
  gatling)
    sim=${1:?"usage: perf/bench.sh gatling DasStress|BrowserSessions|Batch|GenotypeQueries [-Dprop=value ...]"}
    shift
    build
    # every BrowserSessions user has a locus of its own: the static baseline must hold all their views
    [ "$sim" = BrowserSessions ] && BENCH_ARGS="--browser-users ${BROWSER_USERS:-100} ${BENCH_ARGS:-}"
    start_server
    machine | tee "$RESULTS/$sim-$STAMP.machine.txt"
    ./mvnw -B -q ${MVN_OFFLINE:+-o} -pl perf -am -DskipTests -Pgatling verify \
      -Dgatling.simulationClass="org.dasgrid.perf.gatling.$sim" -DbaseUrl="http://127.0.0.1:$PORT" \
      -DserverPid="$SERVER_PID" "$@"
    ;;
  jmh)
    build
    java -jar perf/target/benchmarks.jar -rf text -rff "$RESULTS/jmh-$STAMP.txt" "$@"
    machine >>"$RESULTS/jmh-$STAMP.txt"
    ;;
  server)
    build
    exec java ${JAVA_OPTS:-} -cp perf/target/benchmarks.jar org.dasgrid.perf.BenchServer "$@"
    ;;
  *)
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
