package org.dasgrid.core.api.genotype;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RequestTimerTest {

  @Test
  void formatsServerTimingAsPrintfDoes() {
    SplittableRandom rnd = new SplittableRandom(13);
    for (int i = 0; i < 100_000; i++) {
      long nanos = i < 2_000 ? i * 1_001L : rnd.nextLong(i % 2 == 0 ? 5_000_000L : 500_000_000_000L);
      double millis = RequestTimer.millis(nanos);
      StringBuilder sb = new StringBuilder();
      RequestTimer.threeDecimals(millis, sb);
      assertThat(sb.toString()).isEqualTo(String.format(Locale.ROOT, "%.3f", millis));
    }
  }

  @Test
  void serverTimingCarriesBothTimings() {
    RequestTimer t = new RequestTimer(System.nanoTime());
    t.useEngineNanos(1_234_567);
    assertThat(t.serverTiming(12.041)).isEqualTo(String.format(Locale.ROOT, "elapsed_db;dur=%.3f, elapsed;dur=%.3f",
        1.235, 12.041));
  }
}
