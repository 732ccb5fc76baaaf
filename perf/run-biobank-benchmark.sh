#!/usr/bin/env bash
# Biobank cohorts served from a genotype index (issue 30, item 3): ready time and RSS of a source of four
# per-chromosome VCFs served from an index set, then per-gene variants, samples over a gene, count, KING one pair
# and Beacon v2 counts over the gene and of one allele (GET, wrk: one connection, --latency, warm: 3 s before each
# 10 s run) and a 10,000-weight score (POST, curl,
# 5 runs after 1), against bcftools on the same VCF (its start-up floor printed apart).
#
#   perf/run-biobank-benchmark.sh COHORT_DIR INDEX GENE PAIR
#
# COHORT_DIR holds chr13/chr17/chr22/chrX.vcf.gz, genes.gff3, samples.tsv, weights.txt, as perf's
# BiobankCohortGenerator writes them: `perf/scripts/make-biobank-cohorts.sh OUT_ROOT` makes both cohorts, or per contig
#   java -Xmx2g -cp perf/target/benchmarks.jar org.dasgrid.perf.cohort.BiobankCohortGenerator --samples 100000 \
#     --variants 200000 --seed 1 --contig chr13 --out-dir OUT_ROOT/bb100k     (chr17, chr22, chrX likewise;
#   bb500k: --samples 500000 --variants 20000 --out-dir OUT_ROOT/bb500k)
# INDEX is `index --vcf chr13.vcf.gz ... --out INDEX`'s output; GENE a gene of genes.gff3 (G13_00659, which every
# generated cohort has, with records), PAIR two sample names (SIM00001,SIM00002). Environment: JAR
# (webapp/target/dasgrid.jar), JAVA_OPTS (-Xmx1g), PORT (18360), CHECK (genotypeIndexCheck: open or first-use;
# default first-use). Loopback only; the server stopped by its PID.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=$(readlink -f "${1:?usage: run-biobank-benchmark.sh COHORT_DIR INDEX GENE PAIR}"); INDEX=$(readlink -f "$2")
GENE=${3:?gene}; PAIR=${4:?pair}
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}; PORT=${PORT:-18360}
WORK=$(mktemp -d)
. "$ROOT/perf/scripts/serve.sh"
. "$ROOT/perf/scripts/shapes.sh"
trap 'serve_stop; rm -rf "$WORK"' EXIT
trap 'exit 1' INT TERM
"$ROOT/perf/scripts/biobank-config.sh" "$DIR" "$INDEX" "${CHECK:-first-use}" > "$WORK/dasgrid.yaml"
# shellcheck disable=SC2086
serve_start "$WORK/dasgrid.yaml" "$PORT" "$WORK/server.log" ${JAVA_OPTS:--Xmx1g} -- --no-warmup
serve_wait_ready 12000 0.02
rss() { awk '/VmRSS/ {print int($2 / 1024) " MB"}' "/proc/$SERVE_PID/status"; }
echo "$(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg); check ${CHECK:-first-use}: ready in $SERVE_READY_MS ms; RSS $(rss); index $(du -sm "$INDEX" | cut -f1) MB"
B="http://127.0.0.1:$PORT/genotypes/bb"
span=$(awk -v g="Name=$GENE" '$3 == "gene" && index($9, g) {print $1 ":" $4 "-" $5; exit}' "$DIR/genes.gff3")
vcf="$DIR/${span%%:*}.vcf.gz"
floor() { local t0 t1; t0=$(date +%s%N); bcftools view -H -r "${span%%:*}:1-1" "$vcf" > /dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }
echo "gene $GENE = $span; bcftools start-up floor (view -H -r 1 base): $(floor) $(floor) $(floor) ms"
# Beacon v2 counts (the genotype engine behind /beacon/v2): the gene's span, and one allele of it some sample carries
read -r bchrom bpos bref balt < <(bcftools view -H -r "$span" -i 'GT="alt"' "$vcf" | awk '$5 !~ /,/ {print $1, $2, $4, $5; exit}')
bstart=${span#*:}; bstart=${bstart%-*}; bend=${span##*-}
BEACON_SPAN="/beacon/v2/g_variants?referenceName=${span%%:*}&start=$((bstart - 1))&end=$bend&requestedGranularity=count"
BEACON_ALLELE="/beacon/v2/g_variants?referenceName=$bchrom&start=$((bpos - 1))&referenceBases=$bref&alternateBases=$balt&requestedGranularity=count"
for q in "variants?gene=$GENE&zygosity=any" "samples?gene=$GENE&zygosity=any" "count?gene=$GENE&zygosity=any" \
    "kinship?samples=$PAIR" "$BEACON_SPAN" "$BEACON_ALLELE"; do
  case $q in /beacon/*) url="http://127.0.0.1:$PORT$q" ;; *) url="$B/$q" ;; esac
  t0=$(date +%s%N); size=$(curl -sf "$url" | wc -c); t1=$(date +%s%N)
  wrk_shape "$url"
  echo "$q: $size bytes, first $(( (t1 - t0) / 1000000 )) ms; wrk p50 $P50 p99 $P99 ($RPS req/s); RSS $(rss)"
  case $q in
    variants*) timed "view -H -r $span" bcftools view -H -r "$span" "$vcf" ;;
    /beacon/*end=*) timed "view -H -r $span (the records a count covers)" bcftools view -H -r "$span" "$vcf" ;;
    /beacon/*) timed "view -H -r $bchrom:$bpos -i 'REF=\"$bref\" && ALT=\"$balt\"'" bcftools view -H -r "$bchrom:$bpos" -i "REF=\"$bref\" && ALT=\"$balt\"" "$vcf" ;;
    samples*) timed "query -r $span -i GT=alt [%SAMPLE] | sort -u" bash -c "bcftools query -r $span -i 'GT=\"alt\"' -f '[%SAMPLE\n]' $vcf | sort -u" ;;
  esac
done
curl -sf -o /dev/null -X POST --data-binary "@$DIR/weights.txt" "$B/score"
st=""; for _ in 1 2 3 4 5; do t0=$(date +%s%N); curl -sf -o /dev/null -X POST --data-binary "@$DIR/weights.txt" "$B/score"; t1=$(date +%s%N); st="$st $(( (t1 - t0) / 1000000 ))ms"; done
echo "score ($(grep -vc '^#' "$DIR/weights.txt") weights, POST, curl):$st; RSS $(rss)"
echo "$(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
