package org.dasgrid.webapp.genotypes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A held body reaches the client byte for byte whatever the sizes of the writes (the first chunk is sized to
 * the first write, the later ones grow), and is committed once: whole, with its length, when it stayed within
 * the limit; streaming otherwise.
 */
class TimedBodyTest {
  private static final int LIMIT = 256 * 1024;

  @Test
  void everyWritePatternArrivesWholeAndCommitsOnce() throws IOException {
    Random rnd = new Random(17);
    List<int[]> patterns = new ArrayList<>(List.of(
        new int[] {120}, // a count answer, in one write
        new int[] {10_000}, // a variants answer of 100 rows
        new int[] {1, 1, 1}, // tiny first writes, then more
        new int[] {5, 70_000, 3}, // a tiny first chunk, then large ones
        new int[] {LIMIT}, // exactly the limit: still held whole
        new int[] {LIMIT, 1}, // one byte over: streamed
        new int[] {300_000}, // over the limit in the first write
        new int[] {0, 64, 0, 8_192}));
    for (int k = 0; k < 20; k++) {
      int[] p = new int[1 + rnd.nextInt(30)];
      for (int i = 0; i < p.length; i++) {
        p[i] = rnd.nextInt(rnd.nextBoolean() ? 100 : 40_000);
      }
      patterns.add(p);
    }
    for (int[] pattern : patterns) {
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      ByteArrayOutputStream sent = new ByteArrayOutputStream();
      List<String> commits = new ArrayList<>();
      TimedBody body = new TimedBody(LIMIT, (complete, length) -> {
        commits.add(complete + " " + length);
        return sent;
      });
      for (int n : pattern) {
        byte[] b = new byte[n + 7];
        rnd.nextBytes(b);
        body.write(b, 3, n); // from an offset, as a writer's buffer hands its bytes
        expected.write(b, 3, n);
      }
      body.finish();
      int total = expected.size();
      String pat = java.util.Arrays.toString(pattern);
      assertThat(sent.toByteArray()).as("bytes of %s", pat).isEqualTo(expected.toByteArray());
      assertThat(commits).as("commits of %s", pat)
          .containsExactly(total <= LIMIT ? "true " + total : "false -1");
    }
  }
}
