#!/usr/bin/env bash
# The cohort analytics (issue 18) on a generated cohort against plink1.9 and bcftools: per-gene statistics (TP53,
# BRCA2) for the whole cohort and 100 samples, case/control with 1,000 cases, top-10 HWE over a whole chromosome,
# and CSQ-filtered gene-segment queries (needs a cohort made with CohortGenerator --annotate). Prints Markdown
# tables. Figures swing on a shared machine: compare ratios, and note the load (printed first and last).
#
#   perf/run-analytics-benchmark.sh COHORT.vcf.gz [N=50] [R=3] [D=5]
#
# Per shape: 10 warm-up requests, then N requests one at a time (curl) for the engine's own time
# (`elapsed_db_ms`, p50 and p99), then D seconds of wrk on one keep-alive connection (one request at a time,
# POST form bodies, perf/wrk/post-form.lua) for HTTP p50/p99/p99.9 and requests/s; each shape once rendered
# (Cache-Control: no-cache) and once from the answer cache (BENCH_MODES, default "rendered kept"). Baselines: R runs of each
# plink1.9 / bcftools command (wall clock, best and median), and each tool's floor (the same command on a
# one-variant region: start-up, reading the .bim/.fam or the index) measured the same way, to subtract.
# Bytes baseline: right after each shape's wrk, nginx (perf/lib/nginx-files.sh, the browser benchmarks' static
# baseline) serves that answer's exact bytes (the last answer received, saved as a file) and the same wrk -t1
# -c1 measures a GET of it for D seconds: "nginx same bytes" p50/p99 and ours / nginx at p50, per shape and mode.
# What a shape costs beyond moving its bytes over loopback on this machine is the gap between the two.
# Encodings (BENCH_ENCODINGS, default "plain gzip"): each shape and mode once without Accept-Encoding and once
# with "Accept-Encoding: gzip" (curl --compressed for elapsed_db_ms; wrk -H); "wire bytes" is what came over
# the connection, and nginx serves the same gzip bytes (gzip_static: the answer as received, FILE.gz beside
# FILE, Content-Encoding: gzip) to the same wrk with the same header.
# BENCH_SHAPES (an extended regular expression, default all) picks shapes by name. BENCH_BASELINES: "all"
# (default) or "genes" (only the per-gene plink1.9 rounds below). Per-gene plink ratio: BENCH_ROUNDS (default 15)
# rounds, each running the floor and the four per-gene --hardy commands once, in a rotating order; per command
# the median and spread, per gene the paired difference (its run minus the same round's floor) as median and
# quartiles, and that over ours (HTTP p50 of each mode and encoding, and the engine's elapsed_db_ms).
#
# Needs webapp/target/dasgrid.jar (./mvnw -pl webapp -am package -DskipTests), plink1.9, bcftools, tabix, curl,
# wrk, nginx. Environment: JAR (default webapp/target/dasgrid.jar), BENCH_HEAP (server heap, default 4g), BENCH_PORT
# (default 18799; nginx on BENCH_PORT + 1), BENCH_DIR (work files, default a temporary directory; a plink
# conversion there newer than the VCF is reused).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
vcf=$(realpath "$1"); n=${2:-50}; runs=${3:-3}; secs=${4:-5}
for tool in plink1.9 bcftools tabix curl wrk bc nginx; do
  command -v "$tool" >/dev/null || { echo "$tool not found" >&2; exit 1; }
done
work=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$work"
port=${BENCH_PORT:-18799}
base="http://127.0.0.1:$port/genotypes/cohort/variants"
. "$root/perf/lib/nginx-files.sh"
nginx_port=$((port + 1))
mkdir -p "$work/answers"
cat > "$work/dasgrid.yaml" <<YAML
server: {maxFeaturesPerResponse: 10000000, rateLimit: {enabled: false}}  # wrk on a kept answer outruns the default limit
sources:
  - {id: cohort, format: vcf, path: $vcf, genotypes: true}
YAML
[ -f "$vcf.tbi" ] || tabix -p vcf "$vcf"
bcftools query -l "$vcf" > "$work/samples.txt"
head -100 "$work/samples.txt" | paste -sd, > "$work/s100.txt"
head -1000 "$work/samples.txt" | paste -sd, > "$work/c1000.txt"
awk 'NR<=1000{print $1,$1,2;next}{print $1,$1,1}' "$work/samples.txt" > "$work/pheno.txt"
head -100 "$work/samples.txt" | awk '{print $1,$1}' > "$work/keep100.txt"
annotated=$(bcftools view -h "$vcf" | grep -c '^##INFO=<ID=CSQ,' || true)

