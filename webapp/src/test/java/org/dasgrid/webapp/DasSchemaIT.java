package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every DAS command's document, for every bundled source, is valid DAS 1.6: fetched from the server and
 * validated by jing (Debian {@code jing}) against RelaxNG schemas of DAS 1.6 written from the specification
 * ({@code src/test/resources/das16/*.rnc}). The schemas allow attributes and elements only where DAS 1.6 names
 * them, in no namespace at all, as the specification's own schemas do (so a namespaced extension such as the
 * {@code dasgrid:aliases} entry points once carried is rejected); the error document, which DAS 1.6 does not
 * define, is in DasGrid's namespace. One jing run per schema keeps the JVM starts to nine.
 */
@ExtendWith(DasSchemaIT.Server.class)
class DasSchemaIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  static String base;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  @Test
  void everyDasDocumentOfEveryBundledSourceIsValidDas16(@TempDir Path dir) throws Exception {
    Map<String, List<String>> bySchema = documentsToValidate();
    int fetched = 0;
    for (Map.Entry<String, List<String>> e : bySchema.entrySet()) {
      List<Path> files = new ArrayList<>();
      for (String path : e.getValue()) {
        Http.Response r = Http.get(base + path);
        boolean error = e.getKey().equals("error");
        assertThat(r.status()).as("%s", path).satisfies(s -> assertThat(s >= 400).isEqualTo(error));
        assertThat(r.header("Content-Type")).as("%s", path).startsWith("text/xml");
        Path f = dir.resolve(e.getKey() + "-" + files.size() + ".xml");
        Files.write(f, r.body());
        files.add(f);
        fetched++;
      }
      Validation v = jing(e.getKey(), files);
      assertThat(v.exit()).as("jing %s.rnc on %s:\n%s", e.getKey(), e.getValue(), v.output()).isZero();
    }
    assertThat(fetched).isGreaterThan(40);
  }

  @Test
  void aliasesAreInTheJsonFormsNotInTheXml() throws Exception {
    Http.Response xml = Http.get(base + "/das/dmel/entry_points");
    assertThat(xml.text()).contains("<SEGMENT id=\"2L\"").doesNotContain("aliases").doesNotContain("xmlns");
    JsonNode json = JSON.readTree(Http.get(base + "/das/dmel/entry_points?format=json").body());
    JsonNode l2 = null;
    for (JsonNode seg : json.at("/dasep/entryPoints/0/segments")) {
      if (seg.get("id").asText().equals("2L")) {
        l2 = seg;
      }
    }
    assertThat(l2).isNotNull();
    assertThat(l2.get("aliases").asText()).isEqualTo("chr2L");
    assertThat(json.toString()).doesNotContain("xmlns");
    JsonNode status = JSON.readTree(Http.get(base + "/api/sources/dmel").body());
    assertThat(status.at("/aliases/2L").toString()).isEqualTo("[\"chr2L\"]");
  }

  /** The schemas are strict: an attribute DAS 1.6 does not name fails, whatever its namespace. */
  @Test
  void theSchemasRefuseWhatDas16DoesNotName(@TempDir Path dir) throws Exception {
    String valid = "<DASEP><ENTRY_POINTS href=\"http://h/das/s/entry_points\" version=\"1\" total=\"1\">"
        + "<SEGMENT id=\"2L\" start=\"1\" stop=\"10\" type=\"Chromosome\" orientation=\"+\"%s>2L</SEGMENT>"
        + "</ENTRY_POINTS></DASEP>";
    Path ok = Files.writeString(dir.resolve("ok.xml"), valid.formatted(""));
    assertThat(jing("entry_points", List.of(ok)).exit()).isZero();
    for (String extra : List.of(" aliases=\"chr2L\"",
        " xmlns:dasgrid=\"http://dasgrid.org/ns/das-extensions/1\" dasgrid:aliases=\"chr2L\"")) {
      Path bad = Files.writeString(dir.resolve("bad.xml"), valid.formatted(extra));
      Validation v = jing("entry_points", List.of(bad));
      assertThat(v.exit()).as(extra).isNotZero();
      assertThat(v.output()).as(extra).contains("aliases");
    }
  }

  /** Schema name to the paths of documents it must accept; derived from what each source serves. */
  private static Map<String, List<String>> documentsToValidate() throws IOException {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (String s : List.of("sources", "dsn", "entry_points", "types", "features", "sequence", "stylesheet",
        "error")) {
      m.put(s, new ArrayList<>());
    }
    m.get("sources").add("/das/sources");
    m.get("dsn").add("/das/dsn");
    m.get("error").add("/das/nosuchsource/features?segment=1");
    m.get("error").add("/das/dmel/nosuchcommand");
    JsonNode sources = JSON.readTree(Http.get(base + "/api/sources").body()).get("sources");
    assertThat(sources).hasSize(3);
    for (JsonNode src : sources) {
      String id = src.get("id").asText();
      assertThat(src.get("state").asText()).as(id).isEqualTo("ready");
      List<String> caps = new ArrayList<>();
      src.get("capabilities").forEach(c -> caps.add(c.asText()));
      String das = "/das/" + id;
      m.get("sources").add(das);
      m.get("entry_points").add(das + "/entry_points");
      m.get("entry_points").add(das + "/entry_points?rows=2-3");
      m.get("entry_points").add(das + "/entry_points?format=xml");
      JsonNode first = JSON.readTree(Http.get(base + das + "/entry_points?format=json").body())
          .at("/dasep/entryPoints/0/segments/0");
      String ref = first.get("id").asText();
      int length = first.get("stop").asInt();
      String small = enc(ref + ":1," + Math.min(length, 50_000));
      m.get("types").add(das + "/types");
      m.get("types").add(das + "/types?segment=" + small);
      m.get("types").add(das + "/types?segment=" + small + ";segment=nosuchref;segment="
          + enc(ref + ":1," + (length + 10)));
      m.get("features").add(das + "/features?segment=" + enc(ref));
      m.get("features").add(das + "/features?segment=" + small);
      m.get("features").add(das + "/features?segment=" + small + ";maxbins=5");
      m.get("features").add(das + "/features?segment=" + small + ";rows=1-3");
      m.get("features").add(das + "/features?segment=" + small + ";type=gene;category=transcription");
      m.get("features").add(das + "/features?segment=nosuchref;segment=" + enc(ref + ":1," + (length + 10))
          + ";feature_id=nosuchfeature");
      m.get("stylesheet").add(das + "/stylesheet");
      if (caps.contains("sequence")) {
        m.get("sequence").add(das + "/sequence?segment=" + enc(ref + ":1,40"));
        m.get("sequence").add(das + "/sequence?segment=" + enc(ref + ":1,10") + ";segment=" + enc(ref + ":5,20"));
        m.get("error").add(das + "/sequence?segment=nosuchref");
      } else {
        m.get("error").add(das + "/sequence?segment=" + enc(ref + ":1,10"));
      }
      m.get("error").add(das + "/features?segment=" + enc(ref + ":1,x"));
    }
    assertThat(m.get("sequence")).isNotEmpty();
    return m;
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private record Validation(int exit, String output) {}

  /** Runs Debian's jing; the test fails (never skips) when it is missing. */
  private static Validation jing(String schema, List<Path> files) throws Exception {
    Path jing = Path.of("/usr/bin/jing");
    assertThat(jing).as("jing is needed (apt-get install jing)").isExecutable();
    Path rnc = TestServer.root().resolve("webapp/src/test/resources/das16/" + schema + ".rnc");
    List<String> cmd = new ArrayList<>(List.of(jing.toString(), "-c", rnc.toString()));
    files.forEach(f -> cmd.add(f.toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    // Debian's wrapper warns about optional jars it does not need; only validation errors matter
    String errors = out.lines().filter(l -> !l.startsWith("[warning]")).reduce("", (a, b) -> a + b + "\n");
    return new Validation(p.exitValue(), errors);
  }
}
