"""Generates the benchmark data (fixed seeds): seq.fa, a 5 Mb random sequence, and cohort.vcf, 3 contigs x
40,000 sorted records x 200 samples (about 70 MB of text)."""
import os
import random
import sys

work = sys.argv[1]
rnd = random.Random(20261126)
fa = os.path.join(work, "seq.fa")
if not os.path.exists(fa):
    with open(fa, "w") as f:
        f.write(">chrB\n")
        for _ in range(5_000_000 // 60):
            f.write("".join(rnd.choice("ACGT") for _ in range(60)) + "\n")
vcf = os.path.join(work, "cohort.vcf")
if not os.path.exists(vcf) and not os.path.exists(vcf + ".gz"):
    samples = [f"S{i:03d}" for i in range(200)]
    gts = ["0/0"] * 12 + ["0/1"] * 3 + ["1/1", "./."]
    with open(vcf, "w") as f:
        f.write("##fileformat=VCFv4.2\n")
        for c in ("1", "2", "3"):
            f.write(f"##contig=<ID={c},length=20000000>\n")
        f.write('##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n')
        f.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t" + "\t".join(samples) + "\n")
        for c in ("1", "2", "3"):
            pos = 0
            for i in range(40_000):
                pos += 1 + rnd.randrange(500)
                row = "\t".join(rnd.choice(gts) for _ in samples)
                f.write(f"{c}\t{pos}\tr{c}_{i}\tA\tG\t50\tPASS\t.\tGT\t{row}\n")
