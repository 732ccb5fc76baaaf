package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import htsjdk.tribble.readers.LineIteratorImpl;
import htsjdk.tribble.readers.SynchronousLineReader;
import htsjdk.variant.variantcontext.Allele;
import htsjdk.variant.variantcontext.Genotype;
import htsjdk.variant.variantcontext.VariantContext;
import htsjdk.variant.vcf.VCFCodec;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GenotypeColumnsTest {
  static final int M = GenotypeColumns.MISSING;

  /** Records what the parser reports: "sample:alleles" for every call that is not 0/0. */
  static final class Recorder implements CallSink {
    final List<String> calls = new ArrayList<>();

    @Override
    public void diploid(int sample, int a1, int a2) {
      calls.add(sample + ":" + a1 + "," + a2);
    }

    @Override
    public void haploid(int sample, int a) {
      calls.add(sample + ":" + a);
    }

    @Override
    public void call(int sample, int[] alleles, int n) {
      StringBuilder sb = new StringBuilder(sample + ":");
      for (int i = 0; i < n; i++) {
        sb.append(i > 0 ? "," : "").append(alleles[i]);
      }
      calls.add(sb.toString());
    }
  }

  static List<String> parse(String columns, int samples, int alts) {
    byte[] b = columns.getBytes(StandardCharsets.US_ASCII);
    Recorder r = new Recorder();
    List<String> names = IntStream.range(0, samples).mapToObj(i -> "S" + i).toList();
    new GenotypeColumns(names).parse(b, 0, b.length, samples, alts, r);
    return r.calls;
  }

  /**
   * The columns of {@code text}'s first line read to the line's end, which the parser finds itself: asserts it
   * returned the offset of the first newline (or the text's end) and gives the calls.
   */
  static List<String> parseToLineEnd(String text, int samples, int alts) {
    byte[] b = text.getBytes(StandardCharsets.US_ASCII);
    Recorder r = new Recorder();
    List<String> names = IntStream.range(0, samples).mapToObj(i -> "S" + i).toList();
    int end = new GenotypeColumns(names).parseToLineEnd(b, 0, b.length, samples, alts, r);
    assertThat(end).as(text).isEqualTo(text.indexOf('\n') >= 0 ? text.indexOf('\n') : b.length);
    return r.calls;
  }

  @ParameterizedTest
  @CsvSource(delimiter = ';', value = {
      "0/0;", "0|0;", "0/0:35;", "0/1;0:0,1", "1|0;0:1,0", "1/2;0:1,2", "1/1;0:1,1", "1;0:1", "0;0:0",
      "./.;0:-1,-1", ".|.;0:-1,-1", "./1;0:-1,1", "1|.;0:1,-1", ".;0:-1", "0/1/1;0:0,1,1", "2|0:12:3,4;0:2,0",
      "10/11;0:10,11", "0/0/0;0:0,0,0"})
  void readsOneColumn(String column, String expected) {
    assertThat(parse(column, 1, 12)).containsExactlyElementsOf(expected == null ? List.of() : List.of(expected));
  }

  @Test
  void phasedAndUnphasedGiveTheSameCalls() {
    assertThat(parse("0|1\t1|1\t1|.", 3, 1)).isEqualTo(parse("0/1\t1/1\t1/.", 3, 1));
  }

  @Test
  void skipsTheOtherFormatFields() {
    assertThat(parse("0/0:1:2,3\t0/1:9\t1/1", 3, 1)).containsExactly("1:0,1", "2:1,1");
  }

  @Test
  void refusesMalformedColumns() {
    assertThatThrownBy(() -> parse("0/1\t0/0", 3, 1)).hasMessageContaining("2 sample columns, but the header names 3");
    assertThatThrownBy(() -> parse("0/1\t0/0\t0/0", 2, 1)).hasMessageContaining("more sample columns");
    assertThatThrownBy(() -> parse("0/2", 1, 1)).hasMessageContaining("GT allele 2 but the record has 1 ALT allele");
    assertThatThrownBy(() -> parse("0/", 1, 1)).hasMessageContaining("bad GT '0/'");
    assertThatThrownBy(() -> parse("A/C", 1, 1)).hasMessageContaining("sample S0: bad GT 'A/C'");
    assertThatThrownBy(() -> parse("0-1", 1, 1)).hasMessageContaining("bad GT");
    assertThatThrownBy(() -> parse("", 1, 1)).hasMessageContaining("no sample columns");
  }

  /** Random GT columns read by us and by htsjdk's generic VCF decoder give the same alleles. */
  @Test
  void agreesWithHtsjdkOnRandomCalls() {
    Random rnd = new Random(42);
    int samples = 40;
    VCFCodec codec = codecFor(samples);
    String[] altSets = {"T", "T,G", "T,G,CA"};
    for (int line = 0; line < 300; line++) {
      String alts = altSets[rnd.nextInt(altSets.length)];
      int altCount = alts.split(",").length;
      StringBuilder cols = new StringBuilder();
      for (int s = 0; s < samples; s++) {
        int ploidy = rnd.nextInt(10) == 0 ? 1 : rnd.nextInt(25) == 0 ? 3 : 2;
        char sep = rnd.nextBoolean() ? '|' : '/';
        for (int k = 0; k < ploidy; k++) {
          if (k > 0) {
            cols.append(sep);
          }
          int a = rnd.nextInt(4) == 0 ? rnd.nextInt(altCount + 1) : 0;
          cols.append(rnd.nextInt(15) == 0 ? "." : String.valueOf(a));
        }
        if (rnd.nextBoolean()) {
          cols.append(':').append(rnd.nextInt(99));
        }
        if (s < samples - 1) {
          cols.append('\t');
        }
      }
      String vcfLine = "1\t" + (100 + line) + "\t.\tC\t" + alts + "\t.\tPASS\t.\tGT:DP\t" + cols;
      VariantContext vc = codec.decode(vcfLine);
      List<String> expected = new ArrayList<>();
      for (int s = 0; s < samples; s++) {
        Genotype g = vc.getGenotype(s);
        int[] idx = g.getAlleles().stream().mapToInt(a -> a.isNoCall() ? M : vc.getAlleleIndex(a)).toArray();
        boolean homRefDiploid = idx.length == 2 && idx[0] == 0 && idx[1] == 0;
        if (!homRefDiploid) {
          expected.add(s + ":" + String.join(",", Arrays.stream(idx).mapToObj(String::valueOf).toList()));
        }
      }
      assertThat(parse(cols.toString(), samples, altCount)).as(vcfLine).containsExactlyElementsOf(expected);
    }
  }

  /**
   * Every GT shape the parser reads from one 4-byte word (x|y, x/y, .|., ./., haploid x and . before a tab) and
   * those it leaves to the general way (partial ./1, multi-allelic 1|2, two digits, triploid, extra FORMAT
   * fields, the last column without a tab), in random order and place, against htsjdk's decoder.
   */
  @Test
  void agreesWithHtsjdkOnEveryShapeAtEveryPlace() {
    agreesWithHtsjdk(33, 33, 7);
  }

  /**
   * As above on lines of a cohort's shape, read 16 columns at a time: most columns 0|0, the rest of every shape, so
   * that a block holds none, one or several calls to read, and columns of other widths (haploid, two digits,
   * FORMAT fields) move the blocks after them.
   */
  @Test
  void agreesWithHtsjdkOnLongLinesOfMostly00Columns() {
    agreesWithHtsjdk(301, 92, 11);
    agreesWithHtsjdk(64, 97, 12);
  }

  /** {@code samples} columns a line, {@code refPercent}% of them 0|0 (0/0), the rest any shape, against htsjdk. */
  private static void agreesWithHtsjdk(int samples, int refPercent, long seed) {
    String[] shapes = {"0|0", "0/0", "0|1", "1/0", "1|1", "2/2", "1|2", "2/1", "./.", ".|.", "./1", "1|.", "0",
        "1", "2", ".", "0/1/2", ".|1|1", "10/0", "0|11", "11/11"};
    Random rnd = new Random(seed);
    VCFCodec codec = codecFor(samples);
    String alts = String.join(",", IntStream.rangeClosed(1, 11).mapToObj(i -> "A" + "C".repeat(i)).toList());
    for (int line = 0; line < 2000; line++) {
      boolean extra = line % 3 == 0;
      StringBuilder cols = new StringBuilder();
      for (int s = 0; s < samples; s++) {
        cols.append(rnd.nextInt(100) < refPercent ? (line % 2 == 0 ? "0|0" : "0/0")
            : shapes[rnd.nextInt(shapes.length)]);
        if (extra && rnd.nextBoolean()) {
          cols.append(':').append(rnd.nextInt(99));
        }
        if (s < samples - 1) {
          cols.append('\t');
        }
      }
      String vcfLine = "1\t" + (100 + line) + "\t.\tC\t" + alts + "\t.\tPASS\t.\tGT" + (extra ? ":DP" : "") + "\t" + cols;
      VariantContext vc = codec.decode(vcfLine);
      List<String> expected = new ArrayList<>();
      for (int s = 0; s < samples; s++) {
        Genotype g = vc.getGenotype(s);
        int[] idx = g.getAlleles().stream().mapToInt(a -> a.isNoCall() ? M : vc.getAlleleIndex(a)).toArray();
        if (!(idx.length == 2 && idx[0] == 0 && idx[1] == 0)) {
          expected.add(s + ":" + String.join(",", Arrays.stream(idx).mapToObj(String::valueOf).toList()));
        }
      }
      assertThat(parse(cols.toString(), samples, 11)).as(vcfLine).containsExactlyElementsOf(expected);
      // the same columns read to their line's end, which the parser finds (a record of other calls follows)
      String ending = line % 4 == 1 ? "\r\n" : "\n";
      assertThat(parseToLineEnd(cols + ending + "0|1\t1|1\t0|0\n", samples, 11)).as(vcfLine)
          .containsExactlyElementsOf(expected);
    }
  }

  /**
   * Read to the line's end: a newline (or CR LF) ends the last column whatever its shape, the end of the bytes
   * ends a last line without one, and a line of too few or too many columns is refused as {@link
   * GenotypeColumns#parse} refuses it, never read on into the next line.
   */
  @Test
  void findsTheLineEndAfterTheLastColumn() {
    assertThat(parseToLineEnd("0|1\t0|0\n1|1\t1|1\n", 2, 1)).containsExactly("0:0,1");
    assertThat(parseToLineEnd("0|0\t1\r\n1|1\n", 2, 1)).containsExactly("1:1");
    assertThat(parseToLineEnd("0|0\t0/1:35,2\r\n1|1\n", 2, 1)).containsExactly("1:0,1");
    assertThat(parseToLineEnd("0|0\t0|0\n", 2, 1)).isEmpty();
    assertThat(parseToLineEnd("0|0\t./.", 2, 1)).containsExactly("1:-1,-1");
    assertThat(parseToLineEnd("0|0\t1/2", 2, 2)).containsExactly("1:1,2");
    for (String tooFew : List.of("0|0\t0|0\n0|0\t0|0\t0|0\n", "0|1\n0|0\t0|0\t0|0\n", "0|0\t0|0\r\n0|0\n")) {
      assertThatThrownBy(() -> parseToLineEnd(tooFew, 3, 1)).as(tooFew)
          .hasMessageContaining("sample columns, but the header names 3");
    }
    assertThatThrownBy(() -> parseToLineEnd("0|0\t0|0\t0|0\n0|0\n", 2, 1)).hasMessageContaining("more sample columns");
    assertThatThrownBy(() -> parseToLineEnd("\n0|0\t0|0\n", 2, 1)).hasMessageContaining("no sample columns");
    assertThatThrownBy(() -> parseToLineEnd("0|0\t0|x\n", 2, 1)).hasMessageContaining("bad GT '0|x'");
  }

  @Test
  void htsjdkAllelesAreWhatWeCompareWith() {
    // guards the oracle above: htsjdk reports a no-call allele for '.'
    assertThat(Allele.NO_CALL.isNoCall()).isTrue();
  }

  /** htsjdk's decoder (the oracle) for a VCF with GT and DP and {@code samples} sample columns. */
  private static VCFCodec codecFor(int samples) {
    String header = "##fileformat=VCFv4.2\n##FORMAT=<ID=GT,Number=1,Type=String,Description=\"GT\">\n"
        + "##FORMAT=<ID=DP,Number=1,Type=Integer,Description=\"DP\">\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t"
        + String.join("\t", IntStream.range(0, samples).mapToObj(i -> "S" + i).toList()) + "\n";
    VCFCodec codec = new VCFCodec();
    codec.readActualHeader(new LineIteratorImpl(new SynchronousLineReader(new StringReader(header))));
    return codec;
  }
}
