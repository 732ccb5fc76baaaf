package org.dasgrid.core.genotype.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.io.NumberOutput;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link DoubleDigits} against the Jackson writer it replaces, on the doubles an answer writes and any other. */
class DoubleDigitsTest {
  private final byte[] buf = new byte[3 + DoubleDigits.MAX_LENGTH];

  private void assertSameAsJackson(double v) {
    int end = DoubleDigits.write(v, buf, 3);
    assertThat(new String(buf, 3, end - 3, StandardCharsets.ISO_8859_1))
        .as("bits %x", Double.doubleToRawLongBits(v))
        .isEqualTo(NumberOutput.toString(v, true));
  }

  @Test
  void computesJacksonsTableOfPowersOfTen() throws Exception {
    Field g = Class.forName("com.fasterxml.jackson.core.io.schubfach.MathUtils").getDeclaredField("g");
    g.setAccessible(true);
    assertThat(DoubleDigits.G).isEqualTo((long[]) g.get(null));
  }

  @Test
  void writesEveryAlleleFrequencyOfCohortsUpTo500AllelesAsJacksonDoes() {
    for (int an = 1; an <= 500; an++) {
      for (int ac = 0; ac <= an; ac++) {
        assertSameAsJackson((double) ac / an);
      }
    }
  }

  @Test
  void writesFrequenciesOfLargeCohortsAsJacksonDoes() {
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      int an = 1 + rnd.nextInt(2_000_000);
      assertSameAsJackson((double) rnd.nextInt(an + 1) / an);
    }
  }

  @Test
  void writesAnyDoubleAsJacksonDoes() {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int i = 0; i < 100_000; i++) {
      assertSameAsJackson(Double.longBitsToDouble(rnd.nextLong()));
      assertSameAsJackson(rnd.nextDouble());
      assertSameAsJackson(rnd.nextInt(10_000_000) / 1000.0); // timings
      assertSameAsJackson((double) rnd.nextLong(1L << 53));
    }
  }

  @Test
  void writesEdgesAsJacksonDoes() {
    double[] edges = {0.0, -0.0, 1, -1, 0.5, 0.1, 1e7, 9_999_999.999, 1e-3, 9.99e-4, 1e23, 2e-323, 3e-323,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, Double.NaN,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    for (double v : edges) {
      assertSameAsJackson(v);
    }
    for (int e = -325; e <= 309; e++) {
      double p = Double.parseDouble("1e" + e);
      for (double v : new double[] {p, Math.nextUp(p), Math.nextDown(p), 2 * p, 5 * p, 9.5 * p}) {
        assertSameAsJackson(v);
        assertSameAsJackson(-v);
      }
    }
  }
}
