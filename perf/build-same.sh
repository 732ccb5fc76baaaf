#!/usr/bin/env bash
# Whether two jars build the same genotype index of one VCF, byte for byte (a build speed change must not change
# the index): `index --threads 1` (the default threads too with THREADS=2) by each jar into OUT_DIR/a and
# OUT_DIR/b, then `cmp` of every file either made. Exits non-zero on any difference.
#
#   perf/build-same.sh VCF.gz OUT_DIR A.jar B.jar
set -euo pipefail
[ $# -eq 4 ] || { sed -n 2,6p "$0"; exit 2; }
vcf=$1
out=$2
rm -rf "$out/a" "$out/b"
mkdir -p "$out/a" "$out/b"
java -Xmx"${XMX:-2g}" -jar "$3" index --vcf "$vcf" --out "$out/a/index.dgi" --threads "${THREADS:-1}" | grep "^indexed"
java -Xmx"${XMX:-2g}" -jar "$4" index --vcf "$vcf" --out "$out/b/index.dgi" --threads "${THREADS:-1}" | grep "^indexed"
status=0
files=$( (cd "$out/a" && find . -type f; cd "../b" && find . -type f) | sort -u)
for f in $files; do
  if cmp "$out/a/$f" "$out/b/$f"; then
    echo "same: $f ($(stat -c %s "$out/a/$f") bytes)"
  else
    status=1
  fi
done
[ "$status" -eq 0 ] && rm -rf "$out/a" "$out/b"
exit "$status"
