package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
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
import javax.xml.parsers.DocumentBuilderFactory;
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
 * {@code http://localhost:8080/dasgrid} become the test server's). Each must exit 0 (with {@code pipefail}), answer
 * below 400, unless the comment line above it says {@code # expect: NNN}, and answer a well-formed body for its
 * content type (XML parses, JSON parses, each NDJSON line parses, Prometheus text has valid sample lines), read
 * from a copy of what curl received whatever the example then pipes it to. Lines marked
 * {@code # needs: genotypes} run only when the server has the genotype source they name.
 *
 * <p>A command line anywhere else ({@code curl ...} or {@code $ curl ...} outside a bash/sh block, or a
 * {@code $ curl} prompt inside one) would never run, so it fails {@link #noCurlExampleEscapesTheTest}.
 */
@ExtendWith(DocsExamplesIT.Server.class)
class DocsExamplesIT {
  private static final Pattern FENCE = Pattern.compile("^```(\\w*)\\s*$");
  private static final Pattern EXPECT = Pattern.compile("^#\\s*expect:\\s*(\\d{3})\\s*$");
  private static final Pattern NEEDS = Pattern.compile("^#\\s*needs:\\s*([\\w-]+)\\s*$");
  private static final Pattern STATUS = Pattern.compile("DOCS-HTTP-STATUS (\\d{3})");
  private static final Pattern GENOTYPE_SOURCE = Pattern.compile("/genotypes/([A-Za-z0-9_.-]+)/");
  /** Options with which curl writes the body somewhere else than stdout, or asks for no body. */
  private static final Pattern NO_BODY_ON_STDOUT =
      Pattern.compile("(^|\\s)(-[A-Za-z]*[oOI][A-Za-z]*|--output|--remote-name|--head)(\\s|=|$)");
  private static final Pattern PROMETHEUS_SAMPLE =
      Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*(\\{.*\\})? \\S+( -?\\d+)?");
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
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

  /** A command line that no test runs: where it is and the line as written. */
  record Stray(Path file, int line, String text) {
    @Override
    public String toString() {
      return TestServer.root().relativize(file) + ":" + line + "  " + text;
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
    List<Example> out = new ArrayList<>();
    scan(file, out, new ArrayList<>());
    return out;
  }

  /**
   * The lines of a Markdown file that look like curl commands but would not run: {@code curl ...} or
   * {@code $ curl ...} outside a bash/sh block (in another block, an indented block or the text), and
   * {@code $ curl ...} inside one (the prompt keeps it from being run).
   */
  static List<Stray> strays(Path file) throws IOException {
    List<Stray> out = new ArrayList<>();
    scan(file, new ArrayList<>(), out);
    return out;
  }

  private static void scan(Path file, List<Example> examples, List<Stray> strays) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
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
      boolean prompt = line.startsWith("$ curl ");
      if (prompt || !inShell && line.startsWith("curl ")) {
        strays.add(new Stray(file, i + 1, line));
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
        examples.add(new Example(file, first, cmd.toString(), expect, needs));
        expect = OptionalInt.empty();
        needs = "";
      }
    }
  }

  @TestFactory
  Stream<DynamicTest> everyCurlExampleInTheDocsWorks() throws IOException {
    prepareCurl(home);
    List<DynamicTest> tests = new ArrayList<>();
    for (Path doc : documents()) {
      for (Example ex : examples(doc)) {
        // examples of a cluster ({@code # needs: cluster...}) run against one in ClusterDocsIT, those of gene
        // queries ({@code # needs: genes}) against a source with a genes file in GeneQueryIT
        if (!ex.needs().startsWith("cluster") && !ex.needs().equals("genes")) {
          tests.add(DynamicTest.dynamicTest(ex.name(), () -> run(ex)));
        }
      }
    }
    return tests.stream();
  }

  /** A home for running examples: a curlrc that reports the status on stderr, and the capturing curl. */
  static void prepareCurl(Path home) throws IOException {
    // curl reads this instead of the user's ~/.curlrc: the status goes to stderr, so pipes in examples keep working
    Files.writeString(home.resolve(".curlrc"), """
        write-out = "%{stderr}DOCS-HTTP-STATUS %{http_code}\\n"
        show-error
        max-time = 120
        """);
    installCurlWrapper(home);
  }

  /**
   * Puts a {@code curl} first on the examples' PATH that runs the real one unchanged but keeps a copy of what it
   * received in {@code $DOCS_CAPTURE}: the response headers, and what it wrote to stdout ({@code tee -p} goes on
   * copying when a reader such as {@code grep -q} stops early, as a plain pipe would let curl go on).
   */
  private static void installCurlWrapper(Path home) throws IOException {
    Path realCurl = Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
        .filter(d -> !d.isEmpty()).map(d -> Path.of(d, "curl")).filter(Files::isExecutable).findFirst()
        .orElseThrow(() -> new AssertionError("curl is not on the PATH"));
    Path bin = Files.createDirectories(home.resolve("bin"));
    Path wrapper = bin.resolve("curl");
    Files.writeString(wrapper, """
        #!/usr/bin/env bash
        set -o pipefail
        '%s' --dump-header "$DOCS_CAPTURE/headers" "$@" | tee -p "$DOCS_CAPTURE/stdout"
        """.formatted(realCurl));
    assertThat(wrapper.toFile().setExecutable(true)).isTrue();
  }

  private void run(Example ex) throws Exception {
    if (ex.needs().equals("genotypes")) {
      Matcher m = GENOTYPE_SOURCE.matcher(ex.command());
      Assumptions.assumeTrue(m.find() && servesGenotypes(m.group(1)),
          "the test server has no genotype source named in " + ex.command());
    }
    run(ex, ex.command().replace("http://localhost:8080/dasgrid", base).replace("http://localhost:8080", base),
        home);
  }

  /** Runs an example's command (its URLs already pointed at a server) and checks its status and body. */
  static void run(Example ex, String cmd, Path home) throws Exception {
    Path capture = Files.createTempDirectory(home, "example-");
    ProcessBuilder pb = new ProcessBuilder("bash", "-o", "pipefail", "-c", cmd).redirectErrorStream(false)
        .directory(capture.toFile());
    pb.environment().put("HOME", home.toString());
    pb.environment().put("CURL_HOME", home.toString());
    pb.environment().put("DOCS_CAPTURE", capture.toString());
    pb.environment().put("PATH", home.resolve("bin") + java.io.File.pathSeparator + System.getenv("PATH"));
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
    if (!NO_BODY_ON_STDOUT.matcher(cmd).find() && code != 204 && code != 304) {
      Answer answer = Answer.read(capture);
      assertWellFormed(answer.contentType(), answer.body(), cmd);
    }
  }

  /** What curl received, as the wrapper kept it: the last response's Content-Type and its (decoded) body. */
  record Answer(String contentType, byte[] body) {
    static Answer read(Path capture) throws IOException {
      assertThat(capture.resolve("headers")).as("headers kept by the curl wrapper").isRegularFile();
      String contentType = "";
      for (String h : Files.readAllLines(capture.resolve("headers"), StandardCharsets.ISO_8859_1)) {
        if (h.startsWith("HTTP/")) {
          contentType = ""; // a new response (after a redirect or 100 Continue)
        } else if (h.toLowerCase(java.util.Locale.ROOT).startsWith("content-type:")) {
          contentType = h.substring("content-type:".length()).trim();
        }
      }
      byte[] out = Files.readAllBytes(capture.resolve("stdout"));
      // with -i the headers come first on stdout too, one block per response
      while (startsWith(out, "HTTP/".getBytes(StandardCharsets.US_ASCII))) {
        int end = indexOf(out, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out = end < 0 ? new byte[0] : java.util.Arrays.copyOfRange(out, end + 4, out.length);
      }
      // an example asking for gzip without --compressed shows the body as sent
      if (out.length > 2 && (out[0] & 0xff) == 0x1f && (out[1] & 0xff) == 0x8b) {
        try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(out))) {
          out = in.readAllBytes();
        }
      }
      return new Answer(contentType, out);
    }

    private static boolean startsWith(byte[] a, byte[] prefix) {
      return a.length >= prefix.length && java.util.Arrays.equals(a, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static int indexOf(byte[] a, byte[] b) {
      for (int i = 0; i + b.length <= a.length; i++) {
        if (java.util.Arrays.equals(a, i, i + b.length, b, 0, b.length)) {
          return i;
        }
      }
      return -1;
    }
  }

  /**
   * The body parses as its content type says: XML, JSON, NDJSON (each line), GFF3, BED, VCF (their columns),
   * or Prometheus / plain text.
   */
  static void assertWellFormed(String contentType, byte[] body, String what) {
    String type = contentType.toLowerCase(java.util.Locale.ROOT);
    String text = utf8(body, what);
    assertThat(text).as("body of %s (%s)", what, contentType).isNotBlank();
    if (type.startsWith("application/x-ndjson")) {
      text.lines().forEach(line -> {
        JsonNode n = json(line, what);
        assertThat(n.isObject()).as("NDJSON line of %s is an object: %s", what, line).isTrue();
      });
    } else if (type.contains("json")) {
      json(text, what);
    } else if (type.contains("xml")) {
      xml(body, what);
    } else if (type.startsWith("text/x-gff3")) {
      assertThat(text).as("GFF3 of %s", what).startsWith("##gff-version 3");
      text.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).forEach(l ->
          assertThat(l.split("\t", -1)).as("GFF3 line of %s: %s", what, l).hasSize(9));
    } else if (type.startsWith("text/x-bed")) {
      text.lines().filter(l -> !l.isBlank() && !l.startsWith("#") && !l.startsWith("track ")
          && !l.startsWith("browser ")).forEach(l ->
          assertThat(l.split("\t", -1).length).as("BED line of %s: %s", what, l).isBetween(3, 12));
    } else if (type.startsWith("text/x-vcf")) {
      assertThat(text).as("VCF of %s", what).startsWith("##fileformat=VCFv4");
      assertThat(text.lines().filter(l -> l.startsWith("#CHROM\t"))).as("VCF header line of %s", what).hasSize(1);
      text.lines().filter(l -> !l.startsWith("#")).forEach(l ->
          assertThat(l.split("\t", -1).length).as("VCF record of %s: %s", what, l).isGreaterThanOrEqualTo(8));
    } else if (type.startsWith("text/vnd.ga4gh.refget.")) {
      assertThat(text).as("refget bases of %s", what).matches("[A-Z]+");
    } else if (type.startsWith("text/plain") && type.contains("version=0.0.4")) {
      text.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).forEach(l ->
          assertThat(l).as("Prometheus sample line of %s", what).matches(PROMETHEUS_SAMPLE));
    } else {
      assertThat(type).as("a content type whose well-formedness this test checks, for %s", what)
          .startsWith("text/plain");
    }
  }

  private static String utf8(byte[] body, String what) {
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(body)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new AssertionError("body of " + what + " is not UTF-8", e);
    }
  }

  private static JsonNode json(String text, String what) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new AssertionError("body of " + what + " is not well-formed JSON: " + e.getMessage() + "\n"
          + abbreviate(text), e);
    }
  }

  private static void xml(byte[] body, String what) {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      f.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(body));
    } catch (Exception e) {
      throw new AssertionError("body of " + what + " is not well-formed XML: " + e.getMessage() + "\n"
          + abbreviate(new String(body, StandardCharsets.UTF_8)), e);
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 2000 ? s : s.substring(0, 2000) + "...";
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
  void noCurlExampleEscapesTheTest() throws IOException {
    List<Stray> strays = new ArrayList<>();
    for (Path doc : documents()) {
      strays.addAll(strays(doc));
    }
    assertThat(strays).as("curl lines that no test runs: put each in a ```bash block, without a '$ ' prompt")
        .isEmpty();
  }

  @Test
  void straysAreFoundWhereverTheyHide(@TempDir Path dir) throws IOException {
    Path md = dir.resolve("sample.md");
    Files.writeString(md, """
        curl 'http://localhost:8080/in-the-text'

        ```
        $ curl 'http://localhost:8080/plain-fence-with-prompt'
        {"answer": 1}
        ```

        ```console
        curl 'http://localhost:8080/other-fence'
        ```

            curl 'http://localhost:8080/indented'

        ```bash
        $ curl 'http://localhost:8080/bash-with-prompt'
        curl 'http://localhost:8080/runs'
        ```

        ```sh
        curl 'http://localhost:8080/runs-too'
        ```
        """);
    assertThat(strays(md)).extracting(Stray::line).containsExactly(1, 4, 9, 12, 15);
    assertThat(examples(md)).extracting(Example::line).containsExactly(16, 20);
  }

  @Test
  void wellFormednessIsCheckedByContentType() {
    byte[] ok = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
    assertWellFormed("application/json;charset=UTF-8", ok, "json");
    assertWellFormed("application/x-ndjson", "{\"a\":1}\n{\"count\":1}\n".getBytes(StandardCharsets.UTF_8), "nd");
    assertWellFormed("text/xml;charset=UTF-8", "<?xml version=\"1.0\"?><A b=\"1\"/>".getBytes(StandardCharsets.UTF_8),
        "xml");
    assertWellFormed("text/plain;version=0.0.4;charset=utf-8",
        "# HELP x y\nx_total{a=\"b\"} 1.0\n".getBytes(StandardCharsets.UTF_8), "metrics");
    for (String[] bad : new String[][] {{"application/json", "{\"a\":1"}, {"application/json", "{} trailing"},
        {"application/x-ndjson", "{\"a\":1}\n{oops\n"}, {"text/xml", "<A><B></A>"},
        {"text/plain;version=0.0.4", "x_total{a=\"b\"}\n"}, {"text/html", "<p>hi"}, {"application/json", ""}}) {
      assertThatThrownBy(() -> assertWellFormed(bad[0], bad[1].getBytes(StandardCharsets.UTF_8), "bad"))
          .as("%s: %s", bad[0], bad[1]).isInstanceOf(AssertionError.class);
    }
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
    assertThat(total).isGreaterThanOrEqualTo(45);
    assertThat(examples(docs.resolve("das-api.md"))).anyMatch(e -> e.expect().isPresent())
        .anyMatch(e -> e.needs().equals("genotypes"));
    assertThat(examples(docs.resolve("genotypes.md"))).hasSizeGreaterThanOrEqualTo(5)
        .allMatch(e -> e.command().contains("/genotypes/ceu/") || e.needs().equals("genes"));
  }
}
