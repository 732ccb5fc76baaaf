package org.dasgrid.perf.gff;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a synthetic but realistic GFF3 of at least N features, shaped like FlyBase's: genes with one to three
 * mRNAs, each with exons, CDS and UTRs, with {@code ID}, {@code Name}, {@code Parent}, {@code Dbxref},
 * {@code Note} and a few other attributes, on several chromosomes, sorted by position. Deterministic for a
 * given N.
 *
 * <pre>java -cp ... org.dasgrid.perf.gff.Gff3Generator OUT.gff3 [FEATURES, default 1000000]</pre>
 */
public final class Gff3Generator {
  private static final String[] CHROMOSOMES = {"2L", "2R", "3L", "3R", "X"};
  private static final String[] NOTES = {"Protein kinase domain", "Zinc finger, C2H2 type", "Transcription factor",
      "Mitochondrial ribosomal protein", "Serine protease", "Unknown function"};

  private final SplittableRandom random = new SplittableRandom(20261122);
  private final Writer out;
  private long features;
  private int genes;

  private Gff3Generator(Writer out) {
    this.out = out;
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: Gff3Generator OUT.gff3 [FEATURES]");
      System.exit(2);
    }
    long target = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
    Path path = Path.of(args[0]);
    try (BufferedWriter w = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
      Gff3Generator g = new Gff3Generator(w);
      g.write(target);
      System.out.printf(Locale.ROOT, "%s: %,d features, %,d genes, %.1f MB%n", path, g.features, g.genes,
          Files.size(path) / 1e6);
    }
  }

  private void write(long target) throws IOException {
    out.write("##gff-version 3\n");
    // about 24 features and 9 kb per gene: room for the genes, which fill the chromosomes evenly
    long length = Math.min(Integer.MAX_VALUE, target / CHROMOSOMES.length / 20 * 12_000 + 100_000);
    for (String chr : CHROMOSOMES) {
      out.write("##sequence-region " + chr + " 1 " + length + "\n");
    }
    for (int k = 0; k < CHROMOSOMES.length; k++) {
      int pos = 5_000;
      while (features < target * (k + 1) / CHROMOSOMES.length) {
        pos = gene(CHROMOSOMES[k], pos) + 500 + random.nextInt(4_000);
      }
    }
  }

  /** Writes one gene with its transcripts; returns where it ends. */
  private int gene(String chr, int start) throws IOException {
    genes++;
    String fbgn = String.format(Locale.ROOT, "FBgn%07d", genes);
    String symbol = "CG" + (10_000 + genes);
    char strand = random.nextBoolean() ? '+' : '-';
    int exons = 2 + random.nextInt(7);
    int[] exonStarts = new int[exons];
    int[] exonEnds = new int[exons];
    int p = start;
    for (int e = 0; e < exons; e++) {
      exonStarts[e] = p;
      exonEnds[e] = p + 80 + random.nextInt(900);
      p = exonEnds[e] + 60 + random.nextInt(1_500);
    }
    int end = exonEnds[exons - 1];
    line(chr, "gene", start, end, strand, '.', "ID=" + fbgn + ";Name=" + symbol + ";Dbxref=FlyBase:" + fbgn
        + ",EntrezGene:" + (30_000 + genes) + ";Note=" + NOTES[genes % NOTES.length] + ";Ontology_term=SO:0000010"
        + ";derived_computed_cyto=" + (21 + genes % 80) + "A1-" + (21 + genes % 80) + "A2");
    int transcripts = 1 + random.nextInt(3);
    for (int t = 0; t < transcripts; t++) {
      String fbtr = String.format(Locale.ROOT, "FBtr%07d", genes * 3 + t);
      String name = symbol + "-R" + (char) ('A' + t);
      int first = t == 0 ? 0 : random.nextInt(Math.max(1, exons - 1));
      line(chr, "mRNA", exonStarts[first], end, strand, '.', "ID=" + fbtr + ";Name=" + name + ";Parent=" + fbgn
          + ";Dbxref=FlyBase_Annotation_IDs:" + name + ";score_text=Strongly Supported");
      line(chr, "five_prime_UTR", exonStarts[first], exonStarts[first] + 40, strand, '.',
          "ID=" + fbtr + "-u5;Name=" + name + "-u5;Parent=" + fbtr + ";parent_type=mRNA");
      int phase = 0;
      for (int e = first; e < exons; e++) {
        line(chr, "exon", exonStarts[e], exonEnds[e], strand, '.', "ID=" + fbgn + ":" + (e + 1) + ";Name="
            + symbol + ":" + (e + 1) + ";Parent=" + fbtr + ";parent_type=mRNA");
        int cdsStart = e == first ? exonStarts[e] + 41 : exonStarts[e];
        int cdsEnd = e == exons - 1 ? exonEnds[e] - 50 : exonEnds[e];
        line(chr, "CDS", cdsStart, cdsEnd, strand, (char) ('0' + phase), "ID=CDS_" + fbtr + ";Name=" + name
            + "-P;Parent=" + fbtr + ";parent_type=mRNA");
        phase = (phase + (cdsEnd - cdsStart + 1)) % 3;
      }
      line(chr, "three_prime_UTR", exonEnds[exons - 1] - 49, exonEnds[exons - 1], strand, '.',
          "ID=" + fbtr + "-u3;Name=" + name + "-u3;Parent=" + fbtr + ";parent_type=mRNA");
    }
    return end;
  }

  private void line(String chr, String type, int start, int end, char strand, char phase, String attributes)
      throws IOException {
    out.write(chr);
    out.write("\tFlyBase\t");
    out.write(type);
    out.write('\t');
    out.write(Integer.toString(start));
    out.write('\t');
    out.write(Integer.toString(end));
    out.write("\t.\t");
    out.write(strand);
    out.write('\t');
    out.write(phase);
    out.write('\t');
    out.write(attributes);
    out.write('\n');
    features++;
  }
}