echo "- load at start ($(date -u +%T) UTC): $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# starting the server on $vcf" >&2
t0=$(date +%s.%N)
java -Xmx"${BENCH_HEAP:-4g}" -jar "${JAR:-webapp/target/dasgrid.jar}" --config "$work/dasgrid.yaml" --port "$port" \
  > "$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; stop_nginx_files "$work"' EXIT
for _ in $(seq 1 1200); do
  curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null 2>&1 && break
  sleep 1
done
curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null
printf -- '- server start to ready: %.0f s (heap %s)\n' "$(echo "$(date +%s.%N) - $t0" | bc -l)" "${BENCH_HEAP:-4g}"
NGINX_GZIP_STATIC=on start_nginx_files "$work" "$nginx_port" analytics "$work/answers"
echo "- bytes baseline: $(nginx -v 2>&1 | sed 's/^nginx version: //') on 127.0.0.1:$nginx_port, perf/lib/nginx-files.sh"

# TP53 and BRCA2 spans as in GRCh38 (Ensembl gene spans)
tp53=chr17:7661779,7687538; brca2=chr13:32315508,32400268
# shape name, then the POST form body (long sample lists do not fit a URL)
shapes=(
  "TP53 stats, whole cohort|segment=$tp53&zygosity=any&stats=true"
  "TP53 stats, 100 samples|segment=$tp53&zygosity=any&stats=true&samples=$(cat "$work/s100.txt")"
  "BRCA2 stats, whole cohort|segment=$brca2&zygosity=any&stats=true"
  "BRCA2 stats, 100 samples|segment=$brca2&zygosity=any&stats=true&samples=$(cat "$work/s100.txt")"
  "BRCA2 case/control, 1,000 cases|segment=$brca2&zygosity=any&cases=$(cat "$work/c1000.txt")"
  "top-10 HWE, chr1|segment=chr1&zygosity=any&top=10&by=hwe_p"
  "top-10 HWE, chr17|segment=chr17&zygosity=any&top=10&by=hwe_p"
  "top-10 HWE, chrX (haploid male calls)|segment=chrX&zygosity=any&top=10&by=hwe_p"
  "top-10 HWE, whole genome|$(bcftools index -s "$vcf" | cut -f1 | sed 's/^/segment=/' | paste -sd'&')&zygosity=any&top=10&by=hwe_p"
)
if [ "$annotated" -gt 0 ]; then
  shapes+=(
    "TP53 csq.impact=HIGH|segment=$tp53&zygosity=any&csq.impact=HIGH"
    "BRCA2 csq.consequence=missense_variant|segment=$brca2&zygosity=any&csq.consequence=missense_variant"
    "BRCA2 csq.consequence=missense_variant + stats|segment=$brca2&zygosity=any&csq.consequence=missense_variant&stats=true"
  )
else
  echo "# no INFO/CSQ in the header: CSQ shapes left out (generate with --annotate)" >&2
