package org.dasgrid.core.genotype.cohort;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.dasgrid.core.genotype.KeyList;

/**
 * A weights file in the PLINK {@code --score} format: per line a variant (its VCF ID, or {@code
 * CHROM:POS:REF:ALT}), the effect allele and its weight, separated by tabs or spaces; blank lines and lines
 * starting with {@code #} are skipped, and a first line whose weight is not a number is a header. Mistakes are
 * {@link SampleSheetException}s naming line and column (the body has no file name: {@code weights}); a variant
 * named twice is refused naming both lines, as plink refuses duplicate IDs in a {@code --score} file (it would
 * otherwise count twice); a multipart form upload ({@code curl -F}) is told to send the file as the raw body.
 *
 * <p>Held as columns (the variants as one {@link KeyList}, the alleles, weights and lines as arrays) and read
 * from the body's UTF-8 bytes: a 100,000-line file per request made half a million Strings and objects before,
 * a tenth of a cold score and most of its garbage. The reading is that of the text (lines as {@link
 * java.io.BufferedReader#readLine} ends them, fields as {@code line.strip().split("[ \t]+")}); a line with a
 * byte past ASCII is decoded and split as text, so Unicode spaces at its ends are dropped as before.
 */
public final class ScoreWeights {
  /** One weight; {@code line} is its line in the file. */
  public record Weight(String variant, String allele, double weight, long line) {}

  private final KeyList variants;
  private final String[] alleles;
  private final double[] weights;
  private final long[] lines;

  private ScoreWeights(KeyList variants, String[] alleles, double[] weights, long[] lines) {
    this.variants = variants;
    this.alleles = alleles;
    this.weights = weights;
    this.lines = lines;
  }

  public int size() {
    return weights.length;
  }

  /** The variants (IDs or {@code CHROM:POS:REF:ALT}), in file order: what rows are matched by. */
  public KeyList variants() {
    return variants;
  }

  /** Weight {@code j}'s effect allele, upper-cased. */
  public String allele(int j) {
    return alleles[j];
  }

  public double weight(int j) {
    return weights[j];
  }

  /** The weights as records (each variant's String made here: for a scan and for tests, not per request). */
  public List<Weight> weights() {
    return new AbstractList<>() {
      @Override
      public Weight get(int j) {
        return new Weight(variants.get(j), alleles[j], weights[j], lines[j]);
      }

      @Override
      public int size() {
        return weights.length;
      }
    };
  }

  public static ScoreWeights read(Reader in, int maxWeights) throws IOException {
    StringWriter text = new StringWriter();
    in.transferTo(text);
    return read(text.toString().getBytes(StandardCharsets.UTF_8), maxWeights);
  }

  /** Reads the file's UTF-8 bytes (malformed ones read as U+FFFD, as a UTF-8 reader would). */
  public static ScoreWeights read(byte[] body, int maxWeights) {
    return new Parser(body, maxWeights).parse();
  }

  /** One pass over the bytes; the three fields of a line as ranges of {@link #a}. */
  private static final class Parser {
    private final byte[] body;
    private final int maxWeights;
    private final KeyList.Builder variants;
    private String[] alleles;
    private double[] weights;
    private long[] lines;
    private int size;
    /** The current line's bytes (the body, or a decoded non-ASCII line's fields) and its fields' ranges. */
    private byte[] a;
    private final int[] from = new int[3];
    private final int[] to = new int[3];

    Parser(byte[] body, int maxWeights) {
      this.body = body;
      this.maxWeights = maxWeights;
      int guess = Math.min(Math.max(16, body.length / 16), Math.max(16, maxWeights)); // ~20 bytes a line
      variants = new KeyList.Builder(guess, 12);
      alleles = new String[guess];
      weights = new double[guess];
      lines = new long[guess];
    }

