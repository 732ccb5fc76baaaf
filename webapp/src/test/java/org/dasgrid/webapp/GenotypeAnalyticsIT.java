package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.webapp.genotypes.AnalyticsAnswerCache;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The analytics arguments of {@code /genotypes/{source}/variants} over HTTP on the bundled CEU source: paging
 * (every page's rows together equal the unpaged answer exactly, JSON and NDJSON), top-N against the full
 * statistics, and every bad value a 400 naming its argument. The numbers themselves are checked against PLINK
 * and bcftools in the perf module's {@code CohortStatsCrossCheckIT}.
 */
class GenotypeAnalyticsIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static TestServer server;
  static String base;

  @BeforeAll
  static void start() {
    server = TestServer.start((java.nio.file.Path) null);
    base = server.base() + "/genotypes/ceu/variants?";
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static JsonNode get(String query) throws IOException {
    Http.Response r = Http.get(base + query);
    assertThat(r.status()).as("%s: %s", query, r.text()).isEqualTo(200);
    return JSON.readTree(r.text());
  }

  @ParameterizedTest(name = "{0} by {1}")
  @CsvSource(delimiter = '|', value = {
    "segment=1&zygosity=any | 1",
    "segment=1&zygosity=any | 37",
    "segment=1&segment=2:1,100000000&segment=22&zygosity=het&stats=true | 50",
    "segment=1&zygosity=any&samples=NA06984,NA06986,NA07000,NA12878&stats=true | 3",
    "segment=1&segment=17&zygosity=any&cases=NA06984,NA06986,NA07000,NA12878&type=snv&af=0.01,0.5 | 11",
  })
  void everyPageTogetherIsTheUnpagedAnswer(String query, int page) throws IOException {
    JsonNode whole = get(query);
    assertThat(whole.has("next")).isFalse();
    List<JsonNode> rows = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      JsonNode p = get(query + "&limit=" + page + (cursor == null ? "" : "&cursor=" + cursor));
      p.get("variants").forEach(rows::add);
      assertThat(p.get("count").asInt()).isLessThanOrEqualTo(page);
      cursor = p.has("next") ? p.get("next").asText() : null;
      if (cursor != null) {
        assertThat(p.get("count").asInt()).as("a page with a next cursor is full").isEqualTo(page);
      }
      pages++;
    } while (cursor != null && pages < 100_000);
    assertThat(JSON.valueToTree(rows).toString()).isEqualTo(whole.get("variants").toString());
    assertThat(rows.size()).isGreaterThan(page);
  }

  /**
   * A repeated analytics question is answered from the rendered-answer cache: the same bytes up to the
   * timings, its own timings, and the header saying so; {@code Cache-Control: no-cache} renders it again
   * (the same bytes), JSON and NDJSON are kept apart, and a bad value is still a 400.
   */
  @ParameterizedTest
  @CsvSource({"application/json", "application/x-ndjson"})
  void aRepeatedQuestionIsAnsweredFromTheCacheWithItsOwnTimings(String accept) throws IOException {
    // a query no other test asks, one per format
    String url = base + "segment=1:1,20000000&zygosity=any&stats=true&top=" + (accept.contains("ndjson") ? 8 : 7)
        + "&by=hwe_p&samples=NA06984,NA06986,NA07000,NA12878,NA06989";
    Http.Response first = Http.get(url, "Accept", accept);
    Http.Response again = Http.get(url, "Accept", accept);
    Http.Response rendered = Http.get(url, "Accept", accept, "Cache-Control", "no-cache");
    assertThat(first.status()).as(first.text()).isEqualTo(200);
    assertThat(first.header(AnalyticsAnswerCache.HEADER)).isEqualTo("miss");
    assertThat(again.header(AnalyticsAnswerCache.HEADER)).isEqualTo("hit");
    assertThat(rendered.header(AnalyticsAnswerCache.HEADER)).isEqualTo("miss");
    String timings = ",\"elapsed_db_ms\":";
    String body = first.text();
    assertThat(body).contains("\"hwe_p\"").endsWith("}\n");
    for (Http.Response r : List.of(again, rendered)) {
      String t = r.text();
      assertThat(t.substring(0, t.lastIndexOf(timings))).isEqualTo(body.substring(0, body.lastIndexOf(timings)));
      assertThat(t.substring(t.lastIndexOf(timings))).matches(",\"elapsed_db_ms\":[0-9.E-]+,\"elapsed_ms\":[0-9.E-]+\\}\n");
      assertThat(r.header("Server-Timing")).startsWith("elapsed_db;dur=");
    }
    String other = accept.equals("application/json") ? "application/x-ndjson" : "application/json";
    assertThat(Http.get(url, "Accept", other).header(AnalyticsAnswerCache.HEADER)).as("formats kept apart")
        .isEqualTo("miss");
    assertThat(Http.get(url.replace("&by=hwe_p", "&by=nothing")).status()).isEqualTo(400);
  }

  /**
   * A kept answer goes out gzip-compressed (from its form compressed once) to a client that accepts gzip, with
   * its length, and decompresses to exactly the plain answer but for its own timings; a client that does not
   * send Accept-Encoding, or refuses gzip ({@code q=0}), gets it plain. A rendered answer decompresses to the
   * same bytes too.
   */
  @ParameterizedTest
  @CsvSource({"application/json", "application/x-ndjson"})
  void aKeptAnswerGoesOutGzipToClientsThatAcceptIt(String accept) throws IOException {
    String url = base + "segment=1&segment=2&zygosity=any&stats=true&limit=" + (accept.contains("ndjson") ? 401 : 400);
    Http.Response plain = Http.get(url, "Accept", accept);
    assertThat(plain.status()).as(plain.text()).isEqualTo(200);
    assertThat(plain.header("Content-Encoding")).isNull();
    String timings = ",\"elapsed_db_ms\":";
    String body = plain.text();
    String before = body.substring(0, body.lastIndexOf(timings));
    assertThat(before.length()).as("a few hundred rows").isGreaterThan(10_000);
    for (String ae : List.of("gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.8, *;q=0.1")) {
      Http.Response gz = Http.get(url, "Accept", accept, "Accept-Encoding", ae);
      assertThat(gz.status()).isEqualTo(200);
      assertThat(gz.header(AnalyticsAnswerCache.HEADER)).isEqualTo("hit");
      assertThat(gz.header("Content-Encoding")).as(ae).isEqualTo("gzip");
      assertThat(gz.header("Vary")).contains("Accept-Encoding");
      assertThat(gz.header("Content-Type")).startsWith(accept);
      assertThat(gz.header("Content-Length")).isEqualTo(Integer.toString(gz.body().length));
      assertThat(gz.body().length).as("compressed").isLessThan(body.length() / 3);
      String t = new String(gunzip(gz.body()), java.nio.charset.StandardCharsets.UTF_8);
      assertThat(t.substring(0, t.lastIndexOf(timings))).isEqualTo(before);
      assertThat(t.substring(t.lastIndexOf(timings))).matches(",\"elapsed_db_ms\":[0-9.E-]+,\"elapsed_ms\":[0-9.E-]+\\}\n");
    }
    for (String[] h : List.of(new String[] {"Accept", accept}, new String[] {"Accept", accept, "Accept-Encoding",
        "gzip;q=0"}, new String[] {"Accept", accept, "Accept-Encoding", "identity"})) {
      Http.Response r = Http.get(url, h);
      assertThat(r.header(AnalyticsAnswerCache.HEADER)).isEqualTo("hit");
      assertThat(r.header("Content-Encoding")).as(String.join(" ", h)).isNull();
      String t = new String(r.body(), java.nio.charset.StandardCharsets.UTF_8);
      assertThat(t.substring(0, t.lastIndexOf(timings))).isEqualTo(before);
    }
    Http.Response rendered = Http.get(url, "Accept", accept, "Accept-Encoding", "gzip", "Cache-Control", "no-cache");
    assertThat(rendered.header(AnalyticsAnswerCache.HEADER)).isEqualTo("miss");
    String t = rendered.text();
    assertThat(t.substring(0, t.lastIndexOf(timings))).isEqualTo(before);
  }

  private static byte[] gunzip(byte[] b) throws IOException {
    try (var in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(b))) {
      return in.readAllBytes();
    }
  }

  @Test
  void ndjsonPagesCarryTheCursorInTheSummaryLine() throws IOException {
    Http.Response r = Http.get(base + "segment=1&zygosity=any&limit=5", "Accept", "application/x-ndjson");
    String[] lines = r.text().strip().split("\n");
    assertThat(lines).hasSize(6);
    JsonNode summary = JSON.readTree(lines[5]);
    assertThat(summary.get("count").asInt()).isEqualTo(5);
    JsonNode next = get("segment=1&zygosity=any&limit=1&cursor=" + summary.get("next").asText());
    JsonNode sixth = get("segment=1&zygosity=any&limit=6").get("variants").get(5);
    assertThat(next.get("variants").get(0)).isEqualTo(sixth);
  }

  @Test
  void topByHweIsTheSmallestOfTheFullStatistics() throws IOException {
    JsonNode all = get("segment=1&segment=16&zygosity=any&stats=true").get("variants");
    List<Double> ps = new ArrayList<>();
    all.forEach(v -> ps.add(v.get("hwe_p").asDouble()));
    ps.sort(null);
    JsonNode top = get("segment=1&segment=16&zygosity=any&top=5&by=hwe_p").get("variants");
    assertThat(top).hasSize(5);
    for (int i = 0; i < 5; i++) {
      assertThat(top.get(i).get("hwe_p").asDouble()).isEqualTo(ps.get(i));
      assertThat(top.get(i).has("f")).isTrue();
    }
  }

  @Test
  void caseControlRowsCarryBothGroups() throws IOException {
    JsonNode v = get("segment=1:1105366,1200000&zygosity=any&cases=NA06984,NA06986,NA06989,NA06994,NA07000")
        .get("variants").get(0);
    assertThat(v.get("cases").get("an").asInt() + v.get("controls").get("an").asInt())
        .isEqualTo(v.get("an").asInt());
    assertThat(v.get("cases").get("ac").asInt() + v.get("controls").get("ac").asInt())
        .isEqualTo(v.get("ac").asInt());
    assertThat(v.has("assoc_p")).isTrue();
    assertThat(v.has("odds_ratio")).isTrue();
    assertThat(v.has("hwe_p")).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "stats=maybe | stats",
    "cases=NOPE | cases",
    "cases= | cases",
    "controls=NA06984 | controls",
    "cases=NA06984&controls=NA06984 | controls",
    "samples=NA06984,NA06986&cases=NA07000 | cases",
    "top=x | top",
    "top=3&by=foo | by",
    "by=hwe_p | by",
    "top=3&by=assoc_p | cases",
    "type=snp | type",
    "min_length=-1 | min_length",
    "max_length=2.5 | max_length",
    "min_length=5&max_length=2 | min_length",
    "allelic=triallelic | allelic",
    "af=a,b | af",
    "af=0.5 | af",
    "af=0.5,0.1 | af",
    "af=NaN, | af",
    "cursor=garbage | cursor",
    "cursor=MQkxCQ | cursor",
    "top=3&cursor=MQkxCTExMDUzNjYJQwlUCTA | cursor",
    "start=5,2 | start",
    "start=x,10 | start",
    "start=0,10 | start",
    "start=1,2,3 | start",
    "start=, | start",
    "start= | start",
    "end=100,-5 | end",
    "end=99999999999 | end",
    "end=10,1&start=1,5 | end",
  })
  void badValuesAre400sNamingTheArgument(String args, String named) throws IOException {
    badValue(base + "segment=1&zygosity=any&" + args, named);
    // a count reads the same filters and names the same mistakes; the arguments that shape rows it refuses first
    String countNamed = java.util.stream.Stream.of("stats", "cases", "controls", "top", "by", "cursor")
        .filter(n -> ("&" + args).contains("&" + n + "=")).findFirst().orElse(named);
    badValue(base.replace("/variants?", "/count?") + "segment=1&zygosity=any&" + args, countNamed);
  }

  private static void badValue(String url, String named) throws IOException {
    Http.Response r = Http.get(url);
    assertThat(r.status()).as("%s: %s", url, r.text()).isEqualTo(400);
    JsonNode error = JSON.readTree(r.text()).get("error");
    assertThat(error.get("status").asInt()).isEqualTo(400);
    assertThat(error.get("message").asText()).as(url).contains(named);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "zygosity=any&start=1,100000 | start",
    "zygosity=any&end=5000,6000 | end",
  })
  void aBracketWithoutItsContigIsA400NamingIt(String args, String named) throws IOException {
    badValue(base + args, named);
    badValue(base.replace("/variants?", "/count?") + args, named);
  }

  /** Rows kept by a bracket are those whose POS and END (here, SNVs and short indels: POS + len(REF) - 1) fit it. */
  @Test
  void bracketsKeepTheRowsWhoseStartAndEndFit() throws IOException {
    JsonNode all = get("segment=1&zygosity=any").get("variants");
    JsonNode some = get("segment=1&zygosity=any&start=1100000,50000000&end=1105400,40000000").get("variants");
    List<String> expected = new ArrayList<>();
    for (JsonNode v : all) {
      long pos = v.get("pos").asLong();
      long end = pos + v.get("ref").asText().length() - 1;
      if (pos >= 1100000 && pos <= 50000000 && end >= 1105400 && end <= 40000000) {
        expected.add(v.toString());
      }
    }
    List<String> ours = new ArrayList<>();
    some.forEach(v -> ours.add(v.toString()));
    assertThat(ours).isEqualTo(expected).isNotEmpty().hasSizeLessThan(all.size());
    JsonNode exact = get("segment=1&zygosity=any&start=" + some.get(0).get("pos").asLong()).get("variants");
    assertThat(exact).isNotEmpty().allSatisfy(v -> assertThat(v.get("pos")).isEqualTo(some.get(0).get("pos")));
  }

  /** A filtered count says as much as the variants rows of the same arguments, with the engine's time. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "segment=1&segment=17&zygosity=any&type=snv&af=0.1,",
    "segment=1&zygosity=het&samples=NA06984,NA06986,NA07000&allelic=biallelic&af=,0.2",
    "segment=21&segment=22&zygosity=any&allelic=multiallelic",
    "segment=1&zygosity=any&start=1100000,1500000&end=1100010,",
    "segment=22&zygosity=any&ref=A,G&alt=C,T&min_length=1&max_length=1",
  })
  void filteredCountEqualsTheVariantsRows(String args) throws IOException {
    JsonNode rows = get(args);
    Http.Response r = Http.get(base.replace("/variants?", "/count?") + args);
    assertThat(r.status()).as(r.text()).isEqualTo(200);
    JsonNode count = JSON.readTree(r.text());
    long het = 0;
    long hom = 0;
    for (JsonNode v : rows.get("variants")) {
      het += v.get("het").asLong();
      hom += v.get("hom").asLong();
    }
    assertThat(count.get("variants").asLong()).isEqualTo(rows.get("count").asLong()).isPositive();
    assertThat(count.get("het").asLong()).isEqualTo(het);
    assertThat(count.get("hom").asLong()).isEqualTo(hom);
    assertThat(count.get("samples").asLong()).isPositive();
    assertThat(count.get("elapsed_db_ms").isNumber()).isTrue();
    assertThat(count.get("elapsed_ms").isNumber()).isTrue();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "stats=true | stats",
    "cases=NA06984 | cases",
    "top=3 | top",
    "cursor=MQkxCTExMDUzNjYJQwlUCTA | cursor",
  })
  void countRefusesTheArgumentsThatShapeRows(String args, String named) throws IOException {
    badValue(base.replace("/variants?", "/count?") + "segment=1&zygosity=any&" + args, named);
  }

}