fi
pct() { sort -g | awk -v p="$1" '{a[NR]=$1} END{i=int((NR-1)*p+0.5)+1; print a[i]}'; }
hits() { curl -sf "http://127.0.0.1:$port/metrics" | awk '/^dasgrid_answers_hits_total/ {printf "%d", $2; f=1} END {if (!f) print 0}'; }
# Each shape twice: "rendered" sends Cache-Control: no-cache (the engine runs and the rows are written, every
# request), "kept" lets the server's analytics answer cache answer repeats (AnalyticsAnswerCache). The hit
# ratio counts the measured requests (curl and wrk, not the warm-up) the cache answered.
modes=${BENCH_MODES:-rendered kept}
encodings=${BENCH_ENCODINGS:-plain gzip}
declare -A ours_http ours_db  # "shape|mode|encoding" -> HTTP p50, elapsed_db_ms p50 (for the plink ratios)
echo
echo "| shape | answer | encoding | rows | bytes | wire bytes | hit ratio | elapsed_db_ms p50 | elapsed_db_ms p99 | HTTP p50 ms | HTTP p99 ms | HTTP p99.9 ms | req/s (wrk) | nginx same bytes p50 ms | nginx same bytes p99 ms | ours / nginx (p50) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
shape_no=0
first_body=""
for s in "${shapes[@]}"; do
  shape_no=$((shape_no + 1))
  name=${s%%|*}
  if [ -n "${BENCH_SHAPES:-}" ] && ! grep -Eq "$BENCH_SHAPES" <<< "$name"; then continue; fi
  printf '%s' "${s#*|}" > "$work/form.txt"
  first_body=""
  for mode in $modes; do
  for enc in $encodings; do
    header=""; hdr=(); zip=(); nhdr=()
    if [ "$mode" = rendered ]; then header="Cache-Control: no-cache"; hdr=(-H "$header"); fi
    if [ "$enc" = gzip ]; then
      header="${header:+$header$'\n'}Accept-Encoding: gzip"; zip=(--compressed); nhdr=(-H "Accept-Encoding: gzip")
    fi
    for _ in $(seq 1 10); do  # warm-up
      curl -sf ${hdr[@]+"${hdr[@]}"} ${zip[@]+"${zip[@]}"} -o /dev/null --data @"$work/form.txt" "$base"
    done
    : > "$work/db.txt"
    h0=$(hits)
    for _ in $(seq 1 "$n"); do  # curl --compressed: gunzipped, so the timings are read as from a plain answer
      curl -sf ${hdr[@]+"${hdr[@]}"} ${zip[@]+"${zip[@]}"} -o "$work/body.json" --data @"$work/form.txt" "$base"
      grep -o '"elapsed_db_ms":[0-9.]*' "$work/body.json" | tail -1 | cut -d: -f2 >> "$work/db.txt"
    done
    rows=$(grep -o '"count":[0-9]*' "$work/body.json" | tail -1 | cut -d: -f2)
    bytes=$(wc -c < "$work/body.json")
    # the answer as it comes over the connection (gzip: not decompressed), and the encoding the server chose
    curl -sf ${hdr[@]+"${hdr[@]}"} ${nhdr[@]+"${nhdr[@]}"} -D "$work/wire.hdr" -o "$work/wire.bin" --data @"$work/form.txt" \
      "$base"
    wire=$(wc -c < "$work/wire.bin")
    if [ "$enc" = gzip ] && ! grep -qi '^content-encoding: *gzip' "$work/wire.hdr"; then
      wire="$wire (plain)"
    fi
    line=$(WRK_HEADER="$header" WRK_BODY_FILE="$work/form.txt" WRK_PERCENTILES="$root/perf/wrk/percentiles.lua" \
      wrk -t1 -c1 -d"${secs}s" -s "$root/perf/wrk/post-form.lua" "$base" | grep '^PCT')
    case $line in *errors=0) ;; *) echo "wrk reported errors for $name: $line" >&2; exit 1 ;; esac
    kv() { echo "$line" | tr ' ' '\n' | grep "^$1=" | cut -d= -f2; }
    ratio=$(echo "scale=3; ($(hits) - $h0) / ($n + 1 + $(kv requests))" | bc -l)
    # the bytes baseline: the same answer's bytes from nginx, the same wrk, right after ours
    static="$shape_no-$mode-$enc.json"
    rm -f "$work/answers/$static.gz"
    if grep -qi '^content-encoding: *gzip' "$work/wire.hdr"; then
      cp "$work/body.json" "$work/answers/$static"; cp "$work/wire.bin" "$work/answers/$static.gz"
    else
      cp "$work/wire.bin" "$work/answers/$static"
    fi
    cmp -s "$work/wire.bin" <(curl -sf ${nhdr[@]+"${nhdr[@]}"} "http://127.0.0.1:$nginx_port/files/analytics/$static") \
      || { echo "nginx does not serve the answer's bytes for $name ($enc)" >&2; exit 1; }
    nline=$(WRK_PERCENTILES="$root/perf/wrk/percentiles.lua" wrk -t1 -c1 -d"${secs}s" ${nhdr[@]+"${nhdr[@]}"} \
      -s "$root/perf/wrk/percentiles.lua" "http://127.0.0.1:$nginx_port/files/analytics/$static" | grep '^PCT')
    case $nline in *errors=0) ;; *) echo "wrk reported errors for nginx, $name: $nline" >&2; exit 1 ;; esac
    nkv() { echo "$nline" | tr ' ' '\n' | grep "^$1=" | cut -d= -f2; }
    db50=$(pct 0.5 < "$work/db.txt")
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$mode" "$enc" \
      "$rows" "$bytes" "$wire" "$ratio" "$db50" "$(pct 0.99 < "$work/db.txt")" "$(kv p50)" "$(kv p99)" "$(kv p999)" \
      "$(kv rps)" "$(nkv p50)" "$(nkv p99)" "$(echo "$(kv p50) / $(nkv p50)" | bc -l | xargs printf '%.2f')"
    ours_http["$name|$mode|$enc"]=$(kv p50); ours_db["$name|$mode|$enc"]=$db50
    # every mode's and encoding's answer is the same but for its timings
    sed 's/,"elapsed_db_ms":[^}]*}$//' "$work/body.json" > "$work/body-$mode-$enc.txt"
    first_body=${first_body:-$work/body-$mode-$enc.txt}
    if ! cmp -s "$work/body-$mode-$enc.txt" "$first_body"; then
      echo "the $mode $enc answer of $name differs from $first_body" >&2; exit 1
    fi
  done
  done
