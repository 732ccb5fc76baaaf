#!/usr/bin/env bash
# The cohort analytics (issue 18) on a generated cohort against plink1.9: per-gene statistics (TP53, BRCA2) for
# the whole cohort and 100 samples, case/control with 1,000 cases, top-10 HWE over a whole chromosome. Bounded:
# N requests per shape, one at a time, over HTTP on 127.0.0.1 (curl, a new connection per request: HTTP
# times include connecting), and R runs of each plink command, plus plink's floor (the same command on a
# one-variant region). Prints a Markdown table. Figures swing on a shared machine: compare ratios.
#
#   perf/run-analytics-benchmark.sh COHORT.vcf.gz [N=50] [R=3]
#
# Needs webapp/target/dasgrid.jar (./mvnw -pl webapp -am package -DskipTests), plink1.9, bcftools, curl.
# Environment: BENCH_HEAP (server heap, default 4g), BENCH_PORT (default 18799), BENCH_DIR (work files,
# default a temporary directory).
set -euo pipefail
cd "$(dirname "$0")/.."
vcf=$(realpath "$1"); n=${2:-50}; runs=${3:-3}
for tool in plink1.9 bcftools curl; do
  command -v "$tool" >/dev/null || { echo "$tool not found" >&2; exit 1; }
done
work=${BENCH_DIR:-$(mktemp -d)}
port=${BENCH_PORT:-18799}
base="http://127.0.0.1:$port/genotypes/cohort/variants"
cat > "$work/dasgrid.yaml" <<EOF
server: {maxFeaturesPerResponse: 10000000}
sources:
  - {id: cohort, format: vcf, path: $vcf, genotypes: true}
EOF
[ -f "$vcf.tbi" ] || tabix -p vcf "$vcf"
bcftools query -l "$vcf" > "$work/samples.txt"
head -100 "$work/samples.txt" | paste -sd, > "$work/s100.txt"
head -1000 "$work/samples.txt" | paste -sd, > "$work/c1000.txt"
awk 'NR<=1000{print $1,$1,2;next}{print $1,$1,1}' "$work/samples.txt" > "$work/pheno.txt"
head -100 "$work/samples.txt" | awk '{print $1,$1}' > "$work/keep100.txt"

echo "# starting the server on $vcf" >&2
java -Xmx"${BENCH_HEAP:-4g}" -jar webapp/target/dasgrid.jar --config "$work/dasgrid.yaml" --port "$port" \
  > "$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 600); do
  curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null 2>&1 && break
  sleep 1
done
curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null

# shape name, then curl arguments (POST bodies for long sample lists)
shapes=(
  "TP53 stats, whole cohort|segment=chr17:7661779,7687538&zygosity=any&stats=true"
  "TP53 stats, 100 samples|segment=chr17:7661779,7687538&zygosity=any&stats=true&samples=$(cat "$work/s100.txt")"
  "BRCA2 stats, whole cohort|segment=chr13:32315508,32400268&zygosity=any&stats=true"
  "BRCA2 stats, 100 samples|segment=chr13:32315508,32400268&zygosity=any&stats=true&samples=$(cat "$work/s100.txt")"
  "BRCA2 case/control, 1,000 cases|segment=chr13:32315508,32400268&zygosity=any&cases=$(cat "$work/c1000.txt")"
  "top-10 HWE, chr1|segment=chr1&zygosity=any&top=10&by=hwe_p"
  "top-10 HWE, chr17|segment=chr17&zygosity=any&top=10&by=hwe_p"
)
pct() { sort -g | awk -v p="$1" '{a[NR]=$1} END{i=int((NR-1)*p+0.5)+1; print a[i]}'; }
echo "| shape | rows | elapsed_db_ms p50 | HTTP p50 ms | HTTP p99 ms |"
echo "|---|---|---|---|---|"
for s in "${shapes[@]}"; do
  name=${s%%|*}; body=${s#*|}
  for _ in $(seq 1 10); do curl -s -o /dev/null --data "$body" "$base"; done  # warm-up
  : > "$work/t.txt"; : > "$work/db.txt"
  for _ in $(seq 1 "$n"); do
    curl -s -o "$work/body.json" -w '%{time_total}\n' --data "$body" "$base" >> "$work/t.txt"
    grep -o '"elapsed_db_ms":[0-9.]*' "$work/body.json" | tail -1 | cut -d: -f2 >> "$work/db.txt"
  done
  rows=$(grep -o '"count":[0-9]*' "$work/body.json" | cut -d: -f2)
  printf '| %s | %s | %s | %.2f | %.2f |\n' "$name" "$rows" "$(pct 0.5 < "$work/db.txt")" \
    "$(echo "$(pct 0.5 < "$work/t.txt") * 1000" | bc -l)" "$(echo "$(pct 0.99 < "$work/t.txt") * 1000" | bc -l)"
done

echo "# plink1.9: converting the VCF once (not timed)" >&2
plink1.9 --vcf "$vcf" --double-id --allow-extra-chr --vcf-half-call m --keep-allele-order \
  --set-missing-var-ids @:#:\$1:\$2 --make-bed --out "$work/cohort" >/dev/null
plinkrun() { # name, then plink arguments; best and median of $runs wall-clock seconds
  local name=$1; shift
  : > "$work/p.txt"
  for _ in $(seq 1 "$runs"); do
    local t0; t0=$(date +%s.%N)
    plink1.9 --bfile "$work/cohort" --allow-extra-chr --keep-allele-order --allow-no-sex --out "$work/plink" "$@" >/dev/null
    echo "$(date +%s.%N) - $t0" | bc -l >> "$work/p.txt"
  done
  printf '| plink1.9 %s | %.0f ms | %.0f ms |\n' "$name" "$(echo "$(pct 0 < "$work/p.txt") * 1000" | bc -l)" \
    "$(echo "$(pct 0.5 < "$work/p.txt") * 1000" | bc -l)"
}
first=$(bcftools query -r chr17:7661779-7687538 -f '%POS\n' "$vcf" 2>/dev/null | head -1 || true)
echo
echo "| plink command | best | median |"
echo "|---|---|---|"
plinkrun "floor (--hardy on one TP53 variant)" --chr 17 --from-bp "${first:-7661779}" --to-bp "${first:-7661779}" --hardy
plinkrun "--hardy TP53" --chr 17 --from-bp 7661779 --to-bp 7687538 --hardy
plinkrun "--hardy TP53, 100 samples" --chr 17 --from-bp 7661779 --to-bp 7687538 --keep "$work/keep100.txt" --hardy
plinkrun "--hardy BRCA2" --chr 13 --from-bp 32315508 --to-bp 32400268 --hardy
plinkrun "--assoc BRCA2, 1,000 cases" --chr 13 --from-bp 32315508 --to-bp 32400268 --pheno "$work/pheno.txt" --assoc
plinkrun "--hardy chr1 (then sort for the top 10)" --chr 1 --hardy
plinkrun "--hardy chr17" --chr 17 --hardy
