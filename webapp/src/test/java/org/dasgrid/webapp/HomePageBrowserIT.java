package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The home page in a real browser: Debian's Chromium, headless, driven by playwright-core from npm through
 * {@code webapp/frontend/browser-test/home-page.mjs}. The script checks the sources table, the igv.js genome view
 * (its features against the DAS answer for the same range, its canvas, navigation by locus and by name), and the
 * genotype form of the bundled {@code ceu} cohort against the server's real {@code /genotypes/ceu} API (its table
 * against the same query asked as JSON, its timings against the answer); screenshots and the list of checks are
 * left in {@code webapp/target/browser-test/}.
 */
@ExtendWith(HomePageBrowserIT.Server.class)
class HomePageBrowserIT {
  private static final Path CHROMIUM = Path.of(System.getProperty("chromium", "/usr/bin/chromium"));
  static String base;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  @Test
  void homePageShowsSourcesAGenomeViewAndTheGenotypeForm() throws Exception {
    runBrowserTest(base, TestServer.root().resolve("webapp/target/browser-test"));
  }

  /**
   * Runs the browser test against the page at {@code base} (the server's root, or a WAR's context), leaving its
   * log, checks and screenshots in {@code out}, and fails with its output unless every check passed.
   */
  static void runBrowserTest(String base, Path out) throws Exception {
    Path frontend = TestServer.root().resolve("webapp/frontend");
    assertThat(CHROMIUM).as("Chromium (apt-get install chromium) at %s", CHROMIUM).isExecutable();
    assertThat(frontend.resolve("node_modules/playwright-core")).as("npm packages (the Maven build runs npm ci)")
        .isDirectory();
    Files.createDirectories(out);
    List<String> cmd = new ArrayList<>(List.of("node", "browser-test/home-page.mjs", "--base", base, "--out",
        out.toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(frontend.toFile()).redirectErrorStream(true)
        .redirectOutput(out.resolve("browser-test.log").toFile());
    pb.environment().put("CHROMIUM", CHROMIUM.toString());
    Process node = pb.start();
    boolean finished = node.waitFor(5, TimeUnit.MINUTES);
    if (!finished) {
      node.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    String log = Files.readString(out.resolve("browser-test.log"), StandardCharsets.UTF_8);
    assertThat(finished).as("the browser test finished in 5 minutes:\n%s", log).isTrue();
    assertThat(node.exitValue()).as("browser test output:\n%s", log).isZero();

    JsonNode checks = new ObjectMapper().readTree(out.resolve("checks.json").toFile());
    assertThat(checks.size()).as("checks run:\n%s", log).isGreaterThanOrEqualTo(30);
    for (JsonNode c : checks) {
      assertThat(c.path("ok").asBoolean()).as("%s — %s", c.path("name").asText(), c.path("detail").asText()).isTrue();
    }
    for (String shot : List.of("home-dmel.png", "home-ce_ws199.png", "home-genotypes.png",
        "home-loading-failed.png")) {
      Path png = out.resolve(shot);
      assertThat(png).as("screenshot %s", shot).isRegularFile();
      byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(png), 8);
      assertThat(head).startsWith(0x89, 'P', 'N', 'G');
      assertThat(Files.size(png)).isGreaterThan(20_000);
    }
  }
}
