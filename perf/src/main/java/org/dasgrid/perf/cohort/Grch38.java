package org.dasgrid.perf.cohort;

import java.util.List;

/** The GRCh38 primary contigs (UCSC names and lengths) and the regions the generator covers densely. */
final class Grch38 {
  private Grch38() {}

  record Contig(String name, int length) {}

  /** A region of a contig, 1-based inclusive. */
  record Region(String name, String contig, int start, int end) {
    int length() {
      return end - start + 1;
    }
  }

  static final List<Contig> CONTIGS = List.of(
      new Contig("chr1", 248_956_422), new Contig("chr2", 242_193_529), new Contig("chr3", 198_295_559),
      new Contig("chr4", 190_214_555), new Contig("chr5", 181_538_259), new Contig("chr6", 170_805_979),
      new Contig("chr7", 159_345_973), new Contig("chr8", 145_138_636), new Contig("chr9", 138_394_717),
      new Contig("chr10", 133_797_422), new Contig("chr11", 135_086_622), new Contig("chr12", 133_275_309),
      new Contig("chr13", 114_364_328), new Contig("chr14", 107_043_718), new Contig("chr15", 101_991_189),
      new Contig("chr16", 90_338_345), new Contig("chr17", 83_257_441), new Contig("chr18", 80_373_285),
      new Contig("chr19", 58_617_616), new Contig("chr20", 64_444_167), new Contig("chr21", 46_709_983),
      new Contig("chr22", 50_818_468), new Contig("chrX", 156_040_895), new Contig("chrY", 57_227_415),
      new Contig("chrM", 16_569));

  static final Region TP53 = new Region("TP53", "chr17", 7_661_779, 7_687_538);
  static final Region BRCA2 = new Region("BRCA2", "chr13", 32_315_508, 32_400_268);
  static final Region MITO = new Region("chrM", "chrM", 1, 16_569);
  static final String TP53_ID = "ENSG00000141510";
  static final String BRCA2_ID = "ENSG00000139618";

  /**
   * A GFF3 of the regions above as genes, for a generated cohort's {@code genes:} (gene= queries): TP53 and BRCA2
   * with their Ensembl IDs, the mitochondrial panel by name. Coordinates are the ones above (GRCh38, rCRS).
   */
  static String genesGff3() {
    StringBuilder b = new StringBuilder("##gff-version 3\n");
    b.append(gene(TP53, TP53_ID)).append(gene(BRCA2, BRCA2_ID));
    MITO_PANEL.forEach(r -> b.append(gene(r, r.name())));
    return b.toString();
  }

  /** One GFF3 gene line. */
  static String gene(Region r, String id) {
    return r.contig() + "\tGrch38\tgene\t" + r.start() + "\t" + r.end() + "\t.\t+\t.\tID=" + id + ";Name=" + r.name()
        + "\n";
  }

  /** The pseudo-autosomal regions of chrX, diploid in males too. */
  static boolean inXPar(int pos) {
    return pos >= 10_001 && pos <= 2_781_479 || pos >= 155_701_383 && pos <= 156_030_895;
  }

  /**
   * Eleven mitochondrial protein-coding genes (rCRS coordinates), the panel shape of the Dnaerys benchmark:
   * ND1, ND2, COX1, COX2, ATP8, ATP6, COX3, ND3, ND4L-ND4, ND5, CYTB.
   */
  static final List<Region> MITO_PANEL = List.of(
      new Region("MT-ND1", "chrM", 3_307, 4_262), new Region("MT-ND2", "chrM", 4_470, 5_511),
      new Region("MT-CO1", "chrM", 5_904, 7_445), new Region("MT-CO2", "chrM", 7_586, 8_269),
      new Region("MT-ATP8", "chrM", 8_366, 8_572), new Region("MT-ATP6", "chrM", 8_527, 9_207),
      new Region("MT-CO3", "chrM", 9_207, 9_990), new Region("MT-ND3", "chrM", 10_059, 10_404),
      new Region("MT-ND4L-ND4", "chrM", 10_470, 12_137), new Region("MT-ND5", "chrM", 12_337, 14_148),
      new Region("MT-CYB", "chrM", 14_747, 15_887));
}
