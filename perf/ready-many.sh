#!/usr/bin/env bash
# Process start to /health/ready of one server holding SEVERAL indexed genotype sources, with the bytes of all
# their indexes resident in the page cache (issue 30 item 4: "ready <= 5 s for a 20 GB index"). Each INDEX is
# one source `s1`, `s2`, ... over the same VCF (copies of one index file are fine: each is opened, mapped and
# checked on its own). Prints the indexes' total and resident bytes (fincore), the ready time, each source's
# load line, and the RSS after one count on every source.
#
#   perf/ready-many.sh VCF INDEX [INDEX...]
#
# Environment: JAR (webapp/target/dasgrid.jar), JAVA_OPTS (-Xmx512m), PORT (18350), CHECK (the sources'
# genotypeIndexCheck; default the server's: first-use above 2 GiB), SEGMENT (counted segment, chr1:1,1000000),
# ROUNDS (3). The page cache is filled first (cat of every index). Loopback only; stopped by PID.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VCF=$(readlink -f "${1:?usage: ready-many.sh VCF INDEX [INDEX...]}"); shift
[ $# -gt 0 ] || { echo "usage: ready-many.sh VCF INDEX [INDEX...]" >&2; exit 2; }
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; PORT=${PORT:-18350}; ROUNDS=${ROUNDS:-3}
WORK=$(mktemp -d)
. "$ROOT/perf/scripts/serve.sh"
trap 'serve_stop; rm -rf "$WORK"' EXIT
INDEXES=(); for i in "$@"; do INDEXES+=("$(readlink -f "$i")"); done
resident() { find -L "${INDEXES[@]}" -type f -print0 | xargs -0 fincore -b -n -o RES | awk '{s += $1} END {printf "%.0f", s / 1e6}'; }
total=$(find -L "${INDEXES[@]}" -type f -print0 | xargs -0 du -cbL | tail -1 | cut -f1)
find -L "${INDEXES[@]}" -type f -exec cat {} + > /dev/null
echo "sources: ${#INDEXES[@]}; index bytes: $(( total / 1000000 )) MB; resident before the first round: $(resident) MB"
{
  echo "sources:"
  n=0
  for i in "${INDEXES[@]}"; do
    n=$((n + 1))
    printf '  - {id: s%d, format: vcf, path: %s, genotypes: true, genotypeIndex: %s%s}\n' "$n" "$VCF" "$i" \
      "${CHECK:+, options: {genotypeIndexCheck: $CHECK\}}"
  done
} > "$WORK/dasgrid.yaml"
for r in $(seq "$ROUNDS"); do
  # shellcheck disable=SC2086
  serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" ${JAVA_OPTS:--Xmx512m} -- --no-warmup
  serve_wait_ready 6000 0.02
  echo "round $r: load $(cut -d' ' -f1-3 /proc/loadavg); process start to /health/ready: $SERVE_READY_MS ms; resident $(resident) MB"
  grep -h "loaded\|FAILED" "$WORK/server.log" | sed 's/^/  /' || true
  for n in $(seq ${#INDEXES[@]}); do
    curl -sf -o /dev/null "http://127.0.0.1:$PORT/genotypes/s$n/count?segment=${SEGMENT:-chr1:1,1000000}&zygosity=any"
  done
  echo "  RSS after a count on every source: $(( $(ps -o rss= -p "$SERVE_PID") / 1024 )) MB"
  serve_stop
done
