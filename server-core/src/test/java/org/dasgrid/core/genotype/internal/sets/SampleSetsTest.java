package org.dasgrid.core.genotype.internal.sets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.dasgrid.core.genotype.GenotypeCapacityException;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.SetEncoding;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SampleSetsTest {

  @ParameterizedTest
  @CsvSource({"1,COMPACT", "7,COMPACT", "64,COMPACT", "65,COMPACT", "300,COMPACT", "2504,COMPACT",
      "70000,COMPACT", "300,ROARING", "70000,ROARING"})
  void everyFormAnswersLikeABitSet(int cohort, SetEncoding encoding) {
    Random rnd = new Random(cohort * 31L + encoding.ordinal());
    SetsBuilder b = new SetsBuilder(cohort, encoding);
    List<BitSet> expected = new ArrayList<>();
    List<Integer> handles = new ArrayList<>();
    for (int k = 0, sets = cohort > 10_000 ? 24 : 200; k < sets; k++) {
      double density = switch (k % 4) {
        case 0 -> 0;
        case 1 -> 2.0 / cohort;
        case 2 -> 0.05;
        default -> rnd.nextDouble();
      };
      BitSet set = new BitSet();
      for (int s = 0; s < cohort; s++) {
        if (rnd.nextDouble() < density) {
          set.set(s);
        }
      }
      int[] ids = set.stream().toArray();
      expected.add(set);
      handles.add(b.add(ids, ids.length));
    }
    SampleSets sets = b.build();
    List<SampleSelection> selections = new ArrayList<>();
    selections.add(SampleSelection.all(cohort));
    selections.add(SampleSelection.of(cohort, new int[] {0}));
    selections.add(SampleSelection.of(cohort, new int[] {cohort - 1, 0}));
    for (double d : new double[] {0.01, 0.3, 0.9}) {
      selections.add(SampleSelection.of(cohort, rnd.ints(Math.max(1, (int) (cohort * d)), 0, cohort).toArray()));
    }
    for (int k = 0; k < expected.size(); k++) {
      BitSet want = expected.get(k);
      int h = handles.get(k);
      assertThat(h == SampleSets.EMPTY).isEqualTo(want.isEmpty());
      assertThat(sets.cardinality(h)).isEqualTo(want.cardinality());
      assertThat(sets.members(h)).containsExactly(want.stream().toArray());
      int[] counts = new int[cohort];
      sets.addTo(h, counts);
      for (int s = 0; s < cohort; s += Math.max(1, cohort / 500)) {
        assertThat(counts[s]).isEqualTo(want.get(s) ? 1 : 0);
        assertThat(sets.contains(h, s)).isEqualTo(want.get(s));
      }
      for (SampleSelection sel : selections) {
        BitSet both = chosenOf(want, sel);
        assertThat(sets.andCardinality(h, sel)).isEqualTo(both.cardinality());
        assertThat(sets.intersects(h, sel)).isEqualTo(!both.isEmpty());
      }
    }
    // three-way: two sets (every pairing of forms and sizes) and a selection
    for (int k = 0; k < expected.size(); k += 3) {
      for (int j = 1; j < expected.size(); j += 5) {
        for (SampleSelection sel : selections) {
          BitSet both = (BitSet) expected.get(k).clone();
          both.and(expected.get(j));
          BitSet chosen = new BitSet();
          for (int m : sel.members()) {
            chosen.set(m);
          }
          both.and(chosen);
          assertThat(sets.andCardinality(handles.get(k), handles.get(j), sel)).as("sets %d and %d", k, j)
              .isEqualTo(both.cardinality());
          assertThat(sets.andCardinality(handles.get(j), handles.get(k), sel)).isEqualTo(both.cardinality());
        }
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"2504", "100"})
  void compactFormIsNeverLargerThanRoaring(int cohort) {
    Random rnd = new Random(cohort);
    SetsBuilder compact = new SetsBuilder(cohort, SetEncoding.COMPACT);
    SetsBuilder roaring = new SetsBuilder(cohort, SetEncoding.ROARING);
    for (int k = 0; k < 500; k++) {
      double density = k % 2 == 0 ? 1.0 / cohort : rnd.nextDouble() * 0.6;
      int[] ids = java.util.stream.IntStream.range(0, cohort).filter(s -> rnd.nextDouble() < density).toArray();
      compact.add(ids, ids.length);
      roaring.add(ids, ids.length);
    }
    assertThat(compact.build().heapBytes()).isLessThan(roaring.build().heapBytes());
  }

  @org.junit.jupiter.api.Test
  void setsOnEveryPageReadBackIntact() {
    int cohort = 200;
    Random rnd = new Random(9);
    SetsBuilder b = new SetsBuilder(cohort, SetEncoding.COMPACT);
    List<int[]> expected = new ArrayList<>();
    List<Integer> handles = new ArrayList<>();
    for (int k = 0; k < 120_000; k++) {
      int n = k % 10 == 0 ? 60 + rnd.nextInt(100) : 1 + rnd.nextInt(5);
      int[] ids = rnd.ints(n, 0, cohort).sorted().distinct().toArray();
      expected.add(ids);
      handles.add(b.add(ids, ids.length));
    }
    SampleSets sets = b.build();
    for (int k = 0; k < expected.size(); k++) {
      assertThat(sets.members(handles.get(k))).as("set %d", k).containsExactly(expected.get(k));
    }
    assertThat(sets.heapBytes()).isLessThan(8L * 1024 * 1024);
  }

  @org.junit.jupiter.api.Test
  void setsCloseToARecentDenseSetArePatchesOfItAndAnswerLikeABitSet() {
    int cohort = 2504;
    Random rnd = new Random(17);
    SetsBuilder b = new SetsBuilder(cohort, SetEncoding.COMPACT);
    BitSet males = new BitSet();
    for (int s = 0; s < cohort; s++) {
      if (rnd.nextBoolean()) {
        males.set(s);
      }
    }
    List<BitSet> expected = new ArrayList<>();
    List<Integer> handles = new ArrayList<>();
    for (int k = 0; k < 400; k++) {
      BitSet set;
      if (k % 5 == 4) {
        set = new BitSet(); // an unrelated common variant's set in between
        for (int s = 0; s < cohort; s++) {
          if (rnd.nextDouble() < 0.4) {
            set.set(s);
          }
        }
      } else {
        set = (BitSet) males.clone(); // less a few (missing calls), plus a few (partial calls)
        for (int n = rnd.nextInt(12); n > 0; n--) {
          set.flip(rnd.nextInt(cohort));
        }
        if (k % 7 == 0) {
          set.set(0); // the first and last samples at either end of a merge
          set.set(cohort - 1);
        }
      }
      int[] ids = set.stream().toArray();
      expected.add(set);
      handles.add(b.add(ids, ids.length));
    }
    b.newContig();
    int[] afterNewContig = males.stream().toArray();
    expected.add(males);
    handles.add(b.add(afterNewContig, afterNewContig.length));
    SampleSets sets = b.build();
    assertThat(handles.get(1) & 3).as("a patch").isZero();
    assertThat(handles.get(handles.size() - 1) & 3).as("no base from another contig: dense").isEqualTo(3);
    // as bitsets the 401 sets would take 401 x 320 bytes
    assertThat(sets.heapBytes()).isLessThan(401L * 320 / 2);
    Random pick = new Random(5);
    List<SampleSelection> selections = List.of(SampleSelection.all(cohort), SampleSelection.of(cohort, new int[] {0}),
        SampleSelection.of(cohort, new int[] {3, cohort - 1}),
        SampleSelection.of(cohort, pick.ints(40, 0, cohort).toArray()),
        SampleSelection.of(cohort, pick.ints(1500, 0, cohort).toArray()));
    for (int k = 0; k < expected.size(); k++) {
      BitSet want = expected.get(k);
      int h = handles.get(k);
      assertThat(sets.cardinality(h)).isEqualTo(want.cardinality());
      List<Integer> walked = new ArrayList<>();
      sets.forEach(h, walked::add);
      assertThat(walked).as("set %d ascending", k).containsExactlyElementsOf(want.stream().boxed().toList());
      assertThat(sets.members(h)).containsExactly(want.stream().toArray());
      double[] doses = new double[cohort];
      sets.addTo(h, doses, 0.1);
      for (int s = 0; s < cohort; s++) {
        assertThat(sets.contains(h, s)).isEqualTo(want.get(s));
        assertThat(doses[s]).isEqualTo(want.get(s) ? 0.1 : 0.0);
      }
      for (SampleSelection sel : selections) {
        BitSet both = chosenOf(want, sel);
        assertThat(sets.andCardinality(h, sel)).isEqualTo(both.cardinality());
        assertThat(sets.intersects(h, sel)).isEqualTo(!both.isEmpty());
        List<Integer> got = new ArrayList<>();
        sets.forEachChosen(h, sel, got::add);
        assertThat(got).containsExactlyElementsOf(both.stream().boxed().toList());
      }
    }
  }

  /**
   * A patched set made word-wise (base words AND NOT minus, OR plus: what reading chrX's rows now does) holds
   * exactly the members the walk member by member gives, in the same order: random sets around a base, flips at
   * word boundaries (bits 0, 63, 64, 127, 128 and the cohort's last), patches with no minus, no plus or neither,
   * cohorts whose last word is partial or full.
   */
  @ParameterizedTest
  @CsvSource({"1000,1", "2504,2", "2560,3", "70000,4"})
  void patchedSetFilledWordWiseEqualsTheWalkMemberByMember(int cohort, long seed) {
    Random rnd = new Random(seed);
    SetsBuilder b = new SetsBuilder(cohort, SetEncoding.COMPACT);
    int words = SampleSets.wordsFor(cohort);
    int[] edges = {0, 63, 64, 127, 128, cohort - 1};
    List<Integer> handles = new ArrayList<>();
    int[] kinds = new int[4]; // patches with: both runs, no minus, no plus, neither
    for (int round = 0; round < 30; round++) {
      b.newContig(); // a new base each round
      BitSet base = new BitSet();
      for (int s = 0; s < cohort; s++) {
        if (rnd.nextDouble() < 0.3 + 0.4 * rnd.nextDouble()) {
          base.set(s);
        }
      }
      int[] baseIds = base.stream().toArray();
      handles.add(b.add(baseIds, baseIds.length));
      for (int k = 0; k < 12; k++) {
        BitSet set = (BitSet) base.clone();
        int kind = k % 4;
        int flips = 1 + rnd.nextInt(8);
        for (int f = 0; f < flips && kind != 3; f++) {
          int s = rnd.nextInt(3) == 0 ? edges[rnd.nextInt(edges.length)] : rnd.nextInt(cohort);
          if (kind == 1) {
            set.set(s); // plus only
          } else if (kind == 2) {
            set.clear(s); // minus only
          } else {
            set.flip(s);
          }
        }
        int[] ids = set.stream().toArray();
        int h = b.add(ids, ids.length);
        handles.add(h);
        if ((h & 3) == 0 && h != SampleSets.EMPTY) {
          kinds[kind]++;
        }
      }
    }
    assertThat(java.util.Arrays.stream(kinds).min().orElseThrow()).as("patches of every kind were made").isPositive();
    SampleSets sets = b.build();
    SampleSelection half = SampleSelection.of(cohort, rnd.ints(cohort / 2, 0, cohort).toArray());
    SampleSelection few = SampleSelection.of(cohort, new int[] {0, 64, cohort - 1});
    long[] scratch = new long[words];
    for (int h : handles) {
      List<Integer> walked = new ArrayList<>();
      sets.forEach(h, walked::add); // the member-by-member walk (PatchWalk for a patch)
      java.util.Arrays.fill(scratch, -1L); // garbage: fillWords must clear what it does not set
      sets.fillWords(h, scratch);
      List<Integer> fromWords = new ArrayList<>();
      for (int w = 0; w < words; w++) {
        for (long bits = scratch[w]; bits != 0; bits &= bits - 1) {
          fromWords.add((w << 6) + Long.numberOfTrailingZeros(bits));
        }
      }
      assertThat(fromWords).as("set %x word-wise", h).isEqualTo(walked);
      List<Integer> viaScratch = new ArrayList<>();
      sets.forEach(h, new long[words], viaScratch::add);
      assertThat(viaScratch).isEqualTo(walked);
      for (SampleSelection sel : List.of(half, few, SampleSelection.all(cohort))) {
        List<Integer> chosen = new ArrayList<>();
        sets.forEachChosen(h, sel, chosen::add);
        List<Integer> chosenViaScratch = new ArrayList<>();
        sets.forEachChosen(h, sel, new long[words], chosenViaScratch::add);
        assertThat(chosenViaScratch).isEqualTo(chosen)
            .isEqualTo(walked.stream().filter(sel::contains).toList());
      }
    }
  }

  /**
   * Above 65,536 samples inline runs are Rice-coded gaps ({@link GapSets}): sets whose members sit at the edges
   * of the coding — skip blocks of 64 (63 to 130 members, and thousands), gaps of every size (1 to 2^21) mixed in
   * one set, a run of neighbours then one gap far beyond the unary part's reach (an escaped gap), the first and
   * last sample — answer every question as a {@link BitSet} holding the same members does: each member and its
   * neighbours probed, a few chosen (probed) and many chosen (walked).
   */
  @ParameterizedTest
  @CsvSource({"70000,1", "1000000,2"})
  void deltaCodedRunsAnswerLikeABitSetAtEveryEdgeOfTheCoding(int cohort, long seed) {
    Random rnd = new Random(seed);
    SetsBuilder b = new SetsBuilder(cohort, SetEncoding.COMPACT);
    List<BitSet> expected = new ArrayList<>();
    List<Integer> handles = new ArrayList<>();
    int[] sizes = {1, 2, 63, 64, 65, 127, 128, 129, 130, 1000, 5000};
    int[] gaps = {1, 2, 127, 128, 129, 16_383, 16_384, 16_385, (1 << 21) - 1, 1 << 21};
    for (int n : sizes) {
      for (int round = 0; round < 3; round++) {
        BitSet set = new BitSet();
        int s = round == 0 ? 0 : rnd.nextInt(Math.max(1, cohort / 4));
        for (int k = 0; k < n && s < cohort; k++) {
          set.set(s);
          int gap = round == 2 ? gaps[rnd.nextInt(gaps.length)] : 1 + rnd.nextInt(Math.max(1, cohort / (2 * n)));
          s += gap;
        }
        if (round == 1) {
          set.set(cohort - 1);
        }
        int[] ids = set.stream().toArray();
        expected.add(set);
        handles.add(b.add(ids, ids.length));
      }
    }
    for (int lead : new int[] {1, 63, 64, 200}) { // neighbours, then one escaped gap, then neighbours again
      BitSet set = new BitSet();
      set.set(5, 5 + lead);
      set.set(cohort - 40, cohort - 30);
      int[] ids = set.stream().toArray();
      expected.add(set);
      handles.add(b.add(ids, ids.length));
    }
    SampleSets sets = b.build();
    int runs = 0;
    for (int k = 0; k < expected.size(); k++) {
      BitSet want = expected.get(k);
      int h = handles.get(k);
      runs += SampleSets.tag(h) == SampleSets.INLINE ? 1 : 0;
      assertThat(sets.cardinality(h)).isEqualTo(want.cardinality());
      assertThat(sets.members(h)).containsExactly(want.stream().toArray());
      List<Integer> walked = new ArrayList<>();
      sets.forEach(h, walked::add);
      assertThat(walked).containsExactlyElementsOf(want.stream().boxed().toList());
      for (int m : want.stream().toArray()) {
        for (int s = Math.max(0, m - 1); s <= Math.min(cohort - 1, m + 1); s++) {
          assertThat(sets.contains(h, s)).as("set %d, sample %d", k, s).isEqualTo(want.get(s));
        }
      }
      int[] probe = rnd.ints(20, 0, cohort).toArray();
      probe[0] = want.nextSetBit(0);
      probe[1] = want.previousSetBit(cohort - 1);
      int mask = sets.membersAmong(h, probe);
      for (int i = 0; i < probe.length; i++) {
        assertThat((mask >>> i & 1) == 1).isEqualTo(want.get(probe[i]));
      }
      long[] words = new long[SampleSets.wordsFor(cohort)];
      java.util.Arrays.fill(words, -1L);
      sets.fillWords(h, words);
      assertThat(BitSet.valueOf(words)).isEqualTo(want);
      double[] dose = new double[cohort];
      sets.addTo(h, dose, 0.5);
      assertThat(java.util.stream.IntStream.range(0, cohort).filter(s -> dose[s] == 0.5).toArray())
          .containsExactly(want.stream().toArray());
      for (SampleSelection sel : List.of(SampleSelection.of(cohort, probe),
          SampleSelection.of(cohort, rnd.ints(cohort / 3, 0, cohort).toArray()))) {
        BitSet both = chosenOf(want, sel);
        List<Integer> chosen = new ArrayList<>();
        sets.forEachChosen(h, sel, chosen::add);
        assertThat(chosen).containsExactlyElementsOf(both.stream().boxed().toList());
        assertThat(sets.andCardinality(h, sel)).isEqualTo(both.cardinality());
        assertThat(sets.intersects(h, sel)).isEqualTo(!both.isEmpty());
      }
    }
    assertThat(runs).as("delta-coded runs made").isGreaterThan(expected.size() / 2);
  }

  /**
   * A gap-coded run costs about what its members' information needs: a random set of 5% of 100,000 samples
   * (log2 C(100,000, k) / k ≈ 5.7 bits a member) under 0.9 bytes a member with its skip table, where a run of
   * 32-bit numbers cost four and a varint of each gap one.
   */
  @org.junit.jupiter.api.Test
  void aGapCodedRunOfACommonVariantCostsNearItsInformation() {
    int cohort = 100_000;
    Random rnd = new Random(5);
    int[] ids = java.util.stream.IntStream.range(0, cohort).filter(s -> rnd.nextDouble() < 0.05).toArray();
    SetsBuilder b = new SetsBuilder(cohort, SetEncoding.COMPACT);
    int h = b.add(ids, ids.length);
    assertThat(SampleSets.tag(h)).isEqualTo(SampleSets.INLINE);
    long bytes = b.build().wideInlinePages()[0].length();
    double bound = 0;
    for (int j = 0; j < ids.length; j++) { // log2 C(cohort, n) = sum of log2((cohort - j) / (j + 1))
      bound += Math.log((double) (cohort - j) / (j + 1)) / Math.log(2);
    }
    assertThat((double) bytes / ids.length).isBetween(bound / 8 / ids.length, 0.9);
  }

  @ParameterizedTest
  @CsvSource({"COMPACT,3,inline sample sets", "COMPACT,1500,dense sample sets", "ROARING,3,Roaring sample sets"})
  void aPoolPastItsLimitIsAClearCapacityErrorNotAnOverflow(SetEncoding encoding, int members, String pool) {
    // 2,504 samples: 3 members go inline (or Roaring), 1,500 dense; the pools of this builder hold 200 entries
    SetsBuilder b = new SetsBuilder(2504, encoding, 200);
    Random r = new Random(members);
    assertThatThrownBy(() -> {
      for (int k = 0; k < 100_000; k++) {
        int[] ids = r.ints(0, 2504).distinct().limit(members).sorted().toArray();
        b.add(ids, ids.length);
      }
    }).isInstanceOf(GenotypeCapacityException.class).hasMessageContaining(pool)
        .hasMessageContaining("more than 200 entries").hasMessageContaining("one per chromosome");
  }

  /** The members of {@code set} that {@code sel} chooses. */
  private static BitSet chosenOf(BitSet set, SampleSelection sel) {
    BitSet both = (BitSet) set.clone();
    BitSet chosen = new BitSet();
    for (int m : sel.members()) {
      chosen.set(m);
    }
    both.and(chosen);
    return both;
  }
}
