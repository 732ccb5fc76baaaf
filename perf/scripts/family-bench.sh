#!/usr/bin/env bash
# Sample-level genotype queries (sex-check, KING, PRS, de novo, compound het) on a generated family cohort, against
# plink1.9, plink2 and bcftools +mendelian, with each tool's start-up floor (the same tool on a one-variant file)
# measured apart. Bounded: ROUNDS timed requests per shape; everything on 127.0.0.1. Prints one markdown table.
# The issue's shapes: KING one pair (warm: a pair asked before, whose call bits the server keeps; cold: a new
# pair each round) and all pairs of 100 samples, PRS (warm: the same weights again, whose matched rows the server
# keeps; cold: new weights each round), check-sex, de novo over a chromosome and over a gene, compound het over
# every gene of a chromosome for one child. The genes are synthetic (genes.gff3, written here:
# GENE_COUNT genes on chr22 of 5-125 kb), as the generated cohort has no annotation.
#
#   perf/scripts/family-bench.sh [SAMPLES_UNRELATED=704] [TRIOS=600] [VARIANTS=100000] [ROUNDS=5] [WEIGHTS=VARIANTS]
#
# Environment: WORK (the cohort's directory, reused when it holds cohort.vcf.gz), PORT, XMX (server heap, 6g),
# ONLY=dasgrid|tools (one half: a 1M-variant cohort's tool conversions take minutes of their own), PLINK2_INPUT=vcf|pgen
# (what plink2's KING reads: the VCF as before, or a .pgen converted once and not timed), INDEX (a genotype index of
# the cohort, .dgi: the server maps it instead of loading the VCF).
#
# Needs: perf/target/benchmarks.jar and webapp/target/dasgrid.jar built (./mvnw -B -o -pl perf -am -DskipTests
# -DskipNpm package), plink1.9, plink2, bcftools, curl.
set -euo pipefail
UNRELATED=${1:-704}
TRIOS=${2:-600}
VARIANTS=${3:-100000}
ROUNDS=${4:-5}
WEIGHTS=${5:-$VARIANTS}
ONLY=${ONLY:-all}
PLINK2_INPUT=${PLINK2_INPUT:-vcf}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${WORK:-/tmp/dasgrid-family-bench}
PORT=${PORT:-18931}
mkdir -p "$WORK"
cd "$WORK"
if [ ! -f cohort.vcf.gz ]; then
  java -cp "$ROOT/perf/target/benchmarks.jar" org.dasgrid.perf.cohort.FamilyCohortGenerator --unrelated "$UNRELATED" \
    --trios "$TRIOS" --quads 0 --half-sibs 0 --variants "$VARIANTS" --seed 1 --de-novo 0.0005 --error 0.0005 \
    --weights "$WEIGHTS" --out "$WORK"
fi
# synthetic genes on chr22 (a gene every 75 kb from 17 Mb, 5-125 kb long): compound het reads all of them
GENE_COUNT=${GENE_COUNT:-440}
awk -v n="$GENE_COUNT" 'BEGIN { print "##gff-version 3"; for (i = 1; i <= n; i++) { s = 17000000 + 75000 * (i - 1);
  e = s + 5000 + (i * 7919) % 120000; printf "chr22\tbench\tgene\t%d\t%d\t.\t+\t.\tID=G22_%03d;Name=G22_%03d\n", s, e, i, i } }' \
  > genes.gff3
cat > dasgrid.yaml <<YAML
server: {maxFeaturesPerResponse: 10000000, maxGenotypeSpan: 300000000}
sources:
  - {id: fam, format: vcf, path: cohort.vcf.gz, genotypes: true, samples: samples.tsv, genes: genes.gff3${INDEX:+, genotypeIndex: $INDEX}}
