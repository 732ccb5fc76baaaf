package org.dasgrid.core.genotype.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.genotype.KeyList;
import org.junit.jupiter.api.Test;

class KnownMatchesTest {

  private static long[] matches(int n, long seed) {
    long[] m = new long[n];
    for (int i = 0; i < n; i++) {
      m[i] = seed * 1_000_003L + i;
    }
    return m;
  }

  @Test
  void theKeptMatchesNeverExceedTheBoundInBytes() {
    long bound = 4L << 20; // 4 MB: five 100,000-weight files (0.8 MB each) fit, not more
    KnownMatches known = new KnownMatches(bound);
    List<String> digests = new ArrayList<>();
    List<long[]> kept = new ArrayList<>();
    for (int f = 0; f < 40; f++) {
      String digest = KnownMatches.digest(List.of("file" + f, "rs" + f));
      long[] m = matches(100_000, f);
      known.put(digest, m);
      digests.add(digest);
      kept.add(m);
      assertThat(known.heldBytes()).as("after file %d", f).isLessThanOrEqualTo(bound);
    }
    int held = 0;
    for (int f = 0; f < digests.size(); f++) {
      long[] got = known.get(digests.get(f));
      if (got != null) {
        assertThat(got).as("an entry is the array put, never another's").isSameAs(kept.get(f));
        held++;
      }
    }
    assertThat(held).as("files held").isBetween(1, (int) (bound / KnownMatches.weight(kept.get(0))));
    assertThat(known.heldBytes()).isEqualTo((long) held * KnownMatches.weight(kept.get(0)));
  }

  @Test
  void matchesLargerThanTheBoundAreNotKeptAndTheDefaultBoundHoldsAnIssueSizedFile() {
    KnownMatches small = new KnownMatches(1L << 20);
    String big = KnownMatches.digest(List.of("big"));
    small.put(big, matches(200_000, 1)); // 1.6 MB > 1 MB
    assertThat(small.get(big)).isNull();
    assertThat(small.heldBytes()).isZero();

    KnownMatches known = new KnownMatches();
    String digest = KnownMatches.digest(List.of("rs1", "rs2"));
    long[] m = matches(100_000, 2);
    known.put(digest, m);
    assertThat(known.get(digest)).isSameAs(m);
    assertThat(known.heldBytes()).isEqualTo(64 + 8L * 100_000).isLessThanOrEqualTo(KnownMatches.MAX_BYTES);
  }

  @Test
  void keysDifferingInOrderOrSplitAreOtherEntries() {
    assertThat(KnownMatches.digest(List.of("a", "b"))).isNotEqualTo(KnownMatches.digest(List.of("b", "a")))
        .isNotEqualTo(KnownMatches.digest(List.of("ab"))).isEqualTo(KnownMatches.digest(List.of("a", "b")));
  }

  @Test
  void theDigestOfKeysAsBytesIsTheDigestOfEachKeysLengthThenItsBytes() throws Exception {
    List<String> keys = List.of("rs1", "", "chr1:100:A:G", "é", "rs1");
    java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
    for (String k : keys) {
      byte[] b = k.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      sha.update(java.nio.ByteBuffer.allocate(4).putInt(b.length).array());
      sha.update(b);
    }
    String expected = java.util.HexFormat.of().formatHex(sha.digest());
    assertThat(KnownMatches.digest(KeyList.of(keys))).isEqualTo(expected);
    assertThat(KnownMatches.digest(keys)).isEqualTo(expected);
    KeyList.Builder b = new KeyList.Builder(1, 1); // grown from the smallest room
    for (String k : keys) {
      b.add(k);
    }
    assertThat(KnownMatches.digest(b.build())).isEqualTo(expected);
    assertThat(KnownMatches.digest(List.of("rs1", "rs2"))).isNotEqualTo(KnownMatches.digest(List.of("rs1rs2")))
        .isNotEqualTo(KnownMatches.digest(List.of("rs2", "rs1")));
  }
}
