#!/usr/bin/env bash
# Cohort exports and frequencies (docs/genotypes.md, "Cohort exports") against the tools doing the same work
# from the VCF, measured with an external client (curl) against a running dasgrid.jar; prints a Markdown table
# (docs/benchmarks.md, "Cohort exports"). Needs bcftools, bgzip, tabix, plink1.9 and curl. The export deflates
# BGZF at level 1 on 2 threads: the BRCA2 VCF is also compared with bcftools at level 1 (-Oz1), with 2 extra
# threads (--threads 2), and with bgzip alone compressing the export's own text (the deflate floor).
#
#   perf/run-export-benchmark.sh COHORT.vcf.gz [RUNS]
#
# COHORT.vcf.gz: a CohortGenerator cohort (perf/README.md), e.g. 2,504 x 200,000:
#   java -cp ... org.dasgrid.perf.cohort.CohortGenerator --samples 2504 --variants 200000 --seed 1 --out X.vcf.gz
# Made beside it once: its persistent index (X.dgi), a sample sheet with 26 populations (X.samples.tsv), the
# 10,000 variants to ask for. Each figure is the median of RUNS (default 5) after one warm-up run. The
# tools' start-up floor (bcftools --version, plink1.9 --version) is measured in the same run and shown apart.
# Environment: JAR (default webapp/target/dasgrid.jar), PORT (default 18632), HEAP (default 4g).
set -euo pipefail
cd "$(dirname "$0")/.."
vcf=$(readlink -f "$1")
runs=${2:-5}
JAR=${JAR:-webapp/target/dasgrid.jar}
port=${PORT:-18632}
for tool in bcftools bgzip tabix plink1.9 curl; do
  command -v "$tool" >/dev/null || { echo "run-export-benchmark: $tool not found" >&2; exit 1; }
done
base=${vcf%.vcf.gz}
work=$(mktemp -d)
[ -f "$vcf.tbi" ] || tabix -p vcf "$vcf"
if [ ! -f "$base.dgi" ]; then
  echo "# indexing $vcf" >&2
  java -Xmx"${HEAP:-4g}" -jar "$JAR" index --vcf "$vcf" --out "$base.dgi" >&2
fi
if [ ! -f "$base.samples.tsv" ]; then
  bcftools query -l "$vcf" | awk 'BEGIN { srand(1); print "sample\tpopulation" }
    { printf "%s\tP%02d\n", $1, int(rand() * 26) }' > "$base.samples.tsv"
fi
tail -n +2 "$base.samples.tsv" > "$work/groups.txt"
if [ ! -f "$base.freq-10000.txt" ]; then
  # 10,000 variants spread over the file, named CHROM:POS:REF:ALT (split records: one ALT each)
  bcftools norm -m- "$vcf" 2>/dev/null | bcftools query -f '%CHROM:%POS:%REF:%ALT\n' \
    | awk -v n="$(bcftools index -n "$vcf")" 'BEGIN { srand(2) } rand() < 10500 / n && ++k <= 10000' \
    > "$base.freq-10000.txt"
fi
awk -F: '{ print $1 "\t" $2 }' "$base.freq-10000.txt" | sort -u -k1,1 -k2,2n > "$work/freq-sites.tsv"
bcftools query -l "$vcf" | awk 'NR <= 100' | paste -sd, > "$work/s100.txt"
s100=$(cat "$work/s100.txt")
brca2="chr13:32315508-32400268"
chrom=chr1

cat > "$work/export.yaml" <<YAML
server: {rateLimit: {enabled: false}}
sources:
  - {id: cohort, format: vcf, path: $vcf, genotypes: true, genotypeIndex: $base.dgi, samples: $base.samples.tsv,
     options: {maxExportCalls: "10000000000"}}
YAML
. perf/scripts/serve.sh
serve_start "$work/export.yaml" "$port" "$work/server.log" -Xmx"${HEAP:-4g}" -- --no-warmup
for i in $(seq 1 300); do
  curl -fs "http://127.0.0.1:$port/health/ready" > /dev/null 2>&1 && break
  sleep 1
