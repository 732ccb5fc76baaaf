package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The home page's files and the status API behind it, over HTTP (the browser test drives the page itself): the
 * page and igv.js from the jar with ETags and gzip, nothing else of the classpath, and the JSON the page reads.
 */
@ExtendWith(HomePageIT.Server.class)
class HomePageIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  static String base;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  private static JsonNode json(String path) {
    Http.Response r = Http.get(base + path);
    assertThat(r.status()).as(path).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    try {
      return JSON.readTree(r.decoded());
    } catch (IOException e) {
      throw new AssertionError(r.text(), e);
    }
  }

  @Test
  void homePageIsServedAtTheRootAndRevalidated() {
    Http.Response r = Http.get(base + "/");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("text/html");
    assertThat(r.text()).contains("<title>DasGrid</title>", "vendor/igv/dist/igv.min.js", "app.js", "app.css");
    assertThat(r.header("Cache-Control")).isEqualTo("no-cache");
    Http.Response again = Http.get(base + "/", "If-None-Match", r.header("ETag"));
    assertThat(again.status()).isEqualTo(304);
    assertThat(Http.get(base + "/app.js").header("Content-Type")).startsWith("text/javascript");
    assertThat(Http.get(base + "/app.css").header("Content-Type")).startsWith("text/css");
  }

  /**
   * The genotype form has the analytics arguments (contract section 7) where they fit, and the script sends them
   * by the API's names; HomePageBrowserIT drives them in a browser against the API's answers.
   */
  @Test
  void genotypeFormHasTheAnalyticsFields() {
    String page = Http.get(base + "/").text();
    for (String field : List.of("input name=\"stats\" type=\"checkbox\"", "input name=\"cases\"",
        "input name=\"top\"", "select name=\"by\"", "option value=\"assoc_p\"", "input name=\"filters\"",
        "input name=\"start\"", "input name=\"end\"", "id=\"genotype-count\"")) {
      assertThat(page).as(field).contains(field);
    }
    String script = Http.get(base + "/app.js").text();
    assertThat(script).contains("q.set('stats', 'true')", "q.set('cases'", "q.set('top'", "q.set('by'",
        "new URLSearchParams(form.filters.value", "['start', 'end']", "/count?", "'hwe_p'", "'assoc_p'");
  }

  @Test
  void igvJsFromNpmIsBundledAndServedCompressed() throws IOException {
    Http.Response r = Http.get(base + "/vendor/igv/dist/igv.min.js", "Accept-Encoding", "gzip");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Encoding")).isEqualTo("gzip");
    assertThat(r.header("Cache-Control")).contains("max-age");
    assertThat(r.decoded().length).isGreaterThan(500_000);
    assertThat(r.body().length).isLessThan(r.decoded().length / 2);
    // the version served is the one package.json pins
    JsonNode served = JSON.readTree(Http.get(base + "/vendor/igv/package.json").decoded());
    JsonNode pinned = JSON.readTree(Files.readString(TestServer.root().resolve("webapp/frontend/package.json")));
    assertThat(served.path("version").asText()).isEqualTo(pinned.path("dependencies").path("igv").asText());
    assertThat(Http.get(base + "/vendor/igv/LICENSE").status()).isEqualTo(404); // no extension: not served
  }

  @ParameterizedTest
  @ValueSource(strings = {"/no/such/page", "/examples/dasgrid.yaml", "/static/app.js", "/..%2fpom.xml",
      "/org/dasgrid/webapp/Main.class", "/.hidden.js", "/META-INF/MANIFEST.MF"})
  void nothingElseOfTheClasspathIsServed(String path) {
    Http.Response r = Http.raw(base, path);
    assertThat(r.status()).as(path).isIn(400, 404);
  }

  @Test
  void statusApiListsEverySourceWithStateSizeCoordinatesAndLinks() {
    JsonNode all = json("/api/sources");
    assertThat(all.path("ready").asBoolean()).isTrue();
    assertThat(all.path("server").asText()).startsWith("DasGrid/");
    JsonNode dmel = all.path("sources").get(0);
    assertThat(dmel.path("id").asText()).isEqualTo("dmel");
    assertThat(dmel.path("state").asText()).isEqualTo("ready");
    assertThat(dmel.path("records").asLong()).isEqualTo(49_981);
    assertThat(dmel.path("references").asInt()).isEqualTo(15);
    assertThat(dmel.path("coordinates").path("authority").asText()).isEqualTo("BDGP");
    assertThat(dmel.path("coordinates").path("taxid").asInt()).isEqualTo(7227);
    assertThat(dmel.path("defaultLocus").asText()).isEqualTo("2L:1-10000");
    assertThat(dmel.path("genotypes").asBoolean()).isFalse();
    assertThat(dmel.path("sequence").asBoolean()).isFalse();
    assertThat(dmel.path("links").path("features").asText()).isEqualTo(base + "/das/dmel/features");
    JsonNode ce = all.path("sources").get(1);
    assertThat(ce.path("sequence").asBoolean()).isTrue();
    // the first feature of WormBase's chromosome I lies 4.58 Mb in: the view opens there, not on an empty range
    assertThat(ce.path("defaultLocus").asText()).isEqualTo("I:4580693-4590692");
    assertThat(json("/api/sources/ce_ws199").path("records").asInt()).isEqualTo(177);
  }

  @Test
  void chromSizesGivesEveryReferenceWithItsLength() {
    Http.Response r = Http.get(base + "/api/sources/dmel/chrom.sizes");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("text/plain");
    assertThat(r.text().split("\n")).hasSize(15).contains("2L\t23011546");
  }

  @Test
  void searchFindsFeaturesByNameOrIdIgnoringCase() {
    JsonNode byName = json("/api/sources/dmel/search?q=CG11023").path("results");
    assertThat(byName.get(0).path("id").asText()).isEqualTo("FBgn0031208");
    assertThat(byName.get(0).path("type").asText()).isEqualTo("gene");
    assertThat(byName.get(0).path("chromosome").asText()).isEqualTo("2L");
    assertThat(byName.get(0).path("start").asInt()).isEqualTo(7529);
    assertThat(byName.get(0).path("end").asInt()).isEqualTo(9484);
    JsonNode byId = json("/api/sources/dmel/search?q=fbgn0031208").path("results");
    assertThat(byId).hasSize(1);
    assertThat(byId.get(0).path("name").asText()).isEqualTo("CG11023");
    assertThat(json("/api/sources/dmel/search?q=CG11023&limit=2").path("results")).hasSize(2);
    assertThat(json("/api/sources/dmel/search?q=no-such-feature").path("results")).isEmpty();
    Http.Response missing = Http.get(base + "/api/sources/dmel/search");
    assertThat(missing.status()).isEqualTo(400);
    assertThat(missing.text()).contains("\"status\":400");
  }
}