done
kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; stop_nginx_files "$work"; trap - EXIT

if [ ! "$work/cohort.bed" -nt "$vcf" ]; then
  echo "# plink1.9: converting the VCF once (not timed)" >&2
  plink1.9 --vcf "$vcf" --double-id --allow-extra-chr --vcf-half-call m --keep-allele-order \
    --set-missing-var-ids @:#:\$1:\$2 --make-bed --out "$work/cohort" >/dev/null
fi
timed() { # name, then a shell command; best and median of $runs wall-clock runs
  local name=$1; shift
  : > "$work/p.txt"
  for _ in $(seq 1 "$runs"); do
    local t0; t0=$(date +%s.%N)
    bash -c "$1" >/dev/null 2>"$work/tool.err" || { echo "failed: $1" >&2; cat "$work/tool.err" >&2; exit 1; }
    echo "$(date +%s.%N) - $t0" | bc -l >> "$work/p.txt"
  done
  printf '| %s | %.0f ms | %.0f ms |\n' "$name" "$(echo "$(pct 0 < "$work/p.txt") * 1000" | bc -l)" \
    "$(echo "$(pct 0.5 < "$work/p.txt") * 1000" | bc -l)"
}
plink="plink1.9 --bfile $work/cohort --allow-extra-chr --keep-allele-order --allow-no-sex --out $work/plink"
first=$(bcftools query -r chr17:7661779-7687538 -f '%POS\n' "$vcf" 2>/dev/null | head -1 || true)
first=${first:-7661779}

# Per-gene plink1.9 against its floor, interleaved: the floor swings by ~100 ms between runs on this machine,
# as much as a gene's own work, so each round runs the floor and every gene command once (order rotating by
# round) and a gene's work is its run minus the same round's floor. Each run's wall clock and its CPU time
# (user + system of the command and its children, getrusage: not the time it waited for a core under load).
rounds=${BENCH_ROUNDS:-15}
gene_names=("plink1.9 floor (--hardy on one TP53 variant)" "TP53 stats, whole cohort" "TP53 stats, 100 samples"
  "BRCA2 stats, whole cohort" "BRCA2 stats, 100 samples")
gene_cmds=("$plink --chr 17 --from-bp $first --to-bp $first --hardy"
  "$plink --chr 17 --from-bp 7661779 --to-bp 7687538 --hardy"
  "$plink --chr 17 --from-bp 7661779 --to-bp 7687538 --keep $work/keep100.txt --hardy"
  "$plink --chr 13 --from-bp 32315508 --to-bp 32400268 --hardy"
  "$plink --chr 13 --from-bp 32315508 --to-bp 32400268 --keep $work/keep100.txt --hardy")
