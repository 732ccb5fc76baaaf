#!/usr/bin/env bash
# What the field's own tools take to read every genotype of the same VCF (issue 30 item 5's reference): plink2
# importing it into its own compact genotype format (--make-pgen, on every core: the nearest job to the index
# build) and bcftools converting it to uncompressed BCF (every sample column parsed), ROUNDS rounds, each
# under /usr/bin/time -v, with each tool's start-up floor measured on the same VCF cut to its first record.
# With JAR, the index build of that jar runs in the same rounds (as perf/build-speed.sh runs it).
#
#   perf/build-tools.sh VCF.gz OUT_DIR [JAR]
#   ROUNDS=2 THREADS=2 XMX=2g perf/build-tools.sh /data/plain2m.vcf.gz /data/tools webapp/target/dasgrid.jar
#
# TOOLS="plink2" (or "bcftools") runs only those tools (default both: bcftools takes ~4x plink2's time).
# Prints per run: tool, round, wall s, CPU s, CPU %, records/s (records / wall, the JVM's start included for
# dasgrid; none for a floor), peak RSS. OUT_DIR keeps the tools' logs and time files; their outputs are deleted
# after each run.
set -euo pipefail
. "$(dirname "$0")/lib/time-v.sh"
[ $# -ge 2 ] || { sed -n 2,14p "$0"; exit 2; }
vcf=$1
out=$2
jar=${3:-}
rounds=${ROUNDS:-2}
threads=${THREADS:-$(nproc)}
for tool in plink2 bcftools bgzip tabix; do
  command -v "$tool" >/dev/null || { echo "perf/build-tools.sh: $tool is not installed" >&2; exit 1; }
done
mkdir -p "$out"
records=$(bcftools index -n "$vcf" 2>/dev/null || zcat "$vcf" | grep -vc '^#')
one="$out/first-record.vcf.gz"
# the header and the first record: what a tool's start-up costs (reading the header, loading itself)
{ zcat "$vcf" | awk '/^#/ {print; next} {print; exit}' || true; } | bgzip > "$one"
tabix -f -p vcf "$one" # bcftools takes the contigs a header does not declare from the index
echo "# $(date -u +%FT%TZ) $(uptime | sed 's/.*load/load/')"
echo "# $vcf: $(stat -c %s "$vcf") bytes, $records records; rounds $rounds; threads $threads"
echo "# $(plink2 --version | head -1); $(bcftools --version | head -1)"
printf '%-16s %5s %8s %8s %6s %12s %9s\n' tool round wall_s cpu_s cpu% records/s rss_MB

# runs one timed command as NAME ROUND INPUT_RECORDS -- COMMAND...
timed() {
  local name=$1 round=$2 n=$3
  shift 4
  /usr/bin/time -v -o "$out/$name-r$round.time" "$@" > "$out/$name-r$round.log" 2>&1 \
    || { echo "perf/build-tools.sh: $name failed, see $out/$name-r$round.log" >&2; exit 1; }
  local wall cpu pct rss rate
  read_time_v "$out/$name-r$round.time"
  rate=$(awk -v n="$n" -v w="$wall" 'BEGIN {if (n <= 1 || w == 0) print "-"; else printf "%.0f", n / w}')
  printf '%-16s %5s %8s %8s %6s %12s %9s\n' "$name" "$round" "$wall" "$cpu" "$pct" "$rate" "$rss"
}

# plink2: half calls (./1) as missing (its default refuses them), contigs it does not know kept
plink2_args=(--vcf-half-call missing --allow-extra-chr --make-pgen --threads "$threads" --memory 8000 --out "$out/pgen")
tools=" ${TOOLS:-plink2 bcftools} "
for round in $(seq 1 "$rounds"); do
  if [[ $tools == *" plink2 "* ]]; then
    timed plink2-floor "$round" 1 -- plink2 --vcf "$one" "${plink2_args[@]}"
    timed plink2-pgen "$round" "$records" -- plink2 --vcf "$vcf" "${plink2_args[@]}"
  fi
  if [[ $tools == *" bcftools "* ]]; then
    timed bcftools-floor "$round" 1 -- bcftools view -Ou -o /dev/null "$one"
    timed bcftools-bcf "$round" "$records" -- bcftools view -Ou -o /dev/null "$vcf"
  fi
  if [ -n "$jar" ]; then
    rm -rf "$out/dasgrid.dgi"
    timed dasgrid-index "$round" "$records" -- java -Xmx"${XMX:-2g}" -jar "$jar" index --vcf "$vcf" \
      --out "$out/dasgrid.dgi" --threads "$threads"
    rm -rf "$out/dasgrid.dgi"
  fi
  rm -f "$out"/pgen.*
done
