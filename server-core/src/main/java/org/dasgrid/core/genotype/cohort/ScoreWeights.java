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
    BufferedReader r = in instanceof BufferedReader b ? b : new BufferedReader(in, 1 << 16);
    List<Weight> out = new ArrayList<>();
    String[] f = new String[3];
    String line;
    long n = 0;
    boolean header = false;
    while ((line = r.readLine()) != null) {
      n++;
      // fields by hand rather than strip() and a regex split: a 100,000-line body is parsed per request
      int columns = fields(line, f);
      if (columns == 0 || f[0].charAt(0) == '#') {
        continue;
      }
      if (columns < 3) {
        throw SampleSheetException.at("weights", n, "%d column%s; each line is ID ALLELE WEIGHT", columns,
            columns == 1 ? "" : "s");
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
      if (!isAllele(f[1])) {
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

  /**
   * Splits {@code line} at runs of tabs and spaces, as {@code line.strip().split("[ \t]+")} would (other
   * whitespace that {@code strip} drops at either end is dropped too), into the first three of {@code f};
   * returns how many fields the line has (0 for a blank line).
   */
  static int fields(String line, String[] f) {
    int from = 0;
    int to = line.length();
    while (from < to && Character.isWhitespace(line.charAt(from))) {
      from++;
    }
    while (to > from && Character.isWhitespace(line.charAt(to - 1))) {
      to--;
    }
    int count = 0;
    int i = from;
    while (i < to) {
      int start = i;
      while (i < to && line.charAt(i) != ' ' && line.charAt(i) != '\t') {
        i++;
      }
      if (count < f.length) {
        f[count] = line.substring(start, i);
      }
      count++;
      while (i < to && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
        i++;
      }
    }
    return count;
  }

  private static boolean isAllele(String a) {
    if (a.startsWith("<")) {
      return true;
    }
    for (int i = 0; i < a.length(); i++) {
      if ("ACGTNacgtn*".indexOf(a.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }

  private static String shorten(String text) {
    String t = text.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 40 ? t : t.substring(0, 37) + "...";
  }
}
