#!/usr/bin/env bash
# htsget on a large cohort VCF (docs/bench-log/2026-11-26-ga4gh-2.md), bounded in time, on 127.0.0.1: the
# source tabix-backed (no load), the first ticket writes the bgzipped copy (timed apart), then ticket + blocks
# for BRCA2 (GRCh38 chr13:32315508-32400268) and for the whole of chr13 (a ticket cut into several URLs),
# each followed by a client (follow.py) next to `bcftools view -r` over the same region of the same file.
# Usage: perf/ga4gh/bench-htsget-cohort.sh COHORT.vcf.gz [WORKDIR]
#   (needs webapp/target/dasgrid.jar, bcftools, tabix, python3; COHORT with chr-prefixed GRCh38 contigs)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
VCF=$(realpath "$1")
WORK=${2:-$(mktemp -d /tmp/dasgrid-htsget-cohort.XXXXXX)}
PORT=${PORT:-$((20000 + RANDOM % 20000))}
ROUNDS=${ROUNDS:-20}
mkdir -p "$WORK"
cd "$WORK"
[ -f "$VCF.tbi" ] || tabix -p vcf "$VCF"
cat > bench.yaml <<YAML
server:
  exportDir: $WORK/cache
sources:
  - {id: cohort, format: tabix, path: "$VCF"}
YAML
java -Xmx1g -jar "$ROOT/webapp/target/dasgrid.jar" --config bench.yaml \
  --port "$PORT" --bind 127.0.0.1 --access-log off > server.log 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$PORT/health/ready" > /dev/null && break
  sleep 1
done
BASE="http://127.0.0.1:$PORT/htsget/variants/cohort"
start=$(date +%s%N)
curl -sf "$BASE?referenceName=chr13&start=32315507&end=32400268" > first-ticket.json
echo "first ticket (writes the bgzipped, indexed copy): $(( ($(date +%s%N) - start) / 1000000 )) ms"
ls -l cache/*.vcf.gz
echo "== BRCA2: $ROUNDS rounds"
python3 "$ROOT/perf/ga4gh/follow.py" "$BASE?referenceName=chr13&start=32315507&end=32400268" "$ROUNDS" "$VCF" \
  chr13:32315508-32400268
echo "== chr13 whole: 3 rounds"
python3 "$ROOT/perf/ga4gh/follow.py" "$BASE?referenceName=chr13" 3 "$VCF" chr13
