package org.dasgrid.core.api.genotype;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.render.JsonOutput;
import org.junit.jupiter.api.Test;

class JsonTextRulesTest {
  private final JsonTextRules rules = new JsonTextRules();

  @Test
  void theEnginePrecomputesByTheJsonWritersRules() {
    // found through META-INF/services: without it the writer would check every byte of every row
    assertThat(TextRules.installed()).isInstanceOf(JsonTextRules.class);
    assertThat(TextRules.installed().slack()).isEqualTo(JsonBytes.COPY_SLACK);
  }

  @Test
  void aByteIsPlainExactlyWhenTheFactoryWritesItAsItIs() {
    for (int c = 0; c < 256; c++) {
      byte[] one = {(byte) c};
      String quoted = new String(JsonBytes.viaJackson(new String(one, StandardCharsets.ISO_8859_1)),
          StandardCharsets.UTF_8);
      boolean asIs = c < 0x80 && quoted.equals("\"" + (char) c + "\"");
      // plain JSON: < > & ' are written as they are, so they are plain too (issue 29)
      assertThat(rules.isPlain(one, 0, 1)).as("byte %d", c).isEqualTo(asIs && c >= 0x20 && c != 0x7F);
    }
    assertThat(rules.isPlain("rs1\tA\tG".getBytes(StandardCharsets.US_ASCII), 0, 3)).isTrue();
    assertThat(rules.isPlain("rs1\tA\tG".getBytes(StandardCharsets.US_ASCII), 0, 4)).isFalse();
  }

  @Test
  void aFrequencysTextIsTheOneTheJsonWritersWrite() {
    for (int[] p : new int[][] {{1, 3}, {1, 5_000}, {5_000, 5_000}, {0, 7}, {123, 4_567}}) {
      assertThat(new String(rules.frequencyText(p[0], p[1]), StandardCharsets.US_ASCII))
          .isEqualTo(JsonOutput.number((double) p[0] / p[1]));
    }
  }
}