YAML
if [ "$ONLY" != tools ]; then
LOAD_START=$(date +%s)
java -Xmx"${XMX:-6g}" -jar "$ROOT/webapp/target/dasgrid.jar" --config dasgrid.yaml --port "$PORT" --bind 127.0.0.1 > server.log 2>&1 &
SERVER=$!
trap 'kill $SERVER' EXIT
until curl -sf "http://127.0.0.1:$PORT/health/ready" > /dev/null; do sleep 2; done
echo "server ready after $(( $(date +%s) - LOAD_START )) s" >&2
fi
BASE="http://127.0.0.1:$PORT/genotypes/fam"
A=$(awk 'NR==2{print $1}' samples.tsv)
B=$(awk 'NR==3{print $1}' samples.tsv)
HUNDRED=$(awk 'NR>1 && NR<=101{printf "%s%s", (NR>2?",":""), $1}' samples.tsv)
FAMILY=$(awk -F'\t' 'NR>1 && $7!="0"{print $6; exit}' samples.tsv)
# de novo over one gene: the longest synthetic one; compound het over all of them
GENE=$(awk -F'\t' '!/^#/ {l = $5 - $4; if (l > m) {m = l; g = $9; r = $1 ":" $4 "-" $5}} END {sub(/;.*/, "", g); sub(/ID=/, "", g); print g}' genes.gff3)
GENE_REGION=$(awk -F'\t' -v g="ID=$GENE;" 'index($9, g) == 1 {print $1 ":" $4 "-" $5}' genes.gff3)
ALL_GENES=$(awk -F'\t' '!/^#/ {sub(/;.*/, "", $9); sub(/ID=/, "", $9); printf "%s%s", (n++ ? "," : ""), $9}' genes.gff3)
# cold KING pairs: a new pair each round, from the end of the sheet (no other shape asks for those samples)
COLD_PAIRS=$(awk -F'\t' 'NR>1 {s[++n] = $1} END {for (i = 0; i < 2 * '"$ROUNDS"' + 2; i += 2) print s[n - i] "," s[n - i - 1]}' samples.tsv)
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
timed_each() { # name, then one URL per round: each round's request differs (nothing kept from an earlier one)
  local name=$1; shift
  for url in "$@"; do curl -s -o /dev/null -w '%{time_total}\n' "$url"; done | median | awk -v n="$name" '{printf "| %s | %.1f ms |\n", n, 1000*$1}'
}
timed() { # name, curl args...
  local name=$1; shift
  for i in $(seq "$ROUNDS"); do curl -s -o /dev/null -w '%{time_total}\n' "$@"; done | median | awk -v n="$name" '{printf "| %s | %.1f ms |\n", n, 1000*$1}'
}
tool() { # name, command...
  local name=$1; shift
  local s=$(date +%s.%N); "$@" > /dev/null 2>&1; local e=$(date +%s.%N)
  awk -v n="$name" -v s="$s" -v e="$e" 'BEGIN{printf "| %s | %.1f ms |\n", n, 1000*(e-s)}'
}
echo "| shape | median of $ROUNDS |"
echo "|---|---|"
if [ "$ONLY" != tools ]; then
# one untimed request per shape first: the server's JIT has not seen these code paths yet
curl -s -o /dev/null "$BASE/kinship?samples=$A,$B"; curl -s -o /dev/null "$BASE/kinship?samples=$HUNDRED"
curl -s -o /dev/null -X POST -H 'Content-Type: text/plain' --data-binary @weights.txt "$BASE/score"
curl -s -o /dev/null "$BASE/sex-check"; curl -s -o /dev/null "$BASE/inheritance?mode=denovo&family=$FAMILY&segment=chr1"
# (these two also say on stderr what they answered: the status, and how many rows matched)
for q in "mode=denovo&family=$FAMILY&gene=$GENE" "mode=compound_het&family=$FAMILY&gene=$ALL_GENES"; do
  curl -s -w '\nHTTP %{http_code}\n' "$BASE/inheritance?$q" | awk -v q="${q%%&gene=*}" '{n += gsub(/"pos"/, "&"); last = $0}
    END {print "untimed " q ": " n " rows, " last > "/dev/stderr"}'
done
# the first cold pair is the untimed one: JIT for the scan that makes a sample's call bits
FIRST_COLD=$(echo "$COLD_PAIRS" | tail -1)
curl -s -o /dev/null "$BASE/kinship?samples=$FIRST_COLD"
timed "DasGrid KING one pair, whole genome (warm: pair asked before)" "$BASE/kinship?samples=$A,$B"
# shellcheck disable=SC2046
timed_each "DasGrid KING one pair, whole genome (cold: a new pair each round)" $(echo "$COLD_PAIRS" | head -"$ROUNDS" | sed "s|^|$BASE/kinship?samples=|")
timed "DasGrid KING all pairs of 100 samples" "$BASE/kinship?samples=$HUNDRED"
timed "DasGrid PRS, $(wc -l < weights.txt) weights, all samples (warm: the same weights asked before)" -X POST -H 'Content-Type: text/plain' --data-binary @weights.txt "$BASE/score"
# cold PRS: each round a weights file the server has not seen (the same weights and one absent ID more), so
# the server's kept weight-to-row matches do not apply
for i in $(seq "$ROUNDS"); do
  { cat weights.txt; printf 'absent_cold_%s_%s\tA\t0.1\n' "$i" "$(date +%s%N)"; } > "prs-cold-$i.txt"
done
for i in $(seq "$ROUNDS"); do
  curl -s -o /dev/null -w '%{time_total}\n' -X POST -H 'Content-Type: text/plain' --data-binary @"prs-cold-$i.txt" "$BASE/score"
