#!/usr/bin/env bash
# Time from opening a genome view to its features drawn (issue 21): starts DasGrid on the bundled sources (rate
# limit off, exports in a temporary folder) and nginx serving the same export files, then runs
# webapp/frontend/browser-test/measure-views.mjs (headless Chromium: JBrowse 2 on DasGrid's /files vs on nginx,
# igv.js on the exports vs the home page's DAS JSON view). Stops both servers by PID when done.
#
#   perf/browser/views.sh [ROUNDS] [--only TEXT]
#
# Needs: webapp/target/dasgrid.jar (./mvnw -DskipTests package), nginx, chromium, npm packages in
# webapp/frontend (npm ci). Ports: DASGRID_PORT (18322), NGINX_PORT (18481). Loopback only.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/perf/lib/nginx-files.sh"
ROUNDS=${1:-5}; shift || true
DASGRID_PORT=${DASGRID_PORT:-18322}; NGINX_PORT=${NGINX_PORT:-18481}
for t in nginx node; do command -v $t >/dev/null || { echo "views: $t not found" >&2; exit 1; }; done
WORK=$(mktemp -d)
DASGRID_PID=""
cleanup() {
  if [ -n "$DASGRID_PID" ]; then kill "$DASGRID_PID" 2>/dev/null || true; wait "$DASGRID_PID" 2>/dev/null || true; fi
  stop_nginx_files "$WORK"
  rm -rf "$WORK"
}
trap cleanup EXIT
cp -r "$ROOT/webapp/src/main/resources/examples/data" "$WORK/data"
# the bundled config with the rate limit off (all load comes from one address) and the exports in $WORK
{
  echo "server:"
  echo "  rateLimit: {enabled: false}"
  echo "  exportDir: $WORK/exports"
  sed -n '/^server:/,/^sources:/{/^server:/d;/^sources:/d;p}' "$ROOT/webapp/src/main/resources/examples/dasgrid.yaml"
  sed -n '/^sources:/,$p' "$ROOT/webapp/src/main/resources/examples/dasgrid.yaml"
} > "$WORK/dasgrid.yaml"
java -jar "$ROOT/webapp/target/dasgrid.jar" --config "$WORK/dasgrid.yaml" --port "$DASGRID_PORT" --bind 127.0.0.1 \
  --access-log off > "$WORK/dasgrid.log" 2>&1 &
DASGRID_PID=$!
BASE=http://127.0.0.1:$DASGRID_PORT
for _ in $(seq 120); do curl -sf "$BASE/health/ready" >/dev/null && break; sleep 1; done
curl -sf "$BASE/health/ready" >/dev/null || { echo "views: DasGrid not ready" >&2; tail "$WORK/dasgrid.log" >&2; exit 1; }
# make the dmel exports, then serve the same folder with nginx
curl -sf -o /dev/null "$BASE/files/dmel/dmel.gff3.gz"; curl -sf -o /dev/null "$BASE/files/dmel/dmel.gff3.gz.tbi"
VERSION_DIR=$(dirname "$(ls -t "$WORK"/exports/dmel/*/dmel.gff3.gz | head -1)")
start_nginx_files "$WORK" "$NGINX_PORT" "dmel" "$VERSION_DIR"
NGINX=http://127.0.0.1:$NGINX_PORT
cmp <(curl -s "$BASE/files/dmel/dmel.gff3.gz") <(curl -s "$NGINX/files/dmel/dmel.gff3.gz") \
  || { echo "views: nginx does not serve the same bytes" >&2; exit 1; }
echo "Machine: $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); commit $(git -C "$ROOT" rev-parse --short HEAD); $(date -u +%FT%TZ)"
cd "$ROOT/webapp/frontend"
node browser-test/measure-views.mjs --base "$BASE" --nginx "$NGINX" --rounds "$ROUNDS" "$@"
