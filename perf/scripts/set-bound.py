# Information bound of a cohort's non-ref calls: for each ALT row with k = het + hom carriers among n samples,
# log2 C(n, k) bits name the carriers and log2 C(k, hom) which of them are hom-alt; summed over the rows and
# divided by the non-ref calls (het + hom), the fewest bits per call any encoding of these sets can average.
import json, math, sys
n = int(sys.argv[1]); index_bytes = int(sys.argv[2])
def log2c(a, b): return (math.lgamma(a + 1) - math.lgamma(b + 1) - math.lgamma(a - b + 1)) / math.log(2)
bits = calls = rows = 0; singletons = 0
for line in sys.stdin:
    r = json.loads(line)
    if 'het' not in r: continue
    k = r['het'] + r['hom']; rows += 1; calls += k; singletons += (k == 1)
    bits += log2c(n, k) + log2c(k, r['hom'])
print(f"{rows} ALT rows, {calls} non-ref calls, {singletons} singletons; bound {bits/8/1e6:.1f} MB = {bits/8/calls:.2f} bytes per non-ref call; index {index_bytes/1e6:.1f} MB = {index_bytes/calls:.2f} bytes per call ({index_bytes*8/bits:.2f}x the bound)")
