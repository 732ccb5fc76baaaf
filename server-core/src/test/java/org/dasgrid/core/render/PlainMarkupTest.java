package org.dasgrid.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PlainMarkupTest {
  @Test
  void takesAsPlainWhatWoodstoxWritesUnchangedAndNeverMarkupOrControlCharacters() {
    for (char c = 'A'; c <= 'Z'; c++) {
      assertThat(PlainMarkup.isPlain(c)).as("%s", c).isTrue();
    }
    for (char c : " 09az:;/_-.,()[]{}=+'".toCharArray()) {
      assertThat(PlainMarkup.isPlain(c)).as("%s", c).isTrue();
    }
    for (char c : "&<>\"\u0000\u0001\u001f\r\u00e9\u2028\ufffd".toCharArray()) {
      assertThat(PlainMarkup.isPlain(c)).as("U+%04X", (int) c).isFalse();
    }
  }

  @Test
  void refusesAValueWithACharacterToEscapeAndKeepsPlainOnes() {
    PlainMarkup m = new PlainMarkup();
    assertThat(m.raw("<a b=\"").value("FBgn0031208")).isTrue();
    assertThat(m.value("CG11023", 2)).isTrue();
    assertThat(new String(m.chars(), 0, m.length())).isEqualTo("<a b=\"FBgn003120811023");
    assertThat(m.value("a&b")).isFalse();
    assertThat(m.value("x<y")).isFalse();
    assertThat(m.value("caf\u00e9")).isFalse();
    m.clear();
    assertThat(m.length()).isZero();
  }

  @Test
  void writesIntsAsIntegerToStringDoes() {
    SplittableRandom rnd = new SplittableRandom(3);
    PlainMarkup m = new PlainMarkup();
    StringBuilder expected = new StringBuilder();
    int[] edges = {0, 1, -1, 9, 10, 99, 100, 999_999_999, 1_000_000_000, Integer.MAX_VALUE, Integer.MIN_VALUE,
        Integer.MIN_VALUE + 1};
    for (int v : edges) {
      m.number(v).raw(",");
      expected.append(v).append(',');
    }
    for (int i = 0; i < 10_000; i++) {
      int v = rnd.nextInt() >> rnd.nextInt(32);
      m.number(v).raw(",");
      expected.append(v).append(',');
    }
    assertThat(new String(m.chars(), 0, m.length())).isEqualTo(expected.toString());
  }
}
