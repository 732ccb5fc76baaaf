package org.dasgrid.core.genotype.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ScoreWeights#read(byte[], int)} (one pass over the bytes, plain decimals parsed in place) against the
 * reader it replaced, kept here as the oracle (a UTF-8 reader, {@code readLine}, the fields split as text,
 * {@link Double#parseDouble}): random files of IDs and coordinates, tabs, spaces and other white at the ends,
 * LF, CRLF and CR, comments, headers, extra columns, lines with non-ASCII text, Unicode spaces and malformed
 * UTF-8, numbers of every form Java reads and some it does not, and every mistake: the same weights (records
 * equal: variant, allele, weight to the bit, line) or the same message.
 */
class ScoreWeightsBytesTest {
  private static final String[] WHITE = {" ", "\t", "  ", "\t \t", "\u000B", "\f", "\u001C", "\u2003", "\u00A0",
      "\u3000"};
  private static final String[] IDS = {"rs1", "rs123456", "chr1:100:A:G", "HLA-A*01:01:01:5:A:C", ".", "é_1",
      "rs\u00A0x", "#rs", "x#"};
  private static final String[] ALLELES = {"A", "c", "G", "t", "N", "*", "AC", "acgt", "<DEL>", "<ins:é>", "Q",
      "é", "A1", "-"};
  private static final String[] ENDS = {"\n", "\r\n", "\r", "\n\n", "\r\r\n"};

  @Test
  void readsWhatTheReaderItReplacedReads() throws IOException {
    Random rnd = new Random(7);
    int same = 0;
    int failed = 0;
    for (int file = 0; file < 3000; file++) {
      StringBuilder text = new StringBuilder();
      int lines = 1 + rnd.nextInt(12);
      for (int l = 0; l < lines; l++) {
        text.append(line(rnd, l == 0 && rnd.nextInt(4) == 0));
        if (l < lines - 1 || rnd.nextBoolean()) {
          text.append(ENDS[rnd.nextInt(ENDS.length)]);
        }
      }
      byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
      if (rnd.nextInt(10) == 0) { // malformed UTF-8: a lone lead or continuation byte, a cut sequence
        byte[] bad = {(byte) 0xC3, (byte) 0x80, (byte) 0xE2, (byte) 0x82, (byte) 0xF0, (byte) 0xFF};
        int at = rnd.nextInt(bytes.length + 1);
        byte[] out = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, out, 0, at);
        out[at] = bad[rnd.nextInt(bad.length)];
        System.arraycopy(bytes, at, out, at + 1, bytes.length - at);
        bytes = out;
      }
      int max = rnd.nextInt(5) == 0 ? 2 : 1000;
      String expected;
      try {
        expected = String.valueOf(oracle(bytes, max));
        same++;
      } catch (SampleSheetException e) {
        expected = "error: " + e.getMessage();
        failed++;
      }
      String actual;
      try {
        actual = String.valueOf(new ArrayList<>(ScoreWeights.read(bytes, max).weights()));
      } catch (SampleSheetException e) {
        actual = "error: " + e.getMessage();
      }
      assertThat(actual).as("file %d: %s", file, new String(bytes, StandardCharsets.UTF_8)).isEqualTo(expected);
    }
    assertThat(same).as("files read").isGreaterThan(300);
    assertThat(failed).as("files refused").isGreaterThan(300);
  }

  @Test
  void plainDecimalsAreWhatParseDoubleGivesToTheBit() {
    Random rnd = new Random(11);
    List<String> texts = new ArrayList<>(List.of("0", "-0", "+0", "0.0", "-0.000", "1.", ".5", "-.5", "1e5", "1E-5",
        "1.e3", "9007199254740991", "9007199254740993", "123456789012345678", "0.1", "0.151", "-0.0637",
        "1e22", "1e23", "1e-22", "1e-23", "4.35", "2.675", "0.30000000000000004", "1e", "1e+", "e5", ".", "-",
        "+", "1..2", "1e5.5", "0x1p3", "1d", "1f", "NaN", "Infinity", "1_0", "00000000000000000000000001.5",
        "1e0000", "1e00001", "1e99999", "0e99999"));
    for (int k = 0; k < 200_000; k++) {
      StringBuilder t = new StringBuilder();
      if (rnd.nextInt(3) == 0) {
        t.append(rnd.nextBoolean() ? '-' : '+');
      }
      int before = rnd.nextInt(10);
      for (int d = 0; d < before; d++) {
        t.append((char) ('0' + rnd.nextInt(10)));
      }
      if (rnd.nextBoolean()) {
        t.append('.');
        int after = rnd.nextInt(19);
        for (int d = 0; d < after; d++) {
          t.append((char) ('0' + rnd.nextInt(10)));
        }
      }
      if (rnd.nextInt(4) == 0) {
        t.append(rnd.nextBoolean() ? 'e' : 'E');
        if (rnd.nextBoolean()) {
          t.append(rnd.nextBoolean() ? '-' : '+');
        }
        t.append(rnd.nextInt(40));
      }
      texts.add(t.toString());
    }
    int fast = 0;
    for (String text : texts) {
      byte[] b = ("x" + text + "y").getBytes(StandardCharsets.US_ASCII);
      double v = ScoreWeights.plainDecimal(b, 1, b.length - 1);
      if (Double.isNaN(v)) {
        continue; // left to Double.parseDouble
      }
      fast++;
      assertThat(Double.doubleToRawLongBits(v)).as(text)
          .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(text)));
    }
    assertThat(fast).as("plain decimals parsed in place").isGreaterThan(texts.size() / 3);
  }

  private static String line(Random rnd, boolean header) {
    StringBuilder b = new StringBuilder();
    if (rnd.nextInt(4) == 0) {
      b.append(WHITE[rnd.nextInt(WHITE.length)]);
    }
    int kind = rnd.nextInt(20);
    if (kind == 0) {
      return b.append("# comment ").append(IDS[rnd.nextInt(IDS.length)]).toString();
    }
    if (kind == 1) {
      return b.toString(); // blank
    }
    if (header) {
      return b.append("SNP A1 BETA").toString();
    }
    b.append(IDS[rnd.nextInt(IDS.length)]);
    int columns = kind == 2 ? rnd.nextInt(3) : kind == 3 ? 4 : 3;
    String[] rest = {ALLELES[rnd.nextInt(rnd.nextInt(3) == 0 ? ALLELES.length : 4)], number(rnd), "extra"};
    for (int c = 1; c < columns; c++) {
      b.append(rnd.nextInt(3) == 0 ? WHITE[rnd.nextInt(4)] : rnd.nextBoolean() ? "\t" : " ");
      b.append(rest[c - 1]);
    }
    if (rnd.nextInt(4) == 0) {
      b.append(WHITE[rnd.nextInt(WHITE.length)]);
    }
    return b.toString();
  }

  private static String number(Random rnd) {
    return switch (rnd.nextInt(12)) {
      case 0 -> "heavy";
      case 1 -> "NaN";
      case 2 -> "-Infinity";
      case 3 -> "1e400";
      case 4 -> "0x1.8p1";
      case 5 -> "2.5d";
      case 6 -> String.valueOf(rnd.nextGaussian() * Math.pow(10, rnd.nextInt(30) - 15));
      case 7 -> String.format(Locale.ROOT, "%.4f", rnd.nextGaussian() / 10);
      case 8 -> "-0";
      default -> String.format(Locale.ROOT, "%.6g", rnd.nextGaussian());
    };
  }

  /** The reader {@link ScoreWeights} had before it read bytes: a UTF-8 reader, lines, fields split as text. */
  static List<ScoreWeights.Weight> oracle(byte[] body, int maxWeights) throws IOException {
    BufferedReader r =
        new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    List<ScoreWeights.Weight> out = new ArrayList<>();
    String[] f = new String[3];
    String line;
    long n = 0;
    boolean header = false;
    long headerLine = 0;
    String headerText = null;
    while ((line = r.readLine()) != null) {
      n++;
      int columns = ScoreWeights.fields(line, f);
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
          header = true;
          headerLine = n;
          headerText = f[0] + " " + f[1] + " " + f[2];
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
      out.add(new ScoreWeights.Weight(f[0], f[1].toUpperCase(Locale.ROOT), w, n));
    }
    if (out.isEmpty() && header) {
      throw SampleSheetException.at("weights", headerLine, "no weights: the first line ('%s') was read as a "
          + "header, its third column not being a number, and no line follows it; send lines of ID ALLELE WEIGHT",
          shorten(headerText));
    }
    if (out.isEmpty()) {
      throw new SampleSheetException("weights: no weights; send lines of ID ALLELE WEIGHT");
    }
    // plink refuses a variant ID given twice: so do we, naming both lines (the first repeat in file order)
    java.util.Map<String, Long> seen = new java.util.HashMap<>();
    for (ScoreWeights.Weight w : out) {
      Long first = seen.putIfAbsent(w.variant(), w.line());
      if (first != null) {
        throw SampleSheetException.at("weights", w.line(), "variant '%s' is also on line %d; give each variant "
            + "once (plink refuses duplicate IDs too)", shorten(w.variant()), first);
      }
    }
    return out;
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