run_ms() { # a shell command; prints its wall-clock and CPU milliseconds
  python3 -c 'import resource, subprocess, sys, time
cpu = lambda: (lambda u: u.ru_utime + u.ru_stime)(resource.getrusage(resource.RUSAGE_CHILDREN))
c, t = cpu(), time.perf_counter()  # children before: a launcher (pyenv) may have had some
r = subprocess.run(["bash", "-c", sys.argv[1]], stdout=subprocess.DEVNULL, stderr=open(sys.argv[2], "w"))
wall = (time.perf_counter() - t) * 1000
print("%.2f %.2f" % (wall, (cpu() - c) * 1000))
sys.exit(r.returncode)' "$1" "$work/tool.err" || { echo "failed: $1" >&2; cat "$work/tool.err" >&2; exit 1; }
}
for c in 0 1 2 3 4; do : > "$work/round-$c.txt"; done
for r in $(seq 1 "$rounds"); do
  for k in 0 1 2 3 4; do
    c=$(( (k + r) % 5 ))
    echo "$r $(run_ms "${gene_cmds[$c]}")" >> "$work/round-$c.txt"
  done
done
ms() { xargs printf '%.0f'; }
declare -A work50 work25 work75
for col in 2 3; do
  what=$([ $col = 2 ] && echo "wall clock" || echo "CPU time (user + system)")
  echo
  echo "plink1.9, $rounds interleaved rounds, $what, ms:"
  echo
  echo "| plink1.9 command | median | min | q25 | q75 | max | paired (run − same round's floor): median | q25 | q75 |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for c in 0 1 2 3 4; do
    cut -d' ' -f$col "$work/round-$c.txt" > "$work/t.txt"
    if [ "$c" = 0 ]; then paired=" | | "; else
      awk -v col=$col 'NR == FNR {floor[$1] = $col; next} {print $col - floor[$1]}' "$work/round-0.txt" \
        "$work/round-$c.txt" > "$work/d.txt"
      work50["$col|$c"]=$(pct 0.5 < "$work/d.txt"); work25["$col|$c"]=$(pct 0.25 < "$work/d.txt")
      work75["$col|$c"]=$(pct 0.75 < "$work/d.txt")
      paired="$(ms <<< "${work50["$col|$c"]}") | $(ms <<< "${work25["$col|$c"]}") | $(ms <<< "${work75["$col|$c"]}")"
    fi
    label=${gene_names[$c]}; [ "$c" = 0 ] || label="--hardy, $label"
    echo "| $label | $(pct 0.5 < "$work/t.txt" | ms) | $(pct 0 < "$work/t.txt" | ms) | $(pct 0.25 < "$work/t.txt" | ms) | $(pct 0.75 < "$work/t.txt" | ms) | $(pct 1 < "$work/t.txt" | ms) | $paired |"
  done
done
echo
echo "Ratio: plink's gene work (paired median, quartiles in brackets; wall clock / CPU) over ours (p50 of this run):"
echo
echo "| shape | plink work, wall ms | plink work, CPU ms | ours | ours ms | × wall (median, q25 – q75) | × CPU (median, q25 – q75) |"
echo "|---|---|---|---|---|---|---|"
for c in 1 2 3 4; do
  g=${gene_names[$c]}
  for key in "engine (elapsed_db_ms), rendered|rendered|plain|db" "HTTP rendered plain|rendered|plain|http" \
      "HTTP rendered gzip|rendered|gzip|http" "HTTP kept plain|kept|plain|http" "HTTP kept gzip|kept|gzip|http"; do
    IFS='|' read -r label mode enc what <<< "$key"
    if [ "$what" = db ]; then v=${ours_db["$g|$mode|$enc"]:-}; else v=${ours_http["$g|$mode|$enc"]:-}; fi
    [ -n "$v" ] || continue
    x() { echo "$1 / $v" | bc -l | xargs printf '%.0f'; }
    w="$(x "${work50["2|$c"]}")× ($(x "${work25["2|$c"]}") – $(x "${work75["2|$c"]}"))"
    u="$(x "${work50["3|$c"]}")× ($(x "${work25["3|$c"]}") – $(x "${work75["3|$c"]}"))"
    echo "| $g | $(ms <<< "${work50["2|$c"]}") ($(ms <<< "${work25["2|$c"]}") – $(ms <<< "${work75["2|$c"]}")) | $(ms <<< "${work50["3|$c"]}") ($(ms <<< "${work25["3|$c"]}") – $(ms <<< "${work75["3|$c"]}")) | $label | $v | $w | $u |"
  done
done
[ "${BENCH_BASELINES:-all}" = all ] || { echo; echo "- load at end ($(date -u +%T) UTC): $(cut -d' ' -f1-3 /proc/loadavg)"; exit 0; }