    ScoreWeights parse() {
      refuseMultipart(body);
      int len = body.length;
      int pos = 0;
      long n = 0;
      boolean header = false;
      long headerLine = 0;
      String headerText = null;
      while (pos < len) {
        int start = pos;
        int end = start;
        boolean ascii = true;
        for (byte b; end < len && (b = body[end]) != '\n' && b != '\r'; end++) {
          ascii &= b >= 0;
        }
        pos = end < len && body[end] == '\r' && end + 1 < len && body[end + 1] == '\n' ? end + 2 : end + 1;
        n++;
        int columns = ascii ? asciiFields(start, end) : textFields(start, end);
        if (columns == 0 || a[from[0]] == '#') {
          continue;
        }
        if (columns < 3) {
          throw SampleSheetException.at("weights", n, "%d column%s; each line is ID ALLELE WEIGHT", columns,
              columns == 1 ? "" : "s");
        }
        double w = plainDecimal(a, from[2], to[2]);
        if (Double.isNaN(w)) { // not a plain decimal: as Java reads a number (or not)
          try {
            w = Double.parseDouble(field(2));
          } catch (NumberFormatException e) {
            if (size == 0 && !header) {
              header = true; // a header such as "SNP A1 BETA"
              headerLine = n;
              headerText = field(0) + " " + field(1) + " " + field(2);
              continue;
            }
            throw SampleSheetException.atColumn("weights", n, 3, "weight", "'%s' is not a number",
                shorten(field(2)));
          }
        }
        if (!Double.isFinite(w)) {
          throw SampleSheetException.atColumn("weights", n, 3, "weight", "'%s' is not a finite number",
              shorten(field(2)));
        }
        if (!isAllele(a, from[1], to[1])) {
          throw SampleSheetException.atColumn("weights", n, 2, "allele", "'%s' is not an allele",
              shorten(field(1)));
        }
        if (size >= maxWeights) {
          throw new SampleSheetException("weights: more than " + maxWeights + " weights (at line " + n + ")");
        }
        add(w, n);
      }
      if (size == 0 && header) {
        // a file of one data line whose weight is not a number reads as a header and nothing else
        throw SampleSheetException.at("weights", headerLine, "no weights: the first line ('%s') was read as a "
            + "header, its third column not being a number, and no line follows it; send lines of ID ALLELE "
            + "WEIGHT", shorten(headerText));
      }
      if (size == 0) {
        throw new SampleSheetException("weights: no weights; send lines of ID ALLELE WEIGHT");
      }
      KeyList keys = variants.build();
      refuseDuplicates(keys, lines, size);
      return new ScoreWeights(keys, Arrays.copyOf(alleles, size), Arrays.copyOf(weights, size),
          Arrays.copyOf(lines, size));
    }

    private void add(double w, long line) {
      if (size == weights.length) {
        int more = 2 * size;
        alleles = Arrays.copyOf(alleles, more);
        weights = Arrays.copyOf(weights, more);
        lines = Arrays.copyOf(lines, more);
      }
      variants.add(a, from[0], to[0]);
      alleles[size] = allele(a, from[1], to[1]);
      weights[size] = w;
      lines[size] = line;
      size++;
    }

    private String field(int f) {
      return new String(a, from[f], to[f] - from[f], StandardCharsets.UTF_8);
    }

    /**
     * An ASCII line's fields: stripped of what {@link Character#isWhitespace} calls white at either end, split
     * at runs of tabs and spaces; the first three's ranges kept, the count returned.
     */
    private int asciiFields(int start, int end) {
      a = body;
      while (start < end && white(body[start])) {
        start++;
      }
      while (end > start && white(body[end - 1])) {
        end--;
      }
      int count = 0;
      int i = start;
      while (i < end) {
        int s = i;
        while (i < end && body[i] != ' ' && body[i] != '\t') {
          i++;
        }
        if (count < 3) {
          from[count] = s;
          to[count] = i;
        }
        count++;
        while (i < end && (body[i] == ' ' || body[i] == '\t')) {
          i++;
        }
      }
      return count;
    }

    /** A line with non-ASCII bytes: decoded and split as text ({@link #fields}), its fields' UTF-8 kept. */
    private int textFields(int start, int end) {
      String[] f = new String[3];
      int count = fields(new String(body, start, end - start, StandardCharsets.UTF_8), f);
      byte[][] parts = new byte[Math.min(count, 3)][];
      int total = 0;
      for (int k = 0; k < parts.length; k++) {
        parts[k] = f[k].getBytes(StandardCharsets.UTF_8);
        total += parts[k].length;
      }
      a = new byte[total];
      int at = 0;
      for (int k = 0; k < parts.length; k++) {
        System.arraycopy(parts[k], 0, a, at, parts[k].length);
        from[k] = at;
        at += parts[k].length;
        to[k] = at;
      }
      return count;
    }
  }

  /**
   * A body sent as a multipart form ({@code curl -F file=@w.txt}) starts with its boundary line ({@code --...})
   * and a part header: refused saying how to send the file, rather than as a file of one column.
   */
  private static void refuseMultipart(byte[] body) {
    int from = 0;
    while (from < body.length && white(body[from])) {
      from++;
    }
    if (body.length - from < 2 || body[from] != '-' || body[from + 1] != '-') {
      return;
    }
    String head = new String(body, from, Math.min(body.length - from, 4096), StandardCharsets.ISO_8859_1)
        .toLowerCase(Locale.ROOT);
    if (head.contains("content-disposition: form-data")) {
      throw new SampleSheetException("weights: the body is a multipart form upload (curl -F); send the file as the "
          + "raw body: curl --data-binary @w.txt (with -H 'Content-Type: text/plain')");
    }
  }

