package org.dasgrid.webapp.cluster;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * A small generated multi-sample VCF for cluster tests: 120 samples on chr1..chr6 and chrX, with
 * multi-allelic sites, missing and partial calls, phased and unphased calls, and haploid calls on chrX for
 * half the samples. Deterministic by seed.
 */
final class CohortVcf {
  static final List<String> CONTIGS = List.of("chr1", "chr2", "chr3", "chr4", "chr5", "chr6", "chrX");
  static final int SAMPLES = 120;

  private CohortVcf() {}

  static Path write(Path file, int recordsPerContig, long seed) throws IOException {
    Random r = new Random(seed);
    String bases = "ACGT";
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write("##fileformat=VCFv4.2\n##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
      w.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
      for (int s = 0; s < SAMPLES; s++) {
        w.write(String.format("\tG%03d", s));
      }
      w.write('\n');
      int id = 0;
      for (String c : CONTIGS) {
        int pos = 10_000;
        for (int i = 0; i < recordsPerContig; i++) {
          pos += 1 + r.nextInt(400);
          char ref = bases.charAt(r.nextInt(4));
          int alts = r.nextInt(10) == 0 ? 2 : 1;
          StringBuilder alt = new StringBuilder();
          for (int a = 0; a < alts; a++) {
            char b;
            do {
              b = bases.charAt(r.nextInt(4));
            } while (b == ref || alt.indexOf(String.valueOf(b)) >= 0);
            alt.append(a > 0 ? "," : "").append(b);
          }
          double af = Math.pow(r.nextDouble(), 3) * 0.6;
          StringBuilder line = new StringBuilder();
          line.append(c).append('\t').append(pos).append('\t').append(r.nextInt(4) == 0 ? "." : "rs" + (++id))
              .append('\t').append(ref).append('\t').append(alt).append("\t50\tPASS\t.\tGT");
          for (int s = 0; s < SAMPLES; s++) {
            line.append('\t');
            boolean haploid = c.equals("chrX") && s % 2 == 0;
            if (r.nextInt(100) < 2) {
              line.append(haploid ? "." : r.nextInt(3) == 0 ? "./1" : "./.");
              continue;
            }
            int a1 = allele(r, af, alts);
            if (haploid) {
              line.append(a1);
            } else {
              line.append(a1).append(r.nextBoolean() ? '|' : '/').append(allele(r, af, alts));
            }
          }
          w.write(line.append('\n').toString());
        }
      }
    }
    return file;
  }

  private static int allele(Random r, double af, int alts) {
    return r.nextDouble() < af ? 1 + r.nextInt(alts) : 0;
  }
}
