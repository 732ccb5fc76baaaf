package org.dasgrid.core.genotype.cohort;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * A weights file in the PLINK {@code --score} format: per line a variant (its VCF ID, or {@code
 * CHROM:POS:REF:ALT}), the effect allele and its weight, separated by tabs or spaces; blank lines and lines
 * starting with {@code #} are skipped, and a first line whose weight is not a number is a header. Mistakes are
 * {@link SampleSheetException}s naming line and column (the body has no file name: {@code weights}).
 */
public record ScoreWeights(List<Weight> weights) {
  public ScoreWeights {
    weights = List.copyOf(weights);
  }

  /** One weight; {@code line} is its line in the file. */
  public record Weight(String variant, String allele, double weight, long line) {}

  public static ScoreWeights read(Reader in, int maxWeights) throws IOException {
    BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in);
    List<Weight> out = new ArrayList<>();
    String line;
    long n = 0;
    boolean header = false;
    while ((line = r.readLine()) != null) {
      n++;
      String t = line.strip();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      String[] f = t.split("[ \t]+");
      if (f.length < 3) {
        throw SampleSheetException.at("weights", n, "%d column%s; each line is ID ALLELE WEIGHT", f.length,
            f.length == 1 ? "" : "s");
      }
      double w;
      try {
        w = Double.parseDouble(f[2]);
      } catch (NumberFormatException e) {
        if (out.isEmpty() && !header) {
          header = true; // a header such as "SNP A1 BETA"
          continue;
        }
        throw SampleSheetException.atColumn("weights", n, 3, "weight", "'%s' is not a number", shorten(f[2]));
      }
      if (!Double.isFinite(w)) {
        throw SampleSheetException.atColumn("weights", n, 3, "weight", "'%s' is not a finite number",
            shorten(f[2]));
      }
      if (!f[1].chars().allMatch(c -> "ACGTNacgtn*".indexOf(c) >= 0) && !f[1].startsWith("<")) {
        throw SampleSheetException.atColumn("weights", n, 2, "allele", "'%s' is not an allele", shorten(f[1]));
      }
      if (out.size() >= maxWeights) {
        throw new SampleSheetException("weights: more than " + maxWeights + " weights (at line " + n + ")");
      }
      out.add(new Weight(f[0], f[1].toUpperCase(java.util.Locale.ROOT), w, n));
    }
    if (out.isEmpty()) {
      throw new SampleSheetException("weights: no weights; send lines of ID ALLELE WEIGHT");
    }
    return new ScoreWeights(out);
  }

  private static String shorten(String text) {
    String t = text.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 40 ? t : t.substring(0, 37) + "...";
  }
}
