package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How a ticket's byte ranges are cut into URLs: at block starts only, each piece at most the limit unless it is
 * one block larger than that, the pieces together exactly the ranges, none empty.
 */
class BgzfVcfSplitTest {
  private static BgzfVcf withBlocks(long... starts) {
    return new BgzfVcf(null, "k", new byte[0], null, 0, starts);
  }

  private static BgzfVcf.ByteRange range(long start, long end) {
    return new BgzfVcf.ByteRange(start, end);
  }

  @Test
  void cutsAtTheLastBlockStartWithinTheLimitAndKeepsALargeBlockWhole() {
    BgzfVcf copy = withBlocks(100, 150, 400, 410, 1000);
    assertThat(copy.split(List.of(range(100, 1000)), 200)).containsExactly(
        range(100, 150), range(150, 400), range(400, 410), range(410, 1000));
    assertThat(copy.split(List.of(range(100, 1000)), 900)).containsExactly(range(100, 1000));
    assertThat(copy.split(List.of(range(100, 150), range(400, 1000)), 300)).containsExactly(
        range(100, 150), range(400, 410), range(410, 1000));
    assertThat(copy.split(List.of(range(150, 410)), 260)).containsExactly(range(150, 410));
    assertThat(copy.split(List.of(range(150, 410)), 250)).containsExactly(range(150, 400), range(400, 410));
  }

  @Test
  void randomLayoutsArePiecesOfBlocksCoveringTheRanges() {
    Random r = new Random(7);
    for (int round = 0; round < 200; round++) {
      List<Long> starts = new ArrayList<>();
      long at = 50;
      for (int i = 0, n = 1 + r.nextInt(60); i < n; i++) {
        starts.add(at);
        at += 1 + r.nextInt(r.nextInt(10) == 0 ? 5000 : 300);
      }
      long end = at;
      BgzfVcf copy = withBlocks(starts.stream().mapToLong(Long::longValue).toArray());
      // one or two ranges from block start to block start (or the end)
      int a = r.nextInt(starts.size());
      int b = a + r.nextInt(starts.size() - a);
      List<BgzfVcf.ByteRange> ranges = new ArrayList<>();
      ranges.add(range(starts.get(a), b + 1 < starts.size() ? starts.get(b + 1) : end));
      if (b + 2 < starts.size()) {
        ranges.add(range(starts.get(b + 2), end));
      }
      long max = 1 + r.nextInt(2000);
      List<BgzfVcf.ByteRange> pieces = copy.split(ranges, max);
      long covered = 0;
      for (BgzfVcf.ByteRange p : pieces) {
        assertThat(p.end()).isGreaterThan(p.start());
        assertThat(starts).contains(p.start());
        assertThat(starts.contains(p.end()) || p.end() == end).isTrue();
        // over the limit only when it is a single block
        int i = starts.indexOf(p.start());
        long blockEnd = i + 1 < starts.size() ? starts.get(i + 1) : end;
        assertThat(p.end() - p.start() <= max || p.end() == blockEnd).as("%s of %d", p, max).isTrue();
        covered += p.end() - p.start();
      }
      long wanted = ranges.stream().mapToLong(x -> x.end() - x.start()).sum();
      assertThat(covered).isEqualTo(wanted);
      assertThat(pieces.get(0).start()).isEqualTo(ranges.get(0).start());
      assertThat(pieces.get(pieces.size() - 1).end()).isEqualTo(ranges.get(ranges.size() - 1).end());
    }
  }
}
