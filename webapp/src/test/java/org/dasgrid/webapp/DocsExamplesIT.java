package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs every {@code curl} line of the {@code ```bash} blocks in {@code docs/*.md} and the README against a real
 * server, as written except for the base URL ({@code http://localhost:8080} and the WAR's
 * {@code http://localhost:8080/dasgrid} become the test server's). Each must exit 0 (with {@code pipefail}) and
 * answer below 400, unless the comment line above it says {@code # expect: NNN}; lines marked
 * {@code # needs: genotypes} run only when the server has the genotype source they name.
 */
@ExtendWith(DocsExamplesIT.Server.class)
class DocsExamplesIT {
  private static final Pattern FENCE = Pattern.compile("^```(\\w*)\\s*$");
  private static final Pattern EXPECT = Pattern.compile("^#\\s*expect:\\s*(\\d{3})\\s*$");
  private static final Pattern NEEDS = Pattern.compile("^#\\s*needs:\\s*(\\w+)\\s*$");
  private static final Pattern STATUS = Pattern.compile("DOCS-HTTP-STATUS (\\d{3})");
  private static final Pattern GENOTYPE_SOURCE = Pattern.compile("/genotypes/([A-Za-z0-9_.-]+)/");
  static String base;
  @TempDir static Path home;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  /** One documented command: where it is, the line as written, and what it must answer. */
  record Example(Path file, int line, String command, OptionalInt expect, String needs) {
    String name() {
      return TestServer.root().relativize(file) + ":" + line + "  " + command;
    }
  }

  static List<Path> documents() throws IOException {
    List<Path> docs = new ArrayList<>();
    try (Stream<Path> s = Files.list(TestServer.root().resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
    }
    docs.add(TestServer.root().resolve("README.md"));
    return docs;
  }

  /** The curl lines of the bash/sh blocks of a Markdown file, with continuation lines joined. */
  static List<Example> examples(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    List<Example> out = new ArrayList<>();
    boolean inShell = false;
    boolean inOther = false;
    OptionalInt expect = OptionalInt.empty();
    String needs = "";
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      Matcher fence = FENCE.matcher(line);
      if (fence.matches()) {
        if (inShell || inOther) {
          inShell = false;
          inOther = false;
        } else {
          inShell = fence.group(1).equals("bash") || fence.group(1).equals("sh");
          inOther = !inShell;
        }
        expect = OptionalInt.empty();
        needs = "";
        continue;
      }
      if (!inShell) {
        continue;
      }
      Matcher e = EXPECT.matcher(line);
      Matcher n = NEEDS.matcher(line);
      if (e.matches()) {
        expect = OptionalInt.of(Integer.parseInt(e.group(1)));
      } else if (n.matches()) {
        needs = n.group(1);
      } else if (line.startsWith("curl ")) {
        int first = i + 1;
        StringBuilder cmd = new StringBuilder(line);
        while (cmd.toString().endsWith("\\") && i + 1 < lines.size()) {
          cmd.setLength(cmd.length() - 1);
          cmd.append(' ').append(lines.get(++i).trim());
        }
        out.add(new Example(file, first, cmd.toString(), expect, needs));
        expect = OptionalInt.empty();
        needs = "";
      }
    }
    return out;
  }

  @TestFactory
  Stream<DynamicTest> everyCurlExampleInTheDocsWorks() throws IOException {
    // curl reads this instead of the user's ~/.curlrc: the status goes to stderr, so pipes in examples keep working
    Files.writeString(home.resolve(".curlrc"), """
        write-out = "%{stderr}DOCS-HTTP-STATUS %{http_code}\\n"
        show-error
        max-time = 120
        """);
    List<DynamicTest> tests = new ArrayList<>();
    for (Path doc : documents()) {
      for (Example ex : examples(doc)) {
        tests.add(DynamicTest.dynamicTest(ex.name(), () -> run(ex)));
      }
    }
    return tests.stream();
  }

  private void run(Example ex) throws Exception {
    if (ex.needs().equals("genotypes")) {
      Matcher m = GENOTYPE_SOURCE.matcher(ex.command());
      Assumptions.assumeTrue(m.find() && servesGenotypes(m.group(1)),
          "the test server has no genotype source named in " + ex.command());
    }
    String cmd = ex.command().replace("http://localhost:8080/dasgrid", base).replace("http://localhost:8080", base);
    ProcessBuilder pb = new ProcessBuilder("bash", "-o", "pipefail", "-c", cmd).redirectErrorStream(false);
    pb.environment().put("HOME", home.toString());
    pb.environment().put("CURL_HOME", home.toString());
    pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process p = pb.start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(150, TimeUnit.SECONDS)).as("finished: %s", cmd).isTrue();
    assertThat(p.exitValue()).as("exit status of %s\n%s", cmd, err).isZero();
    Matcher status = STATUS.matcher(err);
    assertThat(status.find()).as("HTTP status of %s\n%s", cmd, err).isTrue();
    int code = Integer.parseInt(status.group(1));
    if (ex.expect().isPresent()) {
      assertThat(code).as(cmd).isEqualTo(ex.expect().getAsInt());
    } else {
      assertThat(code).as(cmd).isBetween(200, 399);
    }
  }

  private static boolean servesGenotypes(String source) throws IOException {
    JsonNode all = new ObjectMapper().readTree(Http.get(base + "/api/sources").decoded());
    for (JsonNode s : all.path("sources")) {
      if (s.path("id").asText().equals(source) && s.path("genotypes").asBoolean()) {
        return true;
      }
    }
    return false;
  }

  @Test
  void theDocsSetExistsAndHasExamples() throws IOException {
    Path docs = TestServer.root().resolve("docs");
    for (String name : List.of("getting-started.md", "configuration.md", "das-api.md", "deployment.md",
        "architecture.md")) {
      assertThat(docs.resolve(name)).isRegularFile();
    }
    long total = 0;
    for (Path doc : documents()) {
      total += examples(doc).size();
    }
    assertThat(total).isGreaterThanOrEqualTo(40);
    assertThat(examples(docs.resolve("das-api.md"))).anyMatch(e -> e.expect().isPresent())
        .anyMatch(e -> e.needs().equals("genotypes"));
  }
}
