package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * igv.js (from npm, as the home page serves it) shows a variant track read through DasGrid's htsget: Debian's
 * Chromium, headless, driven by playwright-core through {@code webapp/frontend/browser-test/htsget-track.mjs},
 * which checks the variants igv.js shows against the DAS features of the same range. The screenshot and the
 * checks are left in {@code webapp/target/browser-test/}.
 */
class HtsgetBrowserIT {
  private static final Path CHROMIUM = Path.of(System.getProperty("chromium", "/usr/bin/chromium"));
  static String base;

  @RegisterExtension
  static final org.junit.jupiter.api.extension.BeforeAllCallback SERVER =
      (ExtensionContext context) -> base = TestServer.examples(context).base();

  @Test
  void igvShowsAnHtsgetVariantTrack() throws Exception {
    Path frontend = TestServer.root().resolve("webapp/frontend");
    Path out = TestServer.root().resolve("webapp/target/browser-test");
    assertThat(CHROMIUM).as("Chromium (apt-get install chromium) at %s", CHROMIUM).isExecutable();
    assertThat(frontend.resolve("node_modules/playwright-core")).as("npm packages (the Maven build runs npm ci)")
        .isDirectory();
    Files.createDirectories(out);
    ProcessBuilder pb = new ProcessBuilder(List.of("node", "browser-test/htsget-track.mjs", "--base", base, "--out",
        out.toString())).directory(frontend.toFile()).redirectErrorStream(true)
        .redirectOutput(out.resolve("htsget-track.log").toFile());
    pb.environment().put("CHROMIUM", CHROMIUM.toString());
    Process node = pb.start();
    boolean finished = node.waitFor(5, TimeUnit.MINUTES);
    if (!finished) {
      node.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    String log = Files.readString(out.resolve("htsget-track.log"), StandardCharsets.UTF_8);
    assertThat(finished).as("the browser test finished in 5 minutes:\n%s", log).isTrue();
    assertThat(node.exitValue()).as("browser test output:\n%s", log).isZero();
    JsonNode checks = new ObjectMapper().readTree(out.resolve("htsget-checks.json").toFile());
    assertThat(checks.size()).as("checks run:\n%s", log).isGreaterThanOrEqualTo(5);
    for (JsonNode c : checks) {
      assertThat(c.path("ok").asBoolean()).as("%s — %s", c.path("name").asText(), c.path("detail").asText()).isTrue();
    }
    Path png = out.resolve("htsget-ceu.png");
    assertThat(png).isRegularFile();
    assertThat(java.util.Arrays.copyOf(Files.readAllBytes(png), 4)).startsWith(0x89, 'P', 'N', 'G');
  }
}
