#!/usr/bin/env bash
# Genotype index build speed (issue 30 item 5): builds the index of one VCF (or of several as one source: a
# comma-separated list, e.g. a biobank's per-chromosome VCFs) with each jar given, ROUNDS rounds
# alternated, each under /usr/bin/time -v, and prints per build: records/s (the index command's own figure),
# wall and CPU seconds, CPU %, MB/s of the VCF file (compressed bytes / wall), peak RSS and bytes per non-ref call.
#
#   perf/build-speed.sh VCF.gz[,VCF.gz...] OUT_DIR JAR [JAR ...]
#   ROUNDS=2 XMX=2g THREADS=2 perf/build-speed.sh /work/data/c/plain2m.vcf.gz /work/data/c main.jar new.jar
#   ROUNDS=1 XMX=3g perf/build-speed.sh $D/chr13.vcf.gz,$D/chr17.vcf.gz,$D/chr22.vcf.gz,$D/chrX.vcf.gz out a.jar
#
# Each index is deleted after its round (OUT_DIR keeps the console and time logs) unless KEEP=1 (then it stays
# as OUT_DIR/JARNAME.dgi). EXTRA: more index arguments.
set -euo pipefail
. "$(dirname "$0")/lib/time-v.sh"
[ $# -ge 3 ] || { sed -n 2,12p "$0"; exit 2; }
vcf=$1
vcfs=(); IFS=, read -r -a list <<< "$vcf"; for v in "${list[@]}"; do vcfs+=(--vcf "$v"); done
out=$2
shift 2
rounds=${ROUNDS:-2}
mkdir -p "$out"
bytes=$(stat -c %s "${list[@]}" | awk '{s += $1} END {printf "%.0f", s}')
echo "# $(date -u +%FT%TZ) $(uptime | sed 's/.*load/load/')"
echo "# $vcf: $bytes bytes; rounds $rounds; -Xmx${XMX:-2g}; threads ${THREADS:-all}"
printf '%-10s %5s %12s %8s %8s %6s %8s %9s %10s\n' jar round records/s wall_s cpu_s cpu% MB/s rss_MB B/call
for round in $(seq 1 "$rounds"); do
  for jar in "$@"; do
    name=$(basename "$jar" .jar)
    log="$out/$name-r$round"
    rm -rf "$out/$name.dgi"
    /usr/bin/time -v -o "$log.time" java -Xmx"${XMX:-2g}" -jar "$jar" index "${vcfs[@]}" --out "$out/$name.dgi" \
      ${THREADS:+--threads "$THREADS"} ${EXTRA:-} > "$log.out" 2>&1
    line=$(grep "^indexed" "$log.out")
    rate=$(echo "$line" | sed -E 's/.* s, ([0-9,]+) records\/s.*/\1/')
    per=$(echo "$line" | sed -E 's/.*\(([0-9.]+) bytes per non-ref call\).*/\1/')
    read_time_v "$log.time"
    mbs=$(echo "scale=1; $bytes / 1000000 / $wall" | bc)
    printf '%-10s %5s %12s %8s %8s %6s %8s %9s %10s\n' "$name" "$round" "$rate" "$wall" "$cpu" "$pct" "$mbs" "$rss" "$per"
    grep "note:" "$log.out" || true
    [ -n "${KEEP:-}" ] || rm -rf "$out/$name.dgi"
  done
done
