package org.dasgrid.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SequenceDigesterTest {
  @Test
  void ga4ghDigestOfTheSpecsTestVector() {
    // refget v2.0.0: "A ga4gh digest of ACGT MUST result in the string SQ.aKF498dAxcJAqme6QYQ7EZ07-fiw8Kw2"
    assertThat(SequenceDigester.ga4gh("ACGT")).isEqualTo("SQ.aKF498dAxcJAqme6QYQ7EZ07-fiw8Kw2");
  }

  @Test
  void digestsTheUpperCasedLettersOnly() {
    assertThat(SequenceDigester.ga4gh("ac\ngt")).isEqualTo(SequenceDigester.ga4gh("ACGT"));
    assertThat(SequenceDigester.ga4gh("AC GT-")).isEqualTo(SequenceDigester.ga4gh("ACGT"));
  }

  @Test
  void md5AndTrunc512MatchTheJdkOverLongPiecewiseInput() throws Exception {
    Random r = new Random(7);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 200_000; i++) {
      sb.append("ACGTN".charAt(r.nextInt(5)));
    }
    String seq = sb.toString();
    SequenceDigester d = new SequenceDigester();
    for (int i = 0; i < seq.length(); i += 777) {
      d.append(seq, i, Math.min(seq.length(), i + 777));
    }
    SequenceDigests.Digest digest = d.finish("x", seq.length(), false);
    byte[] bytes = seq.getBytes(StandardCharsets.US_ASCII);
    assertThat(digest.md5()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes)));
    byte[] sha = MessageDigest.getInstance("SHA-512").digest(bytes);
    assertThat(digest.trunc512()).isEqualTo(HexFormat.of().formatHex(sha, 0, 24));
    assertThat(digest.ga4gh()).isEqualTo("SQ." + java.util.Base64.getUrlEncoder().withoutPadding()
        .encodeToString(java.util.Arrays.copyOf(sha, 24)));
  }
}
