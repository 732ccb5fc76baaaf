#!/usr/bin/env bash
# CPU seconds per thread of one genotype index build (issue 30 item 5: where the CPU of a build goes): runs
# `java -jar JAR index`, reads /proc/PID/task/*/stat every 0.5 s until the JVM exits (a thread's last reading
# counts; one that ends between two readings loses at most 0.5 s) and prints CPU seconds (user + system) per
# thread name, numbers in names folded (dasgrid-bgzf-3 -> dasgrid-bgzf-N), largest first.
#
#   perf/build-threads.sh JAR VCF.gz OUT_DIR [index arguments...]
#   XMX=2g JFR=out.jfr perf/build-threads.sh new.jar /work/data/c/plain2m.vcf.gz /work/data/c --threads 1
#
# JFR=FILE also records a JFR profile (settings=profile) of the same run.
set -euo pipefail
[ $# -ge 3 ] || { sed -n 2,10p "$0"; exit 2; }
jar=$1
vcf=$2
out=$3
shift 3
mkdir -p "$out"
rm -rf "$out/threads.dgi"
tick=$(getconf CLK_TCK)
java -Xmx"${XMX:-2g}" ${JFR:+-XX:StartFlightRecording=filename=$JFR,settings=profile} -jar "$jar" index \
  --vcf "$vcf" --out "$out/threads.dgi" "$@" > "$out/threads.out" 2>&1 &
pid=$!
declare -A cpu name
while kill -0 "$pid" 2>/dev/null; do
  for stat in /proc/"$pid"/task/*/stat; do
    read -r line < "$stat" 2>/dev/null || continue # a builtin: the sampler forks nothing
    tid=${stat#/proc/$pid/task/}
    tid=${tid%/stat}
    comm=${line#*(}
    comm=${comm%)*}
    rest=${line##*) }
    read -r -a f <<< "$rest"
    cpu[$tid]=$((f[11] + f[12]))
    name[$tid]=$comm
  done
  sleep 0.5
done
wait "$pid" || { cat "$out/threads.out"; exit 1; }
grep "^indexed" "$out/threads.out" || true
for tid in "${!cpu[@]}"; do
  echo "$(echo "${name[$tid]}" | sed -E 's/[0-9]+/N/g') ${cpu[$tid]}"
done | awk -v t="$tick" '{n = $NF; $NF = ""; sub(/ $/, ""); s[$0] += n; c[$0]++; all += n}
  END {for (k in s) printf "%8.2f %3d  %s\n", s[k] / t, c[k], k; printf "%8.2f %3s  %s\n", all / t, "", "total"}' \
  | sort -n -r | head -12
rm -rf "$out/threads.dgi"
