package org.dasgrid.core.genotype.internal.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.dasgrid.core.render.JsonOutput;
import org.junit.jupiter.api.Test;

class AfTextsTest {
  @Test
  void holdsTheSchubfachTextOfEachRowsPairInRowOrder() {
    SplittableRandom rnd = new SplittableRandom(23);
    int rows = 200_000;
    AfTexts.Builder b = new AfTexts.Builder(rows);
    int[] acs = new int[rows];
    int[] ans = new int[rows];
    for (int r = 0; r < rows; r++) {
      if (r % 97 == 5) {
        continue; // a row given no pair has no text
      }
      int an = r % 101 == 7 ? 0 : 4_900 + rnd.nextInt(109);
      int ac = an == 0 ? 3 : rnd.nextInt(4) == 0 ? rnd.nextInt(an + 1) : rnd.nextInt(40);
      acs[r] = ac;
      ans[r] = an;
      b.set(r, ac, an);
    }
    AfTexts texts = b.build();
    byte[] dst = new byte[40];
    for (int r = 0; r < rows; r++) {
      java.util.Arrays.fill(dst, (byte) '#');
      int end = texts.copyText(r, dst, 7);
      if (ans[r] == 0) { // no pair, or AN 0 (no frequency)
        assertThat(end).isEqualTo(-1);
        assertThat(dst).containsOnly((byte) '#');
        continue;
      }
      String text = generatorWrites((double) acs[r] / ans[r]);
      assertThat(new String(dst, 7, end - 7, StandardCharsets.US_ASCII)).isEqualTo(text);
      // characters go eight at a time: up to seven bytes past the text, within ROOM of the start
      for (int i = 7 + AfTexts.ROOM; i < dst.length; i++) {
        assertThat(dst[i]).isEqualTo((byte) '#');
      }
    }
    assertThat(texts.heapBytes()).isLessThanOrEqualTo(40L + (long) AfTexts.ROW * rows);
  }

  @Test
  void eightCodesBecomeTheirCharactersInOrder() {
    String alphabet = "0123456789-.E";
    SplittableRandom rnd = new SplittableRandom(31);
    for (int i = 0; i < 10_000; i++) {
      int codes = 0;
      StringBuilder expected = new StringBuilder();
      for (int k = 0; k < 8; k++) {
        int code = rnd.nextInt(alphabet.length());
        codes |= code << (4 * k);
        expected.append(alphabet.charAt(code));
      }
      byte[] chars = new byte[8];
      java.nio.ByteBuffer.wrap(chars).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(AfTexts.ascii(codes));
      assertThat(new String(chars, StandardCharsets.US_ASCII)).isEqualTo(expected.toString());
    }
  }

  @Test
  void aTextTooLongOrOutsideTheAlphabetIsNotKept() {
    byte[] none = new byte[AfTexts.ROW];
    assertThat(AfTexts.Builder.pack("0.12345678901234567890123".getBytes(StandardCharsets.US_ASCII))).isEqualTo(none);
    assertThat(AfTexts.Builder.pack("NaN".getBytes(StandardCharsets.US_ASCII))).isEqualTo(none);
    assertThat(AfTexts.Builder.pack("0.5".getBytes(StandardCharsets.US_ASCII))[0]).isEqualTo((byte) 3);
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
      byte[] text = AfTexts.format(rnd.nextInt(an + 1), an);
      assertThat(text.length).isLessThanOrEqualTo(AfTexts.MAX_TEXT);
      assertThat(AfTexts.Builder.pack(text)[0]).isEqualTo((byte) text.length);
    }
  }

  @Test
  void formatsAsTheJsonWritersDo() {
    assertThat(AfTexts.format(1, 3)).isEqualTo("0.3333333333333333".getBytes(StandardCharsets.US_ASCII));
    assertThat(AfTexts.format(1, 5_000)).isEqualTo("2.0E-4".getBytes(StandardCharsets.US_ASCII));
    assertThat(AfTexts.format(5_000, 5_000)).isEqualTo("1.0".getBytes(StandardCharsets.US_ASCII));
  }
}