done
url="http://127.0.0.1:$port/genotypes/cohort"

# CPU seconds used so far by this shell's children (the tools) and by the server process
# (times must run in the shell that ran the tools, not in a $(...) subshell: it writes to a file)
children_cpu() { times > "$work/times"; awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/);
  printf "%.3f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$work/times"; }
server_cpu() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.3f", ($14 + $15) / hz }' "/proc/$SERVE_PID/stat"; }
# "WALL CPU": median wall seconds and median CPU seconds (the server's for ours, the tools' for theirs) of a
# command run N times (default RUNS) after one warm-up; CPU time is what a loaded machine (other work on its
# 2 cores) leaves comparable
median() {
  local n=$runs warm=1
  if [ "$1" = --once ]; then n=${FREQ_RUNS:-2}; warm=0; shift; fi
  [ "$warm" = 1 ] && "$@" > /dev/null 2>&1
  for i in $(seq 1 "$n"); do
    local t0 t1 c0 c1
    local which=children_cpu
    case $1 in get | post | post_tsv) which=server_cpu ;; esac
    $which > "$work/c0"; t0=$(date +%s%N)
    "$@" > /dev/null 2>&1
    t1=$(date +%s%N); $which > "$work/c1"
    c0=$(cat "$work/c0"); c1=$(cat "$work/c1")
    echo "$(( (t1 - t0) / 1000 )) $(awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%d", (b - a) * 1e6 }')"
  done > "$work/runs"
  local mid='{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] / 1e6 }'
  echo "$(cut -d' ' -f1 "$work/runs" | sort -n | awk "$mid") $(cut -d' ' -f2 "$work/runs" | sort -n | awk "$mid")"
}
get() { curl -fs -o "$work/out" "$1"; }
# no "Expect: 100-continue" (curl's default for large bodies; browsers and HTTP libraries do not send it)
post() { curl -fs -o "$work/out" -H 'Expect:' -H 'Content-Type: text/plain' --data-binary @"$base.freq-10000.txt" \
  "$url/frequencies"; }
post_tsv() { curl -fs -o "$work/out" -H 'Expect:' -H 'Accept: text/tab-separated-values' -H 'Content-Type: text/plain' \
  --data-binary @"$base.freq-10000.txt" "$url/frequencies"; }
bcf_view() { bcftools view "$@" -Oz -o "$work/bcf.vcf.gz" "$vcf"; }
bcf_view1() { bcftools view "$@" -Oz1 -o "$work/bcf.vcf.gz" "$vcf"; }
# bcftools with 2 compression threads beside its own, as the export deflates on a pool of 2
bcf_view1t() { bcftools view --threads 2 "$@" -Oz1 -o "$work/bcf.vcf.gz" "$vcf"; }
# the deflate floor: bgzip alone compressing the export's text (LEVEL), no VCF work
bgzip_of() { bgzip -l "$1" -c "$work/export.vcf" > "$work/floor.vcf.gz"; }
plink_of() { bcftools view "$@" -Ob -o "$work/sub.bcf" "$vcf" && plink1.9 --bcf "$work/sub.bcf" --make-bed \
  --keep-allele-order --vcf-half-call m --allow-extra-chr --out "$work/p"; }
fill_tags() { bcftools view -R "$work/freq-sites.tsv" -Ou "$vcf" | bcftools norm -m- -Ou \
  | bcftools +fill-tags -Ou -o "$work/f.bcf" -- -S "$work/groups.txt" -t AC,AN,AF; }

floor_bcf=$(median bcftools --version)
floor_plink=$(median plink1.9 --version)
floor_both=$(awk -v a="${floor_bcf% *}" -v b="${floor_plink% *}" -v c="${floor_bcf#* }" -v d="${floor_plink#* }" \
  'BEGIN { print a + b, c + d }')
