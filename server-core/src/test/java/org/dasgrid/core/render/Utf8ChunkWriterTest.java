package org.dasgrid.core.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Utf8ChunkWriterTest {
  /** ASCII, Latin-1, other BMP, pairs of surrogates (a character outside the BMP) and lone surrogates. */
  private static final String[] PIECES = {"a", "<&>", "\t\n", "é", "\u00ff", "中", "\uFFFD", "\uD83E\uDDEC",
      "\uDBFF\uDFFF", "\uD800", "\uDC00"};

  @Test
  void writesWhatStringGetBytesWritesHoweverTheTextIsCut() throws IOException {
    SplittableRandom rnd = new SplittableRandom(11);
    for (int round = 0; round < 500; round++) {
      StringBuilder sb = new StringBuilder();
      for (int i = rnd.nextInt(0, 200); i > 0; i--) {
        sb.append(PIECES[rnd.nextInt(PIECES.length)]);
      }
      String text = sb.toString();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Utf8ChunkWriter w = new Utf8ChunkWriter(out);
      char[] chars = text.toCharArray();
      for (int at = 0; at < chars.length; ) {
        int n = Math.min(chars.length - at, rnd.nextInt(0, 9));
        switch (rnd.nextInt(3)) {
          case 0 -> w.write(chars, at, n);
          case 1 -> w.write(text, at, n);
          default -> {
            n = 1;
            w.write(chars[at]);
          }
        }
        at += n;
      }
      w.close();
      assertThat(out.toByteArray()).as("%s", text).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void aPairCutBetweenTwoWritesStaysOneCharacter() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Utf8ChunkWriter w = new Utf8ChunkWriter(out);
    w.write("x\uD83E".toCharArray(), 0, 2);
    assertThat(out.toByteArray()).containsExactly('x');
    w.write("\uDDECy", 0, 2);
    w.flush();
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("x\uD83E\uDDECy");
  }
}
