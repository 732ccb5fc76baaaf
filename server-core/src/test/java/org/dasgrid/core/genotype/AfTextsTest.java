package org.dasgrid.core.genotype;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.dasgrid.core.render.JsonOutput;
import org.junit.jupiter.api.Test;

class AfTextsTest {
  @Test
  void holdsTheSchubfachTextOfEveryPairAddedAndNothingElse() {
    SplittableRandom rnd = new SplittableRandom(23);
    AfTexts.Builder b = new AfTexts.Builder();
    Set<Long> added = new HashSet<>();
    for (int i = 0; i < 200_000; i++) {
      int an = 4_900 + rnd.nextInt(109);
      int ac = rnd.nextInt(4) == 0 ? rnd.nextInt(an + 1) : rnd.nextInt(40);
      b.add(ac, an);
      added.add((long) ac << 32 | an);
    }
    b.add(3, 0); // no frequency: not kept
    AfTexts texts = b.build();
    assertThat(texts.size()).isEqualTo(added.size());
    byte[] dst = new byte[40];
    for (long k : added) {
      int ac = (int) (k >>> 32);
      int an = (int) k;
      int end = texts.copyText(ac, an, dst, 7);
      assertThat(new String(dst, 7, end - 7, StandardCharsets.US_ASCII)).isEqualTo(generatorWrites((double) ac / an));
    }
    assertThat(texts.copyText(3, 0, dst, 0)).isEqualTo(-1);
    assertThat(texts.copyText(1, 7, dst, 0)).isEqualTo(-1);
    assertThat(texts.copyText(6_000, 5_000, dst, 0)).isEqualTo(-1);
    // four entries of 32 bytes per pair at most (the table is kept at most half full)
    assertThat(texts.heapBytes()).isLessThan(4L * AfTexts.ENTRY * added.size());
  }

  /** What a Jackson generator of the JSON writers' factory writes for {@code v}. */
  private static String generatorWrites(double v) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JsonOutput.generator(out)) {
      g.writeNumber(v);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.US_ASCII);
  }

  @Test
  void everyFrequencyBetweenZeroAndOneFitsAnEntry() {
    SplittableRandom rnd = new SplittableRandom(29);
    for (int i = 0; i < 100_000; i++) {
      int an = 1 + rnd.nextInt(rnd.nextBoolean() ? 10_000 : 2_000_000);
      assertThat(AfTexts.format(rnd.nextInt(an + 1), an).length).isLessThanOrEqualTo(AfTexts.MAX_TEXT);
    }
  }

  @Test
  void anEmptyTableHoldsNothing() {
    AfTexts none = new AfTexts.Builder().build();
    assertThat(none.size()).isZero();
    assertThat(none.copyText(1, 2, new byte[32], 0)).isEqualTo(-1);
    assertThat(AfTexts.format(1, 3)).isEqualTo("0.3333333333333333".getBytes(StandardCharsets.US_ASCII));
    assertThat(AfTexts.format(1, 5_000)).isEqualTo("2.0E-4".getBytes(StandardCharsets.US_ASCII));
  }
}