done | median | awk -v n="DasGrid PRS, $(wc -l < weights.txt) weights, all samples (cold: weights not asked before)" '{printf "| %s | %.1f ms |\n", n, 1000*$1}'
rm -f prs-cold-*.txt
timed "DasGrid check-sex, all samples" "$BASE/sex-check"
timed "DasGrid de novo, one trio, chr1" "$BASE/inheritance?mode=denovo&family=$FAMILY&segment=chr1"
timed "DasGrid de novo, one trio, one gene ($GENE, $GENE_REGION)" "$BASE/inheritance?mode=denovo&family=$FAMILY&gene=$GENE"
timed "DasGrid compound het, one child, all $GENE_COUNT genes of chr22" "$BASE/inheritance?mode=compound_het&family=$FAMILY&gene=$ALL_GENES"
fi
[ "$ONLY" = dasgrid ] && exit 0
# the tools: a one-variant file gives each one's start-up floor
[ -f one.vcf.gz ] || (zcat cohort.vcf.gz | awk '/^#/ {print; next} {print; exit}' | bgzip > one.vcf.gz) || true
[ -f pl.bed ] || plink1.9 --vcf cohort.vcf.gz --double-id --split-x b38 no-fail --make-bed --out pl > /dev/null
[ -f one.bed ] || plink1.9 --vcf one.vcf.gz --double-id --make-bed --out one > /dev/null
awk 'NR>1{print $1, $1, ($2=="male"?1:2)}' samples.tsv > sex.txt
printf "%s\n%s\n" "$A" "$B" > pair.txt
awk 'NR>1 && NR<=101{print $1}' samples.tsv > hundred.txt
tool "plink1.9 start-up floor (one variant, --freq)" plink1.9 --bfile one --freq --out floor1
tool "plink2 start-up floor (one variant, --freq)" plink2 --vcf one.vcf.gz --freq --out floor2
if [ "$PLINK2_INPUT" = pgen ]; then
  [ -f pg.pgen ] || plink2 --vcf cohort.vcf.gz --make-pgen --out pg > /dev/null
  [ -f one.vcf.gz ] || (zcat cohort.vcf.gz | awk '/^#/ {print; next} {print; exit}' | bgzip > one.vcf.gz) || true
  [ -f one.pgen ] || plink2 --vcf one.vcf.gz --make-pgen --out one > /dev/null
  tool "plink2 start-up floor (one variant, --freq, pgen input)" plink2 --pfile one --freq --out floor2p
  tool "plink2 --make-king-table, one pair (pgen input)" plink2 --pfile pg --keep pair.txt --make-king-table --out k1
  tool "plink2 --make-king-table, 100 samples (pgen input)" plink2 --pfile pg --keep hundred.txt --make-king-table --out k100
else
  tool "plink2 --make-king-table, one pair (VCF input)" plink2 --vcf cohort.vcf.gz --keep pair.txt --make-king-table --out k1
  tool "plink2 --make-king-table, 100 samples (VCF input)" plink2 --vcf cohort.vcf.gz --keep hundred.txt --make-king-table --out k100
fi
tool "plink1.9 --score, all samples (bed input)" plink1.9 --bfile pl --score weights.txt 1 2 3 sum --out prs
tool "plink1.9 --check-sex, all samples (bed input)" plink1.9 --bfile pl --update-sex sex.txt --check-sex --out cs
M=$(awk -F'\t' -v f="$FAMILY" '$6==f && $7=="0" && $2=="female"{print $1}' samples.tsv | head -1)
F=$(awk -F'\t' -v f="$FAMILY" '$6==f && $7=="0" && $2=="male"{print $1}' samples.tsv | head -1)
C=$(awk -F'\t' -v f="$FAMILY" '$6==f && $7!="0"{print $1}' samples.tsv | head -1)
[ -f cohort.vcf.gz.tbi ] || tabix -p vcf cohort.vcf.gz
tool "bcftools +mendelian, one trio, chr1" bash -c "bcftools view -r chr1 cohort.vcf.gz | bcftools +mendelian -t $M,$F,$C -m x"
tool "bcftools +mendelian, one trio, one gene ($GENE_REGION)" bash -c "bcftools view -r $GENE_REGION cohort.vcf.gz | bcftools +mendelian -t $M,$F,$C -m x"
tool "bcftools +mendelian start-up floor (one variant)" bcftools +mendelian one.vcf.gz -t "$M,$F,$C" -m x
# no installed tool finds compound hets; this is only the reading a script doing so would start from: the trio's
# calls on chr22 where the child is het
tool "bcftools view, trio's child-het rows of chr22 (reading only; not a compound-het caller)" bash -c "bcftools view -r chr22 -s $M,$F,$C cohort.vcf.gz | bcftools view -i 'GT[2]=\"het\"'"
tool "bcftools view start-up floor (one variant)" bcftools view one.vcf.gz
