package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The documentation a user reads — README.md, the modules' READMEs and docs/*.md (not the dated raw logs of
 * docs/bench-log/) — stands on its own: every relative link reaches a file of the repository and, for a Markdown
 * file, a heading of it; no page sends the reader to the project's issues or to files outside the repository;
 * and getting-started.md lists exactly the tools {@code .ci/run} installs.
 */
class DocsLinksTest {
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern OUTSIDE = Pattern.compile(
      "(?i)\\bissues? #?\\d+|\\bcontract\\.md\\b|\\.\\./shared\\b|/work/|\\bcontract section\\b");

  static List<Path> pages() throws IOException {
    Path root = TestServer.root();
    List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
    for (String module : List.of("server-core", "datasources", "proto", "webapp", "perf")) {
      pages.add(root.resolve(module).resolve("README.md"));
    }
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  @Test
  void everyRelativeLinkReachesAFileAndItsHeading() throws IOException {
    Map<Path, Set<String>> anchors = new HashMap<>();
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Path page : pages()) {
      Matcher m = LINK.matcher(withoutCode(Files.readString(page)));
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("(?i)[a-z]+:.*")) {
          continue; // http:, https:, mailto:
        }
        links++;
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!Files.exists(resolved)) {
          broken.add(TestServer.root().relativize(page) + ": " + target + " (no such file)");
          continue;
        }
        if (hash >= 0 && resolved.toString().endsWith(".md")) {
          Set<String> headings = anchors.computeIfAbsent(resolved, DocsLinksTest::anchorsOf);
          if (!headings.contains(target.substring(hash + 1))) {
            broken.add(TestServer.root().relativize(page) + ": " + target + " (no such heading)");
          }
        }
      }
    }
    assertThat(links).isGreaterThan(50);
    assertThat(broken).as("broken links").isEmpty();
  }

  @Test
  void noPageMentionsIssuesOrFilesOutsideTheRepository() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path page : pages()) {
      List<String> lines = Files.readAllLines(page);
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = OUTSIDE.matcher(lines.get(i));
        if (m.find()) {
          found.add(TestServer.root().relativize(page) + ":" + (i + 1) + ": " + m.group());
        }
      }
    }
    assertThat(found).isEmpty();
  }

  @Test
  void gettingStartedListsExactlyTheToolsCiInstalls() throws IOException {
    String ci = Files.readString(TestServer.root().resolve(".ci/run"));
    Matcher install = Pattern.compile("apt-get install -y -qq --no-install-recommends \\\\\\s*\\n([^>]+)>")
        .matcher(ci);
    assertThat(install.find()).as(".ci/run's apt-get install line").isTrue();
    Set<String> installed = new TreeSet<>(List.of(install.group(1).replace("\\", " ").trim().split("\\s+")));
    assertThat(installed).contains("bcftools", "jing", "plink2");
    String doc = Files.readString(TestServer.root().resolve("docs/getting-started.md"));
    Matcher spans = Pattern.compile("`([a-z0-9.\\-\\s]+)`").matcher(doc);
    List<Set<String>> lists = new ArrayList<>();
    while (spans.find()) {
      lists.add(new TreeSet<>(List.of(spans.group(1).trim().split("\\s+"))));
    }
    assertThat(lists).as("getting-started.md lists .ci/run's packages in one code span").contains(installed);
  }

  /** GitHub's anchors of a Markdown file's headings: lower case, punctuation dropped, spaces as '-'. */
  static Set<String> anchorsOf(Path md) {
    Set<String> out = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    try {
      boolean fence = false;
      for (String line : Files.readAllLines(md)) {
        if (line.startsWith("```")) {
          fence = !fence;
        }
        if (fence || !line.matches("#{1,6} .*")) {
          continue;
        }
        String text = line.replaceFirst("#{1,6} ", "").trim().toLowerCase(Locale.ROOT);
        String slug = text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
        int n = seen.merge(slug, 1, Integer::sum);
        out.add(n == 1 ? slug : slug + "-" + (n - 1));
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  /** The text without fenced code blocks, where brackets are code, not links. */
  private static String withoutCode(String md) {
    StringBuilder sb = new StringBuilder();
    boolean fence = false;
    for (String line : md.split("\n", -1)) {
      if (line.startsWith("```")) {
        fence = !fence;
        continue;
      }
      if (!fence) {
        sb.append(line).append('\n');
      }
    }
    return sb.toString();
  }
}
