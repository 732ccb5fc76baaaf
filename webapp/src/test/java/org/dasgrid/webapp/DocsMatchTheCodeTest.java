package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.dasgrid.core.config.ConfigLoader;
import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.core.config.SourceConfig;
import org.junit.jupiter.api.Test;

/**
 * Facts the docs state about the code, read off the code: the bundled example sources in getting-started.md, and
 * in architecture.md the filters and servlets the webapp registers (its diagram and request path).
 */
class DocsMatchTheCodeTest {
  private static final Pattern REGISTERED =
      Pattern.compile("\\.add(Filter|Servlet)\\(\\s*\"[^\"]+\"\\s*,\\s*new\\s+(\\w+)\\(");
  private static final List<String> NUMBERS =
      List.of("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten");

  @Test
  void gettingStartedNamesEveryBundledSourceAndHowManyThereAre() throws IOException {
    DasGridConfig examples = new ConfigLoader(Set.of())
        .load(TestServer.root().resolve("webapp/src/main/resources/examples/dasgrid.yaml"));
    String doc = Files.readString(TestServer.root().resolve("docs/getting-started.md"));
    int n = examples.sources().size();
    assertThat(doc).contains(NUMBERS.get(n) + " example sources").contains("(" + n + " sources)");
    for (SourceConfig s : examples.sources()) {
      assertThat(doc).as("getting-started.md names the bundled source %s", s.id()).contains("`" + s.id() + "`");
    }
  }

  @Test
  void architectureNamesEveryRegisteredFilterAndServlet() throws IOException {
    Set<String> registered = new TreeSet<>();
    try (Stream<Path> files = Files.walk(TestServer.root().resolve("webapp/src/main/java"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = REGISTERED.matcher(Files.readString(f));
        while (m.find()) {
          registered.add(m.group(2));
        }
      }
    }
    assertThat(registered).contains("RequestIdFilter", "NoSniffFilter", "RateLimitFilter", "DasServlet",
        "GenotypeServlet");
    String doc = Files.readString(TestServer.root().resolve("docs/architecture.md"));
    for (String name : registered) {
      if (!name.equals("StaticFileServlet")) { // shown as "/ (home page)"
        assertThat(doc).as("docs/architecture.md names %s", name).contains(name);
      }
    }
    assertThat(doc).as("no notes about which issue will bring what").doesNotContainPattern("\\(issue \\d+\\)");
  }
}