echo "| work | DasGrid wall / CPU (s) | tool wall / CPU (s) | tool - floor, wall / CPU (s) | ratio wall / CPU | bytes |"
echo "|---|---|---|---|---|---|"
row() { # name "ours_wall ours_cpu" "tool_wall tool_cpu" "floor_wall floor_cpu" bytes
  awk -v n="$1" -v o="$2" -v t="$3" -v f="$4" -v z="$5" 'BEGIN { split(o, a, " "); split(t, b, " "); split(f, c, " ");
    dw = b[1] - c[1]; dc = b[2] - c[2];
    printf "| %s | %.3f / %.3f | %.3f / %.3f | %.3f / %.3f | %.1fx / %.1fx | %s |\n", n, a[1], a[2], b[1], b[2], dw, dc,
      dw / a[1], (a[2] > 0 ? dc / a[2] : 0), z }'
}
ours=$(median get "$url/export?format=vcf&segment=${brca2/-/,}"); size=$(stat -c %s "$work/out")
row "BRCA2 x 2,504, VCF (bcftools view -r -Oz)" "$ours" "$(median bcf_view -r "$brca2")" "$floor_bcf" "$size"
row "BRCA2 x 2,504, VCF (bcftools view -r -Oz1)" "$ours" "$(median bcf_view1 -r "$brca2")" "$floor_bcf" "$size"
row "BRCA2 x 2,504, VCF (bcftools view --threads 2 -r -Oz1)" "$ours" "$(median bcf_view1t -r "$brca2")" "$floor_bcf" \
  "$size"
bgzip -dc "$work/out" > "$work/export.vcf"
row "BRCA2 x 2,504, VCF (deflate floor: bgzip -l 1 of the export's $(stat -c %s "$work/export.vcf") bytes)" "$ours" \
  "$(median bgzip_of 1)" "0 0" "$size"
row "BRCA2 x 2,504, VCF (deflate floor: bgzip -l 6, bcftools' default level)" "$ours" "$(median bgzip_of 6)" "0 0" \
  "$size"
rm -f "$work/export.vcf" "$work/floor.vcf.gz"
ours=$(median get "$url/export?format=plink&segment=${brca2/-/,}"); size=$(stat -c %s "$work/out")
row "BRCA2 x 2,504, PLINK (bcftools view -r, plink1.9 --bcf --make-bed)" "$ours" "$(median plink_of -r "$brca2")" \
  "$floor_both" "$size"
ours=$(median get "$url/export?format=vcf&segment=$chrom&samples=$s100"); size=$(stat -c %s "$work/out")
row "$chrom x 100, VCF (bcftools view -s -r -Oz)" "$ours" "$(median bcf_view -s "$s100" -r "$chrom")" "$floor_bcf" "$size"
row "$chrom x 100, VCF (bcftools view -s -r -Oz1)" "$ours" "$(median bcf_view1 -s "$s100" -r "$chrom")" "$floor_bcf" "$size"
ours=$(median get "$url/export?format=plink&segment=$chrom&samples=$s100"); size=$(stat -c %s "$work/out")
row "$chrom x 100, PLINK (bcftools view -s -r, plink1.9 --bcf --make-bed)" "$ours" \
  "$(median plink_of -s "$s100" -r "$chrom")" "$floor_both" "$size"
tool=$(median --once fill_tags)
ours=$(median post); size=$(stat -c %s "$work/out")
row "10,000 frequencies by population, JSON (bcftools view -R, norm -m-, +fill-tags -S; ${FREQ_RUNS:-2} runs)" "$ours" \
  "$tool" "$floor_bcf" "$size"
ours=$(median post_tsv); size=$(stat -c %s "$work/out")
row "10,000 frequencies by population, TSV (same)" "$ours" "$tool" "$floor_bcf" "$size"
echo
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"
echo "floor: bcftools --version ${floor_bcf} s, plink1.9 --version ${floor_plink} s; runs: $runs (median after one warm-up);" \
  "$(bcftools query -l "$vcf" | wc -l) samples x $(bcftools index -n "$vcf") records; $(date -u +%FT%TZ)"
grep -c . "$base.freq-10000.txt" | sed 's/^/frequency lines posted: /'
serve_stop
rm -rf "$work"