echo
echo "| baseline command | best | median |"
echo "|---|---|---|"
timed "plink1.9 floor (--hardy on one TP53 variant)" "$plink --chr 17 --from-bp $first --to-bp $first --hardy"
timed "plink1.9 --hardy TP53" "$plink --chr 17 --from-bp 7661779 --to-bp 7687538 --hardy"
timed "plink1.9 --hardy TP53, 100 samples" "$plink --chr 17 --from-bp 7661779 --to-bp 7687538 --keep $work/keep100.txt --hardy"
timed "plink1.9 --hardy BRCA2" "$plink --chr 13 --from-bp 32315508 --to-bp 32400268 --hardy"
timed "plink1.9 --hardy BRCA2, 100 samples" "$plink --chr 13 --from-bp 32315508 --to-bp 32400268 --keep $work/keep100.txt --hardy"
timed "plink1.9 --assoc BRCA2, 1,000 cases" "$plink --chr 13 --from-bp 32315508 --to-bp 32400268 --pheno $work/pheno.txt --assoc"
top10="tail -n +2 $work/plink.hwe | sort -g -k9,9 | head -10"
timed "plink1.9 --hardy chr1, then sort for the top 10" "$plink --chr 1 --hardy && $top10"
timed "plink1.9 --hardy chr17, then sort for the top 10" "$plink --chr 17 --hardy && $top10"
timed "plink1.9 --hardy whole genome, then sort for the top 10" "$plink --hardy && $top10"
if [ "$annotated" -gt 0 ]; then
  # split-vep lists the matching entries (-d: one line per entry, as our rows' csq lists). "With counts" also
  # gives each row the counts ours carry (+fill-tags AC, AN, AC_Het, AC_Hom, per ALT) and keeps, as
  # zygosity=any does, only entries whose ALT (ALLELE_NUM) has a carrier: the same rows as our answer.
  fmt='%CHROM\t%POS\t%REF\t%ALT\t%ALLELE_NUM\t%Consequence\t%IMPACT\t%SYMBOL\t%BIOTYPE\n'
  cfmt='%CHROM\t%POS\t%REF\t%ALT\t%ALLELE_NUM\t%AC\t%AN\t%AC_Het\t%AC_Hom\t%Consequence\t%IMPACT\t%SYMBOL\t%BIOTYPE\n'
  printf '%s\n' '{ split($6, a, ","); if (a[$5] > 0) print }' > "$work/carriers.awk"
  carriers="awk -F'\\t' -f $work/carriers.awk"
  splitvep() { echo "bcftools +split-vep -d -i '$2' -f '$fmt' -r $1 $vcf"; }
  counted() {
    echo "bcftools +fill-tags -Ou -r $1 $vcf -- -t AC,AN,AC_Het,AC_Hom${3:-} | bcftools +split-vep -d -i '$2' -f '$cfmt' - | $carriers"
  }
  one=chr17:$first-$first
  timed "bcftools floor (+split-vep on one TP53 variant)" "$(splitvep "$one" 'IMPACT="HIGH"')"
  timed "bcftools +split-vep TP53 IMPACT=HIGH" "$(splitvep chr17:7661779-7687538 'IMPACT="HIGH"')"
  timed "bcftools +split-vep BRCA2 missense_variant" "$(splitvep chr13:32315508-32400268 'Consequence~"missense_variant"')"
  timed "bcftools floor with counts (+fill-tags, +split-vep on one TP53 variant)" "$(counted "$one" 'IMPACT="HIGH"')"
  timed "bcftools with counts TP53 IMPACT=HIGH" "$(counted chr17:7661779-7687538 'IMPACT="HIGH"')"
  timed "bcftools with counts BRCA2 missense_variant" "$(counted chr13:32315508-32400268 'Consequence~"missense_variant"')"
  timed "bcftools with counts and HWE BRCA2 missense_variant" \
    "$(counted chr13:32315508-32400268 'Consequence~"missense_variant"' ,HWE)"
  # the same rows as ours, counted (a check that the baseline answers what we answer, not timed)
  bash -c "$(counted chr13:32315508-32400268 'Consequence~"missense_variant"')" 2>/dev/null | cut -f1-5 | sort -u | wc -l \
    | xargs printf -- '- bcftools rows (with counts, BRCA2 missense_variant, distinct CHROM POS ALLELE_NUM): %s\n'
fi
echo
echo "- load at end ($(date -u +%T) UTC): $(cut -d' ' -f1-3 /proc/loadavg)"
