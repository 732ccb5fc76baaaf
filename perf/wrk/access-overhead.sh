#!/usr/bin/env bash
# Controlled access on against off, in the same run (docs/benchmarks.md, "Controlled access"): two servers of
# webapp/target/dasgrid.jar on the bundled data, one without auth, one with server.auth (a test issuer made by
# `dasgrid.jar token init`), tiers on dmel and ceu and an audit log; wrk sends the same DAS and genotype
# requests to each, alternating, the second with a granted caller's bearer token (a passport of two visas).
#
#   perf/wrk/access-overhead.sh            # ROUNDS=3 DURATION=10s CONNS=4 THREADS=2 AUDIT=1
#
# AUDIT=0 leaves the audit log out of the "on" server, to tell its cost from the token and tier checks'.
#
# Prints one line per round and request: req/s and wrk's p50/p99 for off and on, and the ratio on/off.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
JAR=${JAR:-$ROOT/webapp/target/dasgrid.jar}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10s}
CONNS=${CONNS:-4}
THREADS=${THREADS:-2}
AUDIT=${AUDIT:-1}
# the "off" server gets the same Authorization header by default (it has no issuers: a bearer it does not check),
# so both answer requests of the same bytes and the ratio is the checks' cost; OFF_TOKEN=no sends none
OFF_TOKEN=${OFF_TOKEN:-yes}
WORK=$(mktemp -d /tmp/access-bench.XXXXXX)
DATA=$ROOT/webapp/src/main/resources/examples/data
PIDS=()
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

java -jar "$JAR" token init --dir "$WORK/keys" > /dev/null
TOKEN=$(java -jar "$JAR" token mint --dir "$WORK/keys" --sub bench --registered --grant https://dac.local/datasets/CEU \
  --minutes 600)
sources() {  # $1: tiers (empty: none)
  cat <<YAML
sources:
  - {id: dmel, format: gff3, path: $DATA/dmel-2L.gff3 $1}
  - {id: ceu, format: vcf, path: $DATA/ceu_exon.vcf.gz, genotypes: true, dataset: "https://dac.local/datasets/CEU" $1}
YAML
}
cat > "$WORK/off.yaml" <<YAML
server: {rateLimit: {enabled: false}}
$(sources "")
YAML
cat > "$WORK/on.yaml" <<YAML
server:
  rateLimit: {enabled: false}
$([ "$AUDIT" = 1 ] && echo "  auditLog: $WORK/audit.jsonl")
  auth:
    issuers: [{issuer: "https://login.local", jwks: $WORK/keys/login.jwks.json, audience: dasgrid}]
    visaIssuers: [{issuer: "https://dac.local", jwks: $WORK/keys/dac.jwks.json}]
$(sources ", tiers: {aggregate: public, variants: registered, genotypes: controlled}")
YAML

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
start() {  # $1 config -> prints the port
  local port; port=$(free_port)
  java -Xmx512m -jar "$JAR" --config "$1" --port "$port" --bind 127.0.0.1 --access-log off --no-warmup \
    > "$WORK/$(basename "$1").log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 240); do
    curl -sf "http://127.0.0.1:$port/health/ready" > /dev/null 2>&1 && { echo "$port"; return; }
    sleep 0.5
  done
  echo "server on $1 did not become ready" >&2; exit 1
}
OFF=$(start "$WORK/off.yaml")
ON=$(start "$WORK/on.yaml")

REQUESTS=("/das/dmel/features?segment=2L:2501,2550" "/genotypes/ceu/variants?segment=1:1105366,1200000&limit=10")
run() {  # $1 port, $2 path, $3 auth(yes/no) -> "req/s p50 p99"
  local h=()
  [ "$3" = yes ] && h=(-H "Authorization: Bearer $TOKEN")
  wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency "${h[@]}" "http://127.0.0.1:$1$2" | awk '
    /Requests\/sec/ {rps=$2}
    /^ +50%/ {p50=$2} /^ +99%/ {p99=$2}
    /Non-2xx/ {bad=$4}
    END {print rps, p50, p99, (bad == "" ? 0 : bad)}'
}
# the same status on both (a refused request would be cheap, not a measurement)
for r in "${REQUESTS[@]}"; do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$OFF$r")" = 200 ]
  [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$ON$r")" = 200 ]
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$ON$r")" = 401 ]
done
echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg); wrk -t$THREADS -c$CONNS -d$DURATION; AUDIT=$AUDIT OFF_TOKEN=$OFF_TOKEN (token ${#TOKEN} bytes)"
for r in "${REQUESTS[@]}"; do  # warm both JITs
  run "$OFF" "$r" "$OFF_TOKEN" > /dev/null; run "$ON" "$r" yes > /dev/null
done
echo "round request off_rps off_p50 off_p99 on_rps on_p50 on_p99 ratio_rps non2xx"
for round in $(seq 1 "$ROUNDS"); do
  for r in "${REQUESTS[@]}"; do
    read -r orps op50 op99 obad < <(run "$OFF" "$r" "$OFF_TOKEN")
    read -r nrps np50 np99 nbad < <(run "$ON" "$r" yes)
    echo "$round $r $orps $op50 $op99 $nrps $np50 $np99 $(awk -v a="$nrps" -v b="$orps" 'BEGIN{printf "%.2f", a/b}') $obad/$nbad"
  done
done
echo "# audit log lines written: $([ -f "$WORK/audit.jsonl" ] && wc -l < "$WORK/audit.jsonl" || echo 0 "(AUDIT=0)"), load after $(cut -d' ' -f1-3 /proc/loadavg)"
