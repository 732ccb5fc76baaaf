#!/usr/bin/env bash
# Range-request throughput of DasGrid's /files/* against nginx serving the same bytes, keep-alive (wrk), as a
# genome browser reads an export: the .tbi whole, then 4 KB, 64 KB (about one BGZF block) and 1 MB ranges of
# the .gff3.gz. Starts nginx itself (on NGINX_PORT, serving the export folder DasGrid made) and stops it.
#
#   perf/ab/browser-ranges.sh DASGRID_BASE EXPORT_DIR SOURCE
#
#   DASGRID_BASE  root of a running DasGrid, e.g. http://127.0.0.1:8080 (its rate limit off: server.rateLimit)
#   EXPORT_DIR    its server.exportDir; the source's files must exist (ask for them once first)
#   SOURCE        source id, e.g. dmel
#
# Environment: DURATION (wrk seconds per run, default 5), C (connections, 10), NGINX_PORT (18480), PAIRS (3):
# each request is measured PAIRS times on each server, alternating, and the medians are compared, since other
# processes on a shared machine swing single runs by several times.
# Loopback targets only.
set -euo pipefail
. "$(dirname "$0")/../lib/nginx-files.sh"
if [ $# -lt 3 ]; then sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2; fi
BASE=${1%/}; EXPORTS=$2; SOURCE=$3
DURATION=${DURATION:-5}; PAIRS=${PAIRS:-3}; C=${C:-10}; NGINX_PORT=${NGINX_PORT:-18480}
case "$BASE" in http://127.*|http://localhost*) ;; *) echo "loopback targets only" >&2; exit 2 ;; esac
command -v wrk >/dev/null || { echo "wrk not found (apt-get install wrk)" >&2; exit 1; }
command -v nginx >/dev/null || { echo "nginx not found (apt-get install nginx)" >&2; exit 1; }

FILE=$SOURCE.gff3.gz
curl -sf -o /dev/null "$BASE/files/$SOURCE/$FILE" && curl -sf -o /dev/null "$BASE/files/$SOURCE/$FILE.tbi"
VERSION_DIR=$(dirname "$(ls -t "$EXPORTS/$SOURCE"/*/"$FILE" | head -1)")
WORK=$(mktemp -d)
trap 'stop_nginx_files "$WORK"; rm -rf "$WORK"' EXIT
start_nginx_files "$WORK" "$NGINX_PORT" "$SOURCE" "$VERSION_DIR"
NGINX=http://127.0.0.1:$NGINX_PORT
cmp <(curl -s "$BASE/files/$SOURCE/$FILE") <(curl -s "$NGINX/files/$SOURCE/$FILE") || { echo "not the same bytes" >&2; exit 1; }

rps() { # url range-header-or-empty
  local out
  if [ -n "$2" ]; then out=$(wrk -t1 -c"$C" -d"${DURATION}s" -H "Range: $2" "$1"); else out=$(wrk -t1 -c"$C" -d"${DURATION}s" "$1"); fi
  echo "$out" | awk '/Requests\/sec/ {print $2}'
}
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
echo "| request | bytes | DasGrid req/s, median (runs) | nginx req/s, median (runs) | ratio |"
echo "|---|---|---|---|---|"
for spec in "tbi|" "4KB|bytes=100000-104095" "64KB|bytes=200000-265535" "1MB|bytes=0-1048575"; do
  name=${spec%%|*}; range=${spec#*|}
  path=/files/$SOURCE/$FILE; [ "$name" = tbi ] && path=/files/$SOURCE/$FILE.tbi
  bytes=$(curl -s ${range:+-H "Range: $range"} "$BASE$path" | wc -c)
  rps "$BASE$path" "$range" >/dev/null # warm-up
  ds=(); ns=()
  for _ in $(seq "$PAIRS"); do
    ds+=("$(rps "$BASE$path" "$range")"); ns+=("$(rps "$NGINX$path" "$range")")
  done
  d=$(median "${ds[@]}"); n=$(median "${ns[@]}")
  echo "| $name | $bytes | $d (${ds[*]}) | $n (${ns[*]}) | $(awk -v a="$d" -v b="$n" 'BEGIN {printf "%.2f", a / b}') |"
done
