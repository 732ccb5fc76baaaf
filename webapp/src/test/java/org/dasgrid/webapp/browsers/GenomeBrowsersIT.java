package org.dasgrid.webapp.browsers;

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
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * igv.js and the JBrowse 2 linear genome view, the real npm packages pinned in {@code webapp/frontend/package.json},
 * in Debian's Chromium (headless, driven by playwright-core through {@code browser-test/genome-browsers.mjs}),
 * each opening the server's ready-made config from a page of another origin and drawing the {@code dmel} features
 * of 2L:1..27772 and the {@code ceu} variants, checked against the DAS answers for the same ranges. Screenshots and
 * the list of checks are left in {@code webapp/target/browser-test/genome-browsers/}.
 */
@ExtendWith(GenomeBrowsersIT.Server.class)
class GenomeBrowsersIT {
  private static final Path CHROMIUM = Path.of(System.getProperty("chromium", "/usr/bin/chromium"));
  static String base;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  @Test
  void igvJsAndJBrowseDrawTheExportsFromTheReadyMadeConfigs() throws Exception {
    Path frontend = TestServer.root().resolve("webapp/frontend");
    Path out = TestServer.root().resolve("webapp/target/browser-test/genome-browsers");
    assertThat(CHROMIUM).as("Chromium (apt-get install chromium) at %s", CHROMIUM).isExecutable();
    for (String pkg : List.of("playwright-core", "igv", "@jbrowse/react-linear-genome-view", "react", "react-dom")) {
      assertThat(frontend.resolve("node_modules").resolve(pkg)).as("npm package %s (the Maven build runs npm ci)", pkg)
          .isDirectory();
    }
    Files.createDirectories(out);
    ProcessBuilder pb = new ProcessBuilder("node", "browser-test/genome-browsers.mjs", "--base", base, "--out",
        out.toString()).directory(frontend.toFile()).redirectErrorStream(true)
        .redirectOutput(out.resolve("browser-test.log").toFile());
    pb.environment().put("CHROMIUM", CHROMIUM.toString());
    Process node = pb.start();
    boolean finished = node.waitFor(8, TimeUnit.MINUTES);
    if (!finished) {
      node.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    String log = Files.readString(out.resolve("browser-test.log"), StandardCharsets.UTF_8);
    assertThat(finished).as("the browser test finished in 8 minutes:\n%s", log).isTrue();
    assertThat(node.exitValue()).as("browser test output:\n%s", log).isZero();

    JsonNode checks = new ObjectMapper().readTree(out.resolve("checks.json").toFile());
    assertThat(checks.size()).as("checks run:\n%s", log).isGreaterThanOrEqualTo(18);
    for (JsonNode c : checks) {
      assertThat(c.path("ok").asBoolean()).as("%s — %s", c.path("name").asText(), c.path("detail").asText()).isTrue();
    }
    for (String shot : List.of("igv-dmel.png", "igv-ceu.png", "jbrowse-dmel.png", "jbrowse-ceu.png")) {
      Path png = out.resolve(shot);
      assertThat(png).as("screenshot %s", shot).isRegularFile();
      assertThat(java.util.Arrays.copyOf(Files.readAllBytes(png), 4)).startsWith(0x89, 'P', 'N', 'G');
      assertThat(Files.size(png)).isGreaterThan(10_000);
    }
  }
}
