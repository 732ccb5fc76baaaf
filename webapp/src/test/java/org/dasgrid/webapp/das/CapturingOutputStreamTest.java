package org.dasgrid.webapp.das;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CapturingOutputStreamTest {
  @Test
  void keepsExactlyWhatPassesThroughInWritesOfEverySize() throws IOException {
    SplittableRandom rnd = new SplittableRandom(3);
    for (int round = 0; round < 20; round++) {
      ByteArrayOutputStream sent = new ByteArrayOutputStream();
      CapturingOutputStream capture = new CapturingOutputStream(sent, 16 << 20);
      int writes = rnd.nextInt(1, 200);
      for (int i = 0; i < writes; i++) {
        if (rnd.nextInt(10) == 0) {
          capture.write(rnd.nextInt(256));
        } else {
          byte[] b = new byte[rnd.nextInt(0, rnd.nextBoolean() ? 100 : 200_000)];
          rnd.nextBytes(b);
          int off = b.length == 0 ? 0 : rnd.nextInt(b.length);
          capture.write(b, off, b.length - off);
        }
      }
      assertThat(capture.captured()).isEqualTo(sent.toByteArray());
    }
  }

  @Test
  void dropsTheCopyPastTheLimitButStillPassesEverythingOn() throws IOException {
    ByteArrayOutputStream sent = new ByteArrayOutputStream();
    CapturingOutputStream capture = new CapturingOutputStream(sent, 100_000);
    capture.write(new byte[70_000], 0, 70_000);
    capture.write(new byte[70_000], 0, 70_000);
    capture.write(7);
    assertThat(capture.captured()).isNull();
    assertThat(sent.size()).isEqualTo(140_001);
  }

  @Test
  void anEmptyAnswerIsCapturedAsEmpty() {
    assertThat(new CapturingOutputStream(new ByteArrayOutputStream(), 10).captured()).isEmpty();
  }
}
