package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The GT parser with its one-digit fast path against the parser before it ({@link GenotypeColumnsBefore}, kept
 * verbatim) on random sample columns: the same calls reported in the same order, or the same error, for
 * phased and unphased, missing, haploid, multi-allelic (two-digit alleles too), triploid, extra FORMAT fields,
 * alleles the record does not have and malformed GTs.
 */
class GenotypeColumnsEquivalenceTest {
  private static final String[] SHAPES = {
    "0|0", "0/0", "0|1", "1|0", "1/1", "1|1", "0/2", "2|1", "./.", ".|.", ".", "0", "1", "2", "1/.", ".|1",
    "0/1/2", "1|1|1", "12/3", "3/12", "10|0", "0|10", "9|9", "0/3", "x/1", "1/", "/1", "", "1:2", "0|1|"
  };

  @Test
  void sameCallsAndErrorsAsTheParserBefore() {
    Random r = new Random(42);
    int samples = 40;
    List<String> names = IntStream.range(0, samples).mapToObj(i -> "S" + i).toList();
    GenotypeColumns now = new GenotypeColumns(names);
    GenotypeColumnsBefore before = new GenotypeColumnsBefore(names);
    int errors = 0;
    int calls = 0;
    for (int line = 0; line < 20_000; line++) {
      int alts = 1 + r.nextInt(r.nextInt(8) == 0 ? 12 : 3);
      boolean extra = r.nextInt(3) == 0;
      double odd = r.nextDouble() * (r.nextInt(4) == 0 ? 0.05 : 0.0); // lines with malformed columns
      StringBuilder s = new StringBuilder();
      int n = r.nextInt(50) == 0 ? samples + (r.nextBoolean() ? 1 : -1) : samples; // wrong column counts too
      for (int i = 0; i < n; i++) {
        if (i > 0) {
          s.append('\t');
        }
        s.append(column(r, alts, odd));
        if (extra) {
          s.append(':').append(r.nextInt(99)).append(r.nextBoolean() ? ",3" : "");
        }
      }
      byte[] b = ("x\t" + s).getBytes(StandardCharsets.US_ASCII);
      Outcome a = run(now, b, samples, alts);
      Outcome e = run(before, b, samples, alts);
      assertThat(a).as("line %s, %d ALT", s, alts).isEqualTo(e);
      errors += a.error() == null ? 0 : 1;
      calls += a.calls().size();
    }
    // the random lines exercised both sides
    assertThat(errors).isBetween(500, 15_000);
    assertThat(calls).isGreaterThan(100_000);
  }

  private static String column(Random r, int alts, double odd) {
    if (r.nextDouble() < odd) {
      return SHAPES[r.nextInt(SHAPES.length)];
    }
    int k = r.nextInt(10);
    String sep = r.nextBoolean() ? "|" : "/";
    if (k < 4) {
      return "0" + sep + "0";
    }
    if (k == 4) {
      return r.nextBoolean() ? "." + sep + "." : ".";
    }
    if (k == 5) {
      return String.valueOf(r.nextInt(alts + 1)); // haploid
    }
    if (k == 6) {
      return r.nextInt(alts + 1) + sep + r.nextInt(alts + 1) + sep + r.nextInt(alts + 1);
    }
    return r.nextInt(alts + 1) + sep + (r.nextInt(8) == 0 ? "." : String.valueOf(r.nextInt(alts + 1)));
  }

  private record Outcome(List<String> calls, String error) {}

  private static Outcome run(Object parser, byte[] b, int samples, int alts) {
    GenotypeColumnsTest.Recorder rec = new GenotypeColumnsTest.Recorder();
    try {
      if (parser instanceof GenotypeColumns g) {
        g.parse(b, 2, b.length, samples, alts, rec);
      } else {
        ((GenotypeColumnsBefore) parser).parse(b, 2, b.length, samples, alts, rec);
      }
      return new Outcome(rec.calls, null);
    } catch (VcfFormatException e) {
      // calls before the error are reported either way; the build fails on the error
      return new Outcome(new ArrayList<>(rec.calls), e.getMessage());
    }
  }
}
