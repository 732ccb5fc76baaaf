#!/usr/bin/env bash
# Restart cost of a source served from a genotype index (issue 17): process start to /health/ready of
# `java -jar dasgrid.jar` with the start-up warm-up off (--no-warmup; the default 15 s JIT warm-up would
# otherwise be most of it), then the heap in use after a full GC while serving (jcmd GC.run, GC.heap_info)
# and the RSS, after one whole-contig count. With --cold, the index file alone is first evicted from the page
# cache (GNU dd iflag=nocache: posix_fadvise DONTNEED on the file; no root needed, unlike drop_caches) and
# `fincore` shows how much of it was resident before and after.
#
#   perf/index-open.sh VCF[,VCF...] INDEX.dgi [--cold]
#
# INDEX may be an index set (a folder: its pieces' VCFs must be named as VCF is; fincore sums the pieces).
#
# Environment: JAR (webapp/target/dasgrid.jar), JAVA_OPTS (default -Xmx512m), PORT (18340), SEGMENT (the
# counted segment, chr17), WARMUP
# (--no-warmup; e.g. "--warmup-seconds 3"), CHECK (the source's genotypeIndexCheck, open or first-use; default:
# the server's, by the index's size). Loopback only; the server is stopped by its PID.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
# VCF may be a comma-separated list (a source of several VCFs, served from an index set)
VCF=$(IFS=,; for v in ${1:?usage: index-open.sh VCF[,VCF...] INDEX.dgi [--cold]}; do readlink -f "$v"; done | paste -sd,)
INDEX=$(readlink -f "${2:?usage: index-open.sh VCF INDEX.dgi [--cold]}")
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; PORT=${PORT:-18340}
WORK=$(mktemp -d)
. "$ROOT/perf/scripts/serve.sh"
trap 'serve_stop; rm -rf "$WORK"' EXIT
resident() {
  command -v fincore >/dev/null && find -L "$INDEX" -type f -print0 | xargs -0 fincore -b -n -o RES \
    | awk '{s += $1} END {printf "%.0f MB resident", s / 1e6}' || echo "fincore n/a"
}
if [ "${3:-}" = --cold ]; then
  before=$(resident)
  find -L "$INDEX" -type f -exec dd if={} iflag=nocache count=0 status=none \;
  echo "page cache: index $before before eviction, $(resident) after (dd iflag=nocache count=0)"
else
  echo "page cache: index $(resident) (warm run)"
fi
case $VCF in *,*) PATHS="[$VCF]" ;; *) PATHS=$VCF ;; esac
printf 'sources:\n  - {id: g, format: vcf, path: %s, genotypes: true, genotypeIndex: %s%s}\n' "$PATHS" "$INDEX" \
  "${CHECK:+, options: {genotypeIndexCheck: $CHECK\}}" > "$WORK/dasgrid.yaml"
# shellcheck disable=SC2086
serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" ${JAVA_OPTS:--Xmx512m} -- ${WARMUP:---no-warmup}
serve_wait_ready 6000 0.02
PID=$SERVE_PID
B=http://127.0.0.1:$PORT
echo "load $(cut -d' ' -f1-3 /proc/loadavg); JAVA_OPTS='${JAVA_OPTS:--Xmx512m}' ${WARMUP:---no-warmup} CHECK=${CHECK:-default}"
echo "process start to /health/ready: $SERVE_READY_MS ms"
grep -h "loaded\|FAILED\|ready" "$WORK/server.log" | head -5 || true
echo "page cache after open: index $(resident)"
curl -sf -o /dev/null "$B/genotypes/g/count?segment=${SEGMENT:-chr17}&zygosity=any"
jcmd "$PID" GC.run > /dev/null
sleep 1
jcmd "$PID" GC.heap_info | head -3
echo "RSS: $(( $(ps -o rss= -p "$PID") / 1024 )) MB"
