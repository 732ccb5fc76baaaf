#!/usr/bin/env bash
# Genotype queries on an index with the page cache cold and warm (issue 17). For each shape: starts
# `java -jar dasgrid.jar` on the index (--no-warmup), evicts the index file from the page cache (GNU dd
# iflag=nocache count=0: posix_fadvise DONTNEED; /proc/sys/vm/drop_caches needs root, which the shared
# machine does not give) and times one request (cold: every index page it reads comes from disk), then 30
# requests (the median of the last 20 is the warm figure). Eviction works because the open checks the
# sections' checksums with positional reads, not through the mapping: pages a process has mapped cannot be
# evicted without root, pages it only read can. Before the eviction the same shape is asked 30 times on
# another contig (its pages stay mapped, the target's are evicted), so the cold request finds the JIT warm and
# only the page cache cold. Reports the server's elapsed_db_ms, curl's total time, and what fincore says is
# resident after the eviction and after the cold request. Every request sends Cache-Control: no-cache, so none
# is answered from the answer cache (hit ratio 0 in both columns).
#
#   perf/index-cold.sh VCF INDEX.dgi
#
# Environment: JAR, JAVA_OPTS (default -Xmx512m), PORT (18350). Loopback only; each server is stopped by PID.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VCF=$(readlink -f "${1:?usage: index-cold.sh VCF INDEX.dgi}"); INDEX=$(readlink -f "${2:?usage: index-cold.sh VCF INDEX.dgi}")
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; PORT=${PORT:-18350}
WORK=$(mktemp -d)
. "$ROOT/perf/scripts/serve.sh"
trap 'serve_stop; rm -rf "$WORK"' EXIT
resident() { fincore -b -n -o RES "$INDEX" | awk '{printf "%.1f MB", $1 / 1e6}'; }
printf 'server: {maxGenotypeSpan: 300000000, rateLimit: {enabled: false}}\nsources:\n  - {id: g, format: vcf, path: %s, genotypes: true, genotypeIndex: %s}\n' \
  "$VCF" "$INDEX" > "$WORK/dasgrid.yaml"
start() {
  # shellcheck disable=SC2086
  serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" ${JAVA_OPTS:--Xmx512m} -- --no-warmup
  serve_wait_ready 3000 0.05
}
B=http://127.0.0.1:$PORT/genotypes/g
TP53=chr17:7661779,7687538; BRCA2=chr13:32315508,32400268
one() { # prints "elapsed_db_ms http_ms rows-ish bytes"
  # no-cache: every request rendered (answer cache hit ratio 0), so warm and cold compare the same work
  curl -s -H 'Cache-Control: no-cache' -o "$WORK/body" -w '%{time_total} %{size_download}\n' "$B/$1" > "$WORK/t"
  db=$(grep -o -m1 '"elapsed_db_ms":[0-9.eE-]*' "$WORK/body" | cut -d: -f2 || true)
  read -r total size < "$WORK/t"
  echo "${db:-?} $(awk -v t="$total" 'BEGIN{printf "%.3f", t * 1000}') $size"
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "load $(cut -d' ' -f1-3 /proc/loadavg); index $(du -m "$INDEX" | cut -f1) MB"
echo
echo "| shape | answer bytes | cold elapsed_db_ms | cold HTTP ms | warm elapsed_db_ms (median of 20) | warm HTTP ms | resident after eviction | after the cold request |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
# name|path|the same shape on other contigs (JIT warm-up)
for spec in "TP53 het, limit 100|variants?segment=$TP53&zygosity=het&limit=100|variants?segment=chr1:7661779,7687538&zygosity=het&limit=100" \
            "BRCA2 hom, unlimited|variants?segment=$BRCA2&zygosity=hom|variants?segment=chr2:32315508,32400268&zygosity=hom" \
            "chrM (mito), any|variants?segment=chrM&zygosity=any|variants?segment=chr21:10000000,10016569&zygosity=any" \
            "samples any in TP53+BRCA2|samples?segment=$TP53&segment=$BRCA2&zygosity=any|samples?segment=chr1:7661779,7687538&segment=chr2:32315508,32400268&zygosity=any" \
            "count any, whole chr17|count?segment=chr17&zygosity=any|count?segment=chr18&zygosity=any"; do
  name=${spec%%|*}; rest=${spec#*|}; path=${rest%%|*}; warmup=${rest#*|}
  start
  for _ in $(seq 30); do one "$warmup" > /dev/null; done
  dd if="$INDEX" iflag=nocache count=0 status=none
  evicted=$(resident)
  read -r cdb chttp size < <(one "$path")
  after=$(resident)
  for _ in $(seq 10); do one "$path" > /dev/null; done
  for _ in $(seq 20); do one "$path"; done > "$WORK/warm"
  wdb=$(cut -d' ' -f1 "$WORK/warm" | median); whttp=$(cut -d' ' -f2 "$WORK/warm" | median)
  serve_stop
  echo "| $name | $size | $cdb | $chttp | $wdb | $whttp | $evicted | $after |"
done
