#!/usr/bin/env bash
# The information bound of a biobank cohort's carrier sets against its index's size (issue 30: "<= 2 bytes per
# non-ref call"): serves COHORT_DIR's four VCFs from INDEX, reads every ALT row as NDJSON and hands them to
# set-bound.py, which prints the bound and the index's bytes per non-ref call.
#
#   perf/scripts/set-bound.sh COHORT_DIR INDEX SAMPLES     (e.g. /work/data/bigdata/bb500k bb500k.dgi 500000)
#
# Environment: JAR (webapp/target/dasgrid.jar), PORT (18390). Loopback only; the server is stopped by its PID.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
D=$(readlink -f "${1:?usage: set-bound.sh COHORT_DIR INDEX SAMPLES}"); I=$(readlink -f "${2:?index}"); N=${3:?samples}
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; PORT=${PORT:-18390}
WORK=$(mktemp -d)
. "$ROOT/perf/scripts/serve.sh"
trap 'serve_stop; rm -rf "$WORK"' EXIT
"$ROOT/perf/scripts/biobank-config.sh" "$D" "$I" > "$WORK/dasgrid.yaml"
serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" -Xmx1g -- --no-warmup
serve_wait_ready 6000 0.05
for c in chr13 chr17 chr22 chrX; do
  curl -sf -H 'Accept: application/x-ndjson' "http://127.0.0.1:$PORT/genotypes/bb/variants?segment=$c&zygosity=any"
done > "$WORK/rows"
python3 "$ROOT/perf/scripts/set-bound.py" "$N" "$(du -sb "$I" | cut -f1)" < "$WORK/rows"
