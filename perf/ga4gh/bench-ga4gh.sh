#!/usr/bin/env bash
# GA4GH benchmarks (docs/bench-log/2026-11-26-ga4gh.md), bounded in time, on 127.0.0.1:
#   1. refget: a 1 Mb slice of a 5 Mb generated sequence, HTTP latency with wrk (p50/p99);
#   2. htsget: ticket + blocks for a 1 Mb region of a generated cohort VCF, followed by a client (python3),
#      next to `bcftools view -r` over the same region of the same bgzipped, tabix-indexed file.
# Usage: perf/ga4gh/bench-ga4gh.sh [WORKDIR]   (needs webapp/target/dasgrid.jar, wrk, bcftools, bgzip, tabix)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${1:-$(mktemp -d /tmp/dasgrid-ga4gh-bench.XXXXXX)}
PORT=${PORT:-18931}
ROUNDS=${ROUNDS:-30}
mkdir -p "$WORK"
cd "$WORK"

python3 "$ROOT/perf/ga4gh/generate.py" "$WORK"
[ -f cohort.vcf.gz.tbi ] || { bgzip -f cohort.vcf; tabix -p vcf cohort.vcf.gz; }
cat > bench.yaml <<YAML
server:
  exportDir: $WORK/cache
sources:
  - {id: seq, format: fasta, path: seq.fa}
  - {id: cohort, format: vcf, path: cohort.vcf.gz}
YAML

java -Xmx1g -jar "$ROOT/webapp/target/dasgrid.jar" --config bench.yaml --port "$PORT" --bind 127.0.0.1 \
  --access-log off > server.log 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$PORT/health/ready" > /dev/null && break
  sleep 1
done
BASE="http://127.0.0.1:$PORT"
MD5=$(curl -s "$BASE/api/sources/seq" | jq -r '.sequences[0].md5')
URL="$BASE/refget/sequence/$MD5?start=2000000&end=3000000"
curl -s "$URL" | wc -c
echo "== refget 1 Mb slice: warm-up, then wrk -t1 -c4 -d15s --latency"
wrk -t1 -c4 -d10s "$URL" > /dev/null
wrk -t1 -c4 -d15s --latency "$URL"

echo "== htsget: ticket + blocks for cohort 2:1000001-2000000 vs bcftools view -r, $ROUNDS rounds each"
python3 "$ROOT/perf/ga4gh/follow.py" "$BASE/htsget/variants/cohort?referenceName=2&start=1000000&end=2000000" \
  "$ROUNDS" cohort.vcf.gz 2:1000001-2000000
