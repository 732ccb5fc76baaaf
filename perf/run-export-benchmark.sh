#!/usr/bin/env bash
# Cohort exports and frequencies (docs/genotypes.md, "Cohort exports") against the tools doing the same work
# from the VCF, measured with an external client (curl) against a running dasgrid.jar; prints a Markdown table
# (docs/benchmarks.md, "Cohort exports"). Needs bcftools, tabix, plink1.9 and curl.
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
for tool in bcftools tabix plink1.9 curl; do
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

# median seconds of a command run RUNS times after one warm-up
median() {
  "$@" > /dev/null 2>&1
  for i in $(seq 1 "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" > /dev/null 2>&1
    t1=$(date +%s%N)
    echo $(( (t1 - t0) / 1000 ))
  done | sort -n | awk '{ a[NR] = $1 } END { printf "%.3f", a[int((NR + 1) / 2)] / 1e6 }'
}
get() { curl -fs -o "$work/out" "$1"; }
post() { curl -fs -o "$work/out" -H 'Content-Type: text/plain' --data-binary @"$base.freq-10000.txt" "$url/frequencies"; }
bcf_view() { bcftools view "$@" -Oz -o "$work/bcf.vcf.gz" "$vcf"; }
bcf_view1() { bcftools view "$@" -Oz1 -o "$work/bcf.vcf.gz" "$vcf"; }
plink_of() { bcftools view "$@" -Ob -o "$work/sub.bcf" "$vcf" && plink1.9 --bcf "$work/sub.bcf" --make-bed \
  --keep-allele-order --vcf-half-call m --allow-extra-chr --out "$work/p"; }
fill_tags() { bcftools view -R "$work/freq-sites.tsv" -Ou "$vcf" | bcftools norm -m- -Ou \
  | bcftools +fill-tags -Ou -o "$work/f.bcf" -- -S "$work/groups.txt" -t AC,AN,AF; }

floor_bcf=$(median bcftools --version)
floor_plink=$(median plink1.9 --version)
echo "| work | DasGrid (s) | tool (s) | tool - floor (s) | ratio | size |"
echo "|---|---|---|---|---|---|"
row() { # name ours tool floor bytes
  awk -v n="$1" -v a="$2" -v b="$3" -v f="$4" -v z="$5" 'BEGIN { d = b - f; printf "| %s | %.3f | %.3f | %.3f | %.1fx | %s |\n", n, a, b, d, d / a, z }'
}
ours=$(median get "$url/export?format=vcf&segment=${brca2/-/,}"); size=$(stat -c %s "$work/out")
row "BRCA2 x 2,504, VCF (bcftools view -r -Oz)" "$ours" "$(median bcf_view -r "$brca2")" "$floor_bcf" "$size"
row "BRCA2 x 2,504, VCF (bcftools view -r -Oz1)" "$ours" "$(median bcf_view1 -r "$brca2")" "$floor_bcf" "$size"
ours=$(median get "$url/export?format=plink&segment=${brca2/-/,}"); size=$(stat -c %s "$work/out")
row "BRCA2 x 2,504, PLINK (bcftools view -r, plink1.9 --bcf --make-bed)" "$ours" "$(median plink_of -r "$brca2")" \
  "$(awk -v a="$floor_bcf" -v b="$floor_plink" 'BEGIN { print a + b }')" "$size"
ours=$(median get "$url/export?format=vcf&segment=$chrom&samples=$s100"); size=$(stat -c %s "$work/out")
row "$chrom x 100, VCF (bcftools view -s -r -Oz)" "$ours" "$(median bcf_view -s "$s100" -r "$chrom")" "$floor_bcf" "$size"
row "$chrom x 100, VCF (bcftools view -s -r -Oz1)" "$ours" "$(median bcf_view1 -s "$s100" -r "$chrom")" "$floor_bcf" "$size"
ours=$(median get "$url/export?format=plink&segment=$chrom&samples=$s100"); size=$(stat -c %s "$work/out")
row "$chrom x 100, PLINK (bcftools view -s -r, plink1.9 --bcf --make-bed)" "$ours" \
  "$(median plink_of -s "$s100" -r "$chrom")" "$(awk -v a="$floor_bcf" -v b="$floor_plink" 'BEGIN { print a + b }')" "$size"
ours=$(median post); size=$(stat -c %s "$work/out")
row "10,000 frequencies by population (bcftools view -R, norm -m-, +fill-tags -S)" "$ours" "$(median fill_tags)" \
  "$floor_bcf" "$size"
echo
echo "load: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"
echo "floor: bcftools --version ${floor_bcf} s, plink1.9 --version ${floor_plink} s; runs: $runs (median after one warm-up);" \
  "$(bcftools query -l "$vcf" | wc -l) samples x $(bcftools index -n "$vcf") records; $(date -u +%FT%TZ)"
grep -c . "$base.freq-10000.txt" | sed 's/^/frequency lines posted: /'
serve_stop
rm -rf "$work"