  /**
   * Refuses a variant named twice (byte for byte), naming the line of each: the first duplicate in file order
   * of its second line. An open-addressing table of weight numbers over the keys' bytes: no String per line.
   */
  private static void refuseDuplicates(KeyList keys, long[] lines, int size) {
    int capacity = Integer.highestOneBit(Math.max(2, size)) << 2;
    int[] table = new int[capacity];
    Arrays.fill(table, -1);
    byte[] b = keys.bytes();
    for (int j = 0; j < size; j++) {
      int h = keys.idHash(j);
      int slot = (h ^ (h >>> 16)) * 0x9E3779B9 >>> 1 & (capacity - 1);
      for (int k; (k = table[slot]) >= 0; slot = (slot + 1) & (capacity - 1)) {
        if (Arrays.equals(b, keys.start(k), keys.start(k) + keys.length(k), b, keys.start(j),
            keys.start(j) + keys.length(j))) {
          throw SampleSheetException.at("weights", lines[j], "variant '%s' is also on line %d; give each variant "
              + "once (plink refuses duplicate IDs too)", shorten(keys.get(j)), lines[k]);
        }
      }
      table[slot] = j;
    }
  }

  /** {@link Character#isWhitespace} of an ASCII byte. */
  private static boolean white(byte b) {
    return b == ' ' || (b >= '\t' && b <= '\r') || (b >= 0x1C && b <= 0x1F);
  }

  private static final double[] POWERS_OF_TEN = new double[23];

  static {
    double p = 1;
    for (int e = 0; e < POWERS_OF_TEN.length; e++) {
      POWERS_OF_TEN[e] = p; // 10^22 and below are exact doubles
      p *= 10;
    }
  }

  /** Above this a decimal's digits may not be an exact double. */
  private static final long EXACT = 1L << 53;

  /**
   * The value of a plain decimal ({@code [+-]digits[.digits][e[+-]digits]}, its digits below 2^53, ten's
   * power within ±22), or NaN for any other text. Then the digits and the power of ten are exact doubles, so one
   * multiplication or division rounds correctly, as {@link Double#parseDouble} does: the same double (Clinger's
   * fast path). Anything else is left to {@link Double#parseDouble}.
   */
  static double plainDecimal(byte[] a, int from, int to) {
    int i = from;
    boolean negative = false;
    if (i < to && (a[i] == '-' || a[i] == '+')) {
      negative = a[i] == '-';
      i++;
    }
    long m = 0;
    int scale = 0;
    boolean digits = false;
    boolean point = false;
    for (; i < to; i++) {
      int d = a[i] - '0';
      if (d >= 0 && d <= 9) {
        if (m > (EXACT - 9) / 10) {
          return Double.NaN;
        }
        m = 10 * m + d;
        digits = true;
        scale += point ? 1 : 0;
      } else if (a[i] == '.' && !point) {
        point = true;
      } else {
        break;
      }
    }
    if (!digits) {
      return Double.NaN;
    }
    int exp = 0;
    if (i < to && (a[i] == 'e' || a[i] == 'E')) {
      i++;
      boolean down = false;
      if (i < to && (a[i] == '-' || a[i] == '+')) {
        down = a[i] == '-';
        i++;
      }
      int expDigits = 0;
      for (; i < to && a[i] >= '0' && a[i] <= '9' && expDigits < 4; i++, expDigits++) {
        exp = 10 * exp + (a[i] - '0');
      }
      if (expDigits == 0) {
        return Double.NaN;
      }
      exp = down ? -exp : exp;
    }
    if (i != to) {
      return Double.NaN;
    }
    int e10 = exp - scale;
    double v;
    if (m == 0) {
      v = 0;
    } else if (e10 >= 0 && e10 < POWERS_OF_TEN.length) {
      v = m * POWERS_OF_TEN[e10];
    } else if (e10 < 0 && -e10 < POWERS_OF_TEN.length) {
      v = m / POWERS_OF_TEN[-e10];
    } else {
      return Double.NaN;
    }
    return negative ? -v : v;
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

  private static boolean isAllele(byte[] a, int from, int to) {
    if (a[from] == '<') {
      return true;
    }
    for (int i = from; i < to; i++) {
      switch (a[i]) {
        case 'A', 'C', 'G', 'T', 'N', 'a', 'c', 'g', 't', 'n', '*' -> { }
        default -> {
          return false;
        }
      }
    }
    return true;
  }

  /** The upper-cased allele; one base is one of a few shared Strings (a file of SNVs makes none). */
  private static String allele(byte[] a, int from, int to) {
    if (to - from == 1) {
      switch (a[from]) {
        case 'A', 'a' -> {
          return "A";
        }
        case 'C', 'c' -> {
          return "C";
        }
        case 'G', 'g' -> {
          return "G";
        }
        case 'T', 't' -> {
          return "T";
        }
        default -> { }
      }
    }
    return new String(a, from, to - from, StandardCharsets.UTF_8).toUpperCase(Locale.ROOT);
  }

  private static String shorten(String text) {
    String t = text.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 40 ? t : t.substring(0, 37) + "...";
  }
}
