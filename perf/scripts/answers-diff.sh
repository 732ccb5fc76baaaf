#!/usr/bin/env bash
# Answers before and after a change, byte for byte: starts each jar in turn on the bundled example sources
# (no --config) and on a generated cohort served from the heap and from its .dgi index (built by that jar), sends
# the fixed requests of perf/scripts/answers-requests.txt (DAS, genotype queries, analytics, cohort endpoints,
# Beacon, htsget, refget, exports, service documents), keeps each answer's status, the headers that carry
# meaning (content type, X-DAS-*, X-DasGrid-*) and the body with its elapsed_* timings and the port taken out,
# and diffs the two sets. Also compares the index files the two jars build from the same VCFs.
#
#   perf/scripts/answers-diff.sh BEFORE.jar AFTER.jar [WORKDIR]
#
# WORKDIR (default perf/results/answers) keeps the generated cohorts between runs: a 600-sample x 30,000-record
# cohort with INFO, CSQ, structural variants and a gene file (CohortGenerator --annotate --svs) and a family
# cohort (FamilyCohortGenerator); both made with perf/target/benchmarks.jar ($BENCH_JAR). KEEP_BEFORE=1 keeps the
# BEFORE jar's answers of an earlier run instead of taking them again. Exit status 0 when
# every answer and both indexes are the same bytes; the differences are listed otherwise.
set -euo pipefail
before_jar=$1
after_jar=$2
work=${3:-perf/results/answers}
bench_jar=${BENCH_JAR:-perf/target/benchmarks.jar}
here=$(cd "$(dirname "$0")" && pwd)
requests=$here/answers-requests.txt
examples=$(cd "$here/../../webapp/src/main/resources/examples" && pwd)
mkdir -p "$work"
work=$(cd "$work" && pwd)

# --- the data: generated once
if [ ! -f "$work/cohort/cohort.vcf.gz" ]; then
  mkdir -p "$work/cohort"
  java -cp "$bench_jar" org.dasgrid.perf.cohort.CohortGenerator --samples 600 --variants 30000 --seed 1 \
    --annotate --svs --out "$work/cohort/cohort.vcf.gz" > "$work/cohort/generate.log"
fi
if [ ! -f "$work/fam/cohort.vcf.gz" ]; then
  java -cp "$bench_jar" org.dasgrid.perf.cohort.FamilyCohortGenerator --unrelated 100 --trios 20 --quads 5 \
    --half-sibs 5 --variants 20000 --seed 1 --weights 500 --out "$work/fam" > "$work/fam/generate.log"
fi
# the cohort's sheet: sex from its first chrY record (a haploid call: male; '.': female), two populations
if [ ! -f "$work/cohort/samples.tsv" ]; then
  python3 - "$work/cohort" <<'EOF'
import gzip, sys
d = sys.argv[1]
names, sexes = None, None
with gzip.open(d + '/cohort.vcf.gz', 'rt') as f:
    for line in f:
        if line.startswith('#CHROM'):
            names = line.rstrip('\n').split('\t')[9:]
        elif line.startswith('chrY\t'):
            sexes = ['female' if c.split(':')[0] == '.' else 'male' for c in line.rstrip('\n').split('\t')[9:]]
            break
with open(d + '/samples.tsv', 'w') as out:
    out.write('sample\tsex\tpopulation\tsuperpopulation\tphenotype\tfamily\tfather\tmother\n')
    for i, (n, s) in enumerate(zip(names, sexes)):
        pop, sup = (('CEU', 'EUR'), ('YRI', 'AFR'), ('CHB', 'EAS'))[i % 3]
        out.write(f"{n}\t{s}\t{pop}\t{sup}\t{'affected' if i % 4 == 0 else 'unaffected'}\t{n}\t0\t0\n")
EOF
fi
# a weights file of the ceu source (IDs of its VCF, some REF effect alleles, one absent)
if [ ! -f "$work/ceu.weights" ]; then
  zcat "$examples/data/ceu_exon.vcf.gz" | awk -F'\t' '!/^#/ && $3 != "." && NR % 7 == 0 {
      print $3 "\t" (NR % 3 ? $5 : $4) "\t" (NR % 11) / 10 - 0.5 } END { print "rs_absent\tA\t1" }' \
    | head -120 > "$work/ceu.weights" || true  # head stops zcat early: SIGPIPE, not an error
  zcat "$work/cohort/cohort.vcf.gz" | awk -F'\t' '!/^#/ && $3 != "." && $5 !~ /[<,]/ && NR % 13 == 0 {
      print $3 "\t" $5 "\t" (NR % 17) / 10 - 0.8 }' | head -400 > "$work/cohort.weights" || true
