package org.dasgrid.core.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IntervalIndexTest {
  record Iv(int start, int end, int id) {}

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 100, 1000, 5000})
  void findsExactlyWhatABruteForceScanFinds(int n) {
    Random rnd = new Random(n * 7919L + 1);
    List<Iv> ivs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int start = 1 + rnd.nextInt(100_000);
      int len = rnd.nextInt(10) == 0 ? rnd.nextInt(50_000) : rnd.nextInt(500);
      ivs.add(new Iv(start, start + len, i));
    }
    IntervalIndex<Iv> index = IntervalIndex.of(ivs, Iv::start, Iv::end);
    for (int q = 0; q < 300; q++) {
      int from = 1 + rnd.nextInt(110_000);
      int to = from + (q % 3 == 0 ? 0 : rnd.nextInt(q % 5 == 0 ? 60_000 : 2_000));
      List<Iv> expected = ivs.stream()
          .filter(iv -> iv.start() <= to && iv.end() >= from)
          .sorted(java.util.Comparator.comparingInt(Iv::start).thenComparingInt(Iv::end))
          .toList();
      List<Iv> actual = new ArrayList<>();
      index.forEachOverlapping(from, to, actual::add);
      assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
      assertThat(actual).extracting(Iv::start).isSorted();
      assertThat(index.countOverlapping(from, to)).isEqualTo(expected.size());
    }
  }

  @Test
  void returnsFeaturesTouchingSegmentEdges() {
    IntervalIndex<Iv> index = IntervalIndex.of(
        List.of(new Iv(10, 20, 1), new Iv(21, 30, 2), new Iv(5, 9, 3)), Iv::start, Iv::end);
    List<Integer> ids = new ArrayList<>();
    index.forEachOverlapping(20, 21, iv -> ids.add(iv.id()));
    assertThat(ids).containsExactly(1, 2);
    ids.clear();
    index.forEachOverlapping(9, 9, iv -> ids.add(iv.id()));
    assertThat(ids).containsExactly(3);
    ids.clear();
    index.forEachOverlapping(31, 100, iv -> ids.add(iv.id()));
    assertThat(ids).isEmpty();
  }

  @Test
  void oneLongIntervalIsFoundFromAnywhereInside() {
    List<Iv> ivs = new ArrayList<>();
    ivs.add(new Iv(1, 23_011_544, 0));
    for (int i = 1; i <= 10_000; i++) {
      ivs.add(new Iv(i * 100, i * 100 + 10, i));
    }
    IntervalIndex<Iv> index = IntervalIndex.of(ivs, Iv::start, Iv::end);
    List<Integer> ids = new ArrayList<>();
    index.forEachOverlapping(20_000_000, 20_000_001, iv -> ids.add(iv.id()));
    assertThat(ids).containsExactly(0);
    assertThat(index.maxEnd()).isEqualTo(23_011_544);
  }

  @Test
  void singlePositionIntervalsAndDuplicates() {
    IntervalIndex<Iv> index = IntervalIndex.of(
        List.of(new Iv(5, 5, 1), new Iv(5, 5, 2), new Iv(5, 6, 3)), Iv::start, Iv::end);
    assertThat(index.countOverlapping(5, 5)).isEqualTo(3);
    assertThat(index.countOverlapping(6, 6)).isEqualTo(1);
    assertThat(index.countOverlapping(4, 4)).isZero();
  }
}
