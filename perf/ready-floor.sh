#!/usr/bin/env bash
# The same-run floor of the start-up figures: process start to /health/ready of `java -jar dasgrid.jar
# --no-warmup` serving one small GFF source (the bundled 177-record WormBase example), ROUNDS times — the
# JVM's and Tomcat's own start, which no index work can go below.
#
#   perf/ready-floor.sh
#
# Environment: JAR (webapp/target/dasgrid.jar), JAVA_OPTS (-Xmx512m), PORT (18345), ROUNDS (3). Loopback only.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; PORT=${PORT:-18345}; ROUNDS=${ROUNDS:-3}
WORK=$(mktemp -d)
. "$ROOT/perf/scripts/serve.sh"
trap 'serve_stop; rm -rf "$WORK"' EXIT
printf 'sources:\n  - {id: w, format: gff2, path: %s}\n' "$ROOT/webapp/src/main/resources/examples/data/ce_ws199.gff" \
  > "$WORK/dasgrid.yaml"
for r in $(seq "$ROUNDS"); do
  # shellcheck disable=SC2086
  serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" ${JAVA_OPTS:--Xmx512m} -- --no-warmup
  serve_wait_ready 6000 0.02
  echo "floor round $r: load $(cut -d' ' -f1-3 /proc/loadavg); process start to /health/ready: $SERVE_READY_MS ms"
  serve_stop
done