fi

SERVE_PID=""
trap '[ -n "$SERVE_PID" ] && kill "$SERVE_PID" 2>/dev/null || true' EXIT

port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# serve JAR CONFIG(or "") OUTDIR SET: start, wait ready, capture the requests of SET, stop
serve() {
  local jar=$1 config=$2 out=$3 set=$4
  local p
  p=$(port)
  mkdir -p "$out"
  local args=(--port "$p" --bind 127.0.0.1 --access-log off)
  [ -n "$config" ] && args+=(--config "$config")
  java -Xmx2g -jar "$jar" "${args[@]}" > "$out/server.log" 2>&1 &
  SERVE_PID=$!
  for _ in $(seq 240); do
    curl -sf -o /dev/null "http://127.0.0.1:$p/health/ready" && break
    kill -0 "$SERVE_PID" 2>/dev/null || { tail -20 "$out/server.log" >&2; return 1; }
    sleep 0.5
  done
  python3 "$here/answers-capture.py" "http://127.0.0.1:$p" "$requests" "$set" "$out" "$work"
  kill "$SERVE_PID"
  wait "$SERVE_PID" 2>/dev/null || true
  SERVE_PID=""
}

# run JAR NAME: the jar's indexes, its config, its answers
run() {
  local jar=$1 name=$2
  local d=$work/$name
  rm -rf "$d"
  mkdir -p "$d"
  java -jar "$jar" index --vcf "$work/cohort/cohort.vcf.gz" --out "$d/cohort.dgi" > "$d/index-cohort.log" 2>&1
  java -jar "$jar" index --vcf "$work/fam/cohort.vcf.gz" --out "$d/fam.dgi" --sample-calls \
    > "$d/index-fam.log" 2>&1
  cat > "$d/answers.yaml" <<EOF
server:
  rateLimit: {enabled: false}
  exportDir: $d/exports
sources:
  - {id: cohort, format: vcf, path: $work/cohort/cohort.vcf.gz, genotypes: true,
     samples: $work/cohort/samples.tsv, genes: $work/cohort/cohort.genes.gff3}
  - {id: cohortidx, format: vcf, path: $work/cohort/cohort.vcf.gz, genotypes: true, genotypeIndex: $d/cohort.dgi,
     samples: $work/cohort/samples.tsv, genes: $work/cohort/cohort.genes.gff3}
  - {id: fam, format: vcf, path: $work/fam/cohort.vcf.gz, genotypes: true, samples: $work/fam/samples.tsv}
  - {id: famidx, format: vcf, path: $work/fam/cohort.vcf.gz, genotypes: true, genotypeIndex: $d/fam.dgi,
     samples: $work/fam/samples.tsv}
EOF
  serve "$jar" "" "$d/bundled" bundled
  serve "$jar" "$d/answers.yaml" "$d/cohort" cohort
}

# KEEP_BEFORE=1 reuses the answers of an earlier run of the same BEFORE jar
if [ "${KEEP_BEFORE:-0}" != 1 ] || [ ! -f "$work/before/complete" ]; then
  run "$before_jar" before
  touch "$work/before/complete"
fi
run "$after_jar" after
status=0
for f in cohort fam; do
  if cmp -s "$work/before/$f.dgi" "$work/after/$f.dgi"; then
    echo "index $f.dgi: the same bytes ($(stat -c %s "$work/after/$f.dgi") bytes)"
  else
    echo "index $f.dgi: DIFFERS"
    status=1
  fi
done
n=$(find "$work/after/bundled" "$work/after/cohort" -name '*.answer' | wc -l)
diff -r -x server.log "$work/before/bundled" "$work/after/bundled" > "$work/diff.txt" || true
diff -r -x server.log "$work/before/cohort" "$work/after/cohort" >> "$work/diff.txt" || true
if [ ! -s "$work/diff.txt" ]; then
  echo "answers: $n, all the same bytes"
else
  echo "answers: $n, these differ:"
  grep '^diff\|^Only' "$work/diff.txt" || true
  status=1
fi
exit $status
