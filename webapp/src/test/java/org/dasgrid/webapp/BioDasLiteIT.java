package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real DAS client, Bio::Das::Lite (Debian libbio-das-lite-perl), walks the server: dsn, entry points,
 * types, features and sequence; this test checks what it parsed.
 */
@ExtendWith(BioDasLiteIT.Server.class)
class BioDasLiteIT {
  static String base;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  @Test
  void bioDasLiteParsesEveryDocument() throws Exception {
    String script = TestServer.root().resolve("webapp/src/test/resources/perl/das-lite-client.pl").toString();
    Process p = new ProcessBuilder("perl", script, base).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("perl + Bio::Das::Lite (apt-get install libbio-das-lite-perl):\n%s", out).isZero();
    List<String[]> rows = out.lines().map(l -> l.split("\t", -1)).toList();

    assertThat(rows.stream().filter(r -> r[0].equals("dsn")).map(r -> r[1])).containsExactly("dmel", "ce_ws199", "ceu");
    assertThat(rows.stream().filter(r -> r[0].equals("status")).map(r -> r[2])).hasSize(4)
        .allMatch(s -> s.startsWith("200"));
    assertThat(rows.stream().filter(r -> r[0].equals("entry_point") && r[1].equals("2L")).findFirst().orElseThrow())
        .containsExactly("entry_point", "2L", "1", "23011546");
    assertThat(rows.stream().filter(r -> r[0].equals("entry_point"))).hasSize(15);
    assertThat(rows.stream().filter(r -> r[0].equals("type") && r[1].equals("gene")).findFirst().orElseThrow()[2])
        .isEqualTo("631");
    assertThat(rows.stream().filter(r -> r[0].equals("feature")).map(r -> String.join(" ", r)))
        .containsExactly(
            "feature band-21A5_chromosome_band 1 22221 chromosome_band +",
            "feature band-21A_chromosome_band 1 22221 chromosome_band +",
            "feature band-21_chromosome_band 1 1326937 chromosome_band +",
            "feature 2L 1 23011544 chromosome_arm 0");
    assertThat(rows.stream().filter(r -> r[0].equals("medium_count")).findFirst().orElseThrow()[1]).isEqualTo("550");
    assertThat(rows.stream().filter(r -> r[0].equals("sequence")).findFirst().orElseThrow()[2])
        .isEqualTo("gcctaagcctaagcctaagcctaagcctaagcctaagcctaagcctaagc");
  }
}
