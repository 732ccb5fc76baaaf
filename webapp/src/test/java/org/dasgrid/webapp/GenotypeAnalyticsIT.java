package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
  })
  void badValuesAre400sNamingTheArgument(String args, String named) throws IOException {
    Http.Response r = Http.get(base + "segment=1&zygosity=any&" + args);
    assertThat(r.status()).as(r.text()).isEqualTo(400);
    JsonNode error = JSON.readTree(r.text()).get("error");
    assertThat(error.get("status").asInt()).isEqualTo(400);
    assertThat(error.get("message").asText()).contains(named);
  }
}
