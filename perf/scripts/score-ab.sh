#!/bin/bash
# A/B of a 10,000-weight score (POST /genotypes/bb/score) on a biobank cohort (perf BiobankCohortGenerator,
# scripts/make-biobank-cohorts.sh: chr13/chr17/chr22/chrX.vcf.gz, samples.tsv, weights.txt): the jar before and
# after, alternated, same run.
# usage: OLD_JAR=a.jar NEW_JAR=b.jar perf/scripts/score-ab.sh COHORT_DIR INDEX PORT
D=$1; IDX=$2; PORT=$3; W=${WORK:-$(mktemp -d)}; OLD=${OLD_JAR:?OLD_JAR=the jar before}; NEW=${NEW_JAR:?NEW_JAR=the jar after}
"$(dirname "$0")/biobank-config.sh" "$D" "$IDX" > $W/ab.yaml
for round in 1 2; do for jar in old new; do
  java -Xmx1g -jar $([ $jar = old ] && echo $OLD || echo $NEW) --config $W/ab.yaml --port $PORT --no-warmup > $W/ab-$jar.log 2>&1 & pid=$!
  for i in $(seq 120); do curl -sf localhost:$PORT/health/ready > /dev/null && break; sleep 1; done
  t=""; for i in 1 2 3; do t0=$(date +%s%N); curl -sf -o $W/score-$jar.json -X POST --data-binary @$D/weights.txt localhost:$PORT/genotypes/bb/score; t1=$(date +%s%N); t="$t $(( (t1 - t0) / 1000000 ))ms"; done
  echo "round $round $jar: $t; load $(cut -d' ' -f1-3 /proc/loadavg)"
  kill $pid; wait $pid 2>/dev/null
done; # the same scores (the answers' elapsed_* timings apart)
  python3 -c 'import json, sys; a, b = (json.load(open(f)) for f in sys.argv[1:]); [d.pop(k) for d in (a, b) for k in ("elapsed_ms", "elapsed_db_ms")]; print("same answer" if a == b else "ANSWERS DIFFER")' $W/score-old.json $W/score-new.json
done
