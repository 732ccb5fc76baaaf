package org.dasgrid.webapp.access;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.dasgrid.core.config.AccessLevel;
import org.dasgrid.core.config.Tier;
import org.dasgrid.core.config.Tiers;
import org.dasgrid.webapp.BeaconSchemaCheck;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Controlled access over HTTP, with a test issuer and DAC made here: every endpoint the server has (derived from
 * {@code /openapi.json}, the DAS commands it dispatches and the Beacon routes of {@code /map}) must have a tier
 * in {@link EndpointTiers}, and each is asked by the three caller kinds — anonymous, registered, granted — with
 * the status its tier allows (401 without a token, 403 without the visa, naming what is missing). Lists and
 * configs show a source only to callers who can open it; small counts are floored below the controlled tier;
 * Beacon answers each caller at its granularity, valid against the Beacon v2 schemas; the audit log has a line
 * per answer above the public tier.
 */
class TieredAccessIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final BeaconSchemaCheck CHECK = new BeaconSchemaCheck();
  /** The cohort's tiers, as the config below says. */
  static final Tiers COHORT = new Tiers(AccessLevel.PUBLIC, AccessLevel.REGISTERED, AccessLevel.CONTROLLED);
  static final String REGION = "segment=1:1105366,1200000";
  @TempDir static Path dir;
  static TestIssuers issuers;
  static TestServer server;
  static String base;
  static Map<String, String> callers;
  static List<String> samples;
  static Map<String, String> sex = new LinkedHashMap<>();

  @BeforeAll
  static void start() throws IOException {
    issuers = new TestIssuers().write(dir);
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("cohort.vcf.gz"));
    Files.copy(TestServer.example("ceu_exon.vcf.gz"), dir.resolve("other.vcf.gz"));
    Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("open.gff"));
    samples = vcfSamples(dir.resolve("cohort.vcf.gz"));
    StringBuilder sheet = new StringBuilder("sample\tsex\tpopulation\tphenotype\tfamily\n");
    for (int i = 0; i < samples.size(); i++) {
      String s = i % 3 == 0 ? "female" : i % 3 == 1 ? "male" : "unknown";
      sex.put(samples.get(i), s);
      sheet.append(samples.get(i)).append('\t').append(s).append('\t').append(i < 60 ? "CEU" : "TSI").append('\t')
          .append(i % 2 == 0 ? "affected" : "unaffected").append('\t').append("F").append(i / 3).append('\n');
    }
    Files.writeString(dir.resolve("cohort.tsv"), sheet);
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          rateLimit: {enabled: false}
          auditLog: audit/audit.jsonl
        %s
        sources:
          - {id: open, format: gff2, path: open.gff}
          - {id: cohort, title: Cohort A, format: vcf, path: cohort.vcf.gz, genotypes: true, samples: cohort.tsv,
             dataset: "%s", tiers: {aggregate: public, variants: registered, genotypes: controlled}, minCount: 5}
          - {id: other, title: Cohort B, format: vcf, path: other.vcf.gz, genotypes: true, dataset: "%s",
             tiers: {aggregate: registered, variants: registered, genotypes: controlled}}
        """.formatted(TestIssuers.authYaml("login.jwks.json"), TestIssuers.DATASET_A, TestIssuers.DATASET_B));
    server = TestServer.start(dir.resolve("dasgrid.yaml"), "off");
    base = server.base();
    callers = new LinkedHashMap<>();
    callers.put("anonymous", null);
    callers.put("registered", issuers.registered());
    callers.put("granted", issuers.granted());
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  static List<String> vcfSamples(Path vcf) throws IOException {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(vcf)),
        StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        if (line.startsWith("#CHROM")) {
          String[] f = line.split("\t");
          return List.of(f).subList(9, f.length);
        }
      }
    }
    throw new IllegalStateException("no header in " + vcf);
  }

  static Http.Response send(String method, String pathAndQuery, String token, String body, String... headers) {
    List<String> h = new ArrayList<>(List.of(headers));
    if (token != null) {
      h.add("Authorization");
      h.add("Bearer " + token);
    }
    if (body != null) {
      h.add("Content-Type");
      h.add("text/plain");
    }
    return Http.method(method, base + pathAndQuery, body, h.toArray(String[]::new));
  }

  /** The message of a DAS error document, read with an XML parser (not the server's writer). */
  static String dasErrorMessage(String xml) throws IOException {
    try {
      var factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      var doc = factory.newDocumentBuilder().parse(new java.io.ByteArrayInputStream(
          xml.getBytes(StandardCharsets.UTF_8)));
      assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("DASERROR");
      return doc.getDocumentElement().getTextContent();
    } catch (javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException e) {
      throw new AssertionError("not a DAS error document: " + xml, e);
    }
  }

  static JsonNode json(Http.Response r) throws IOException {
    return JSON.readTree(r.text());
  }

  // ---- the table: every endpoint, every caller

  /** One endpoint as the server lists it ({@code /genotypes/{source}/count}), made concrete for the cohort. */
  record Endpoint(String method, String template, String pathAndQuery, String body, boolean expectOk) {}

  static final Map<String, String> QUERIES = Map.ofEntries(
      Map.entry("/das/{source}/features", "?" + REGION),
      Map.entry("/genotypes/{source}/variants", "?" + REGION),
      Map.entry("/genotypes/{source}/samples", "?" + REGION),
      Map.entry("/genotypes/{source}/count", "?" + REGION),
      Map.entry("/genotypes/{source}/hom-ref", "?segment=1:1105366,1105366"),
      Map.entry("/genotypes/{source}/sample-counts", "?" + REGION),
      Map.entry("/genotypes/{source}/strata", "?" + REGION + "&by=population"),
      Map.entry("/genotypes/{source}/kinship", "?samples=NA06984,NA06985"),
      Map.entry("/api/sources/{source}/search", "?q=rs111751804"),
      Map.entry("/beacon/v2/g_variants", "?referenceName=1&start=1105365&referenceBases=T&alternateBases=C"));
  /** Endpoints whose concrete request above is a good one: allowed, they answer 200. */
  static final Set<String> OK = Set.of("/das/{source}/features", "/das/{source}/types", "/das/{source}/entry_points",
      "/genotypes/{source}/variants", "/genotypes/{source}/samples", "/genotypes/{source}/count",
      "/genotypes/{source}/kinship", "/genotypes/{source}/strata",
      "/genotypes/{source}/sample-counts", "/genotypes/{source}/hom-ref", "/api/sources/{source}",
      "/htsget/variants/{id}", "/files/{source}/{file}");

  static String concrete(String template) {
    String path = template.replace("/htsget/blocks/{source}/{key}", "/htsget/blocks/cohort/nokey")
        .replace("/g_variants/{id}", "/g_variants/1:1105366:T:C")
        .replace("/htsget/variants/{id}", "/htsget/variants/cohort")
        .replace("/refget/sequence/{id}", "/refget/sequence/00000000000000000000000000000000")
        .replace("{source}", "cohort").replace("{file}", "cohort.vcf.gz").replace("{id}", "NA06984");
    return path + QUERIES.getOrDefault(template, "");
  }

  /** Every endpoint: openapi.json's paths and methods, every DAS command, every Beacon entry type's routes. */
  static List<Endpoint> endpoints() throws IOException {
    Set<String> seen = new LinkedHashSet<>();
    List<Endpoint> out = new ArrayList<>();
    JsonNode openapi = json(Http.get(base + "/openapi.json"));
    openapi.get("paths").fields().forEachRemaining(e -> e.getValue().fieldNames().forEachRemaining(m -> {
      String method = m.toUpperCase(java.util.Locale.ROOT);
      String template = e.getKey();
      if (seen.add(method + " " + template)) {
        String body = method.equals("POST") && template.startsWith("/genotypes/") ? "rs111751804 C 1.0\n" : null;
        if (method.equals("POST") && body == null) {
          body = "{}";
        }
        out.add(new Endpoint(method, template, concrete(template), body, OK.contains(template)
            && method.equals("GET")));
      }
    }));
    for (String command : server.server().app().das().commandNames()) {
      String template = EndpointTiers.DAS_SERVER.contains(command) && !command.equals("sources")
          ? "/das/" + command : "/das/{source}/" + command;
      if (seen.add("GET " + template)) {
        out.add(new Endpoint("GET", template, concrete(template), null, OK.contains(template)));
      }
    }
    JsonNode map = json(Http.get(base + "/beacon/v2/map"));
    map.at("/response/endpointSets").forEach(set -> {
      for (String url : List.of(set.path("rootUrl").asText(), set.path("singleEntryUrl").asText())) {
        String template = url.substring(base.length());
        if (!template.isEmpty() && seen.add("GET " + template)) {
          out.add(new Endpoint("GET", template, concrete(template), null, false));
        }
      }
    });
    out.add(new Endpoint("GET", "/beacon/v2/g_variants/{id}/individuals",
        "/beacon/v2/g_variants/1:1105366:T:C/individuals", null, true));
    return out;
  }

  @Test
  void everyEndpointHasATier() throws IOException {
    EndpointTiers tiers = new EndpointTiers(List.of());
    List<String> without = endpoints().stream()
        .filter(e -> !tiers.route(e.pathAndQuery().replaceAll("\\?.*", ""), e.method(), null).known())
        .map(e -> e.method() + " " + e.template()).toList();
    assertThat(without).as("endpoints without an access tier (add them to EndpointTiers)").isEmpty();
    // and a servlet mapped where the table does not look would stop the server from starting
    assertThat(EndpointTiers.uncovered(List.of("/das/*", "/genotypes/*", "/export/*"))).containsExactly("/export/*");
    assertThat(tiers.route("/genotypes/cohort/export", "GET", null).known()).isFalse();
    assertThat(tiers.route("/genotypes/cohort/export", "GET", null).tier()).contains(Tier.GENOTYPES);
  }

  @TestFactory
  Stream<DynamicTest> everyEndpointAtEveryTierForEveryCaller() throws IOException {
    EndpointTiers tiers = new EndpointTiers(server.server().app().config().sources());
    List<DynamicTest> tests = new ArrayList<>();
    for (Endpoint e : endpoints()) {
      for (Map.Entry<String, String> c : callers.entrySet()) {
        tests.add(DynamicTest.dynamicTest(c.getKey() + " " + e.method() + " " + e.pathAndQuery(), () -> {
          String path = e.pathAndQuery().replaceAll("\\?.*", "");
          String query = e.pathAndQuery().contains("?") ? e.pathAndQuery().replaceAll("^[^?]*\\?", "") : null;
          Route route = tiers.route(path, e.method(), query);
          Http.Response r = send(e.method(), e.pathAndQuery(), c.getValue(), e.body());
          boolean cohort = route.source().filter("cohort"::equals).isPresent();
          AccessLevel needed = cohort ? COHORT.level(route.tier().orElseThrow()) : AccessLevel.PUBLIC;
          boolean allowed = switch (c.getKey()) {
            case "anonymous" -> needed == AccessLevel.PUBLIC;
            case "registered" -> needed != AccessLevel.CONTROLLED;
            default -> true;
          };
          if (allowed) {
            assertThat(r.status()).as("%s: %s", e, r.text()).isNotIn(401, 403);
            if (e.expectOk()) {
              assertThat(r.status()).as("%s: %s", e, r.text()).isEqualTo(200);
            }
          } else {
            int status = c.getValue() == null ? 401 : 403;
            assertThat(r.status()).as("%s: %s", e, r.text()).isEqualTo(status);
            assertThat(r.header("WWW-Authenticate")).startsWith("Bearer");
            String missing = c.getValue() == null ? "bearer token"
                : needed == AccessLevel.REGISTERED ? "ResearcherStatus visa"
                : "ControlledAccessGrants visa for dataset " + TestIssuers.DATASET_A;
            if (path.startsWith("/das/")) {
              // a DAS client gets a DAS error document, its message naming the tier and what is missing
              assertThat(r.header("Content-Type")).startsWith("text/xml");
              assertThat(r.header("X-DAS-Status")).isEqualTo("401");
              String message = dasErrorMessage(r.text());
              assertThat(message).contains("its " + route.tier().get().label() + " tier");
              assertThat(message).contains(c.getValue() == null ? "send a bearer token" : "carries no valid " + missing);
            } else {
              JsonNode error = json(r).get("error");
              assertThat(error.get("tier").asText()).isEqualTo(route.tier().get().label());
              assertThat(error.get("missing").asText()).isEqualTo(missing);
            }
          }
        }));
      }
    }
    return tests.stream();
  }

  // ---- refusals over HTTP

  @Test
  void aVisaForDatasetANeverOpensBAndBadTokensAre401() throws IOException {
    String granted = issuers.granted();
    Http.Response b = send("GET", "/genotypes/other/samples?" + REGION, granted, null);
    assertThat(b.status()).isEqualTo(403);
    assertThat(json(b).at("/error/missing").asText()).isEqualTo("ControlledAccessGrants visa for dataset "
        + TestIssuers.DATASET_B);
    assertThat(send("GET", "/genotypes/cohort/samples?" + REGION, granted, null).status()).isEqualTo(200);
    // an expired grant in a valid passport: registered, not granted
    String stale = issuers.token("sam", List.of(issuers.researcherVisa("sam"),
        issuers.grantVisa("sam", TestIssuers.DATASET_A, Instant.now().minusSeconds(3600))));
    Http.Response expired = send("GET", "/genotypes/cohort/samples?" + REGION, stale, null);
    assertThat(expired.status()).isEqualTo(403);
    assertThat(json(expired).at("/error/message").asText()).contains("Expired");
    assertThat(send("GET", "/genotypes/cohort/variants?" + REGION, stale, null).status()).isEqualTo(200);
    // tokens refused outright: 401 with the reason, on any endpoint but health
    String unsigned = "eyJhbGciOiJub25lIn0." + java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
        ("{\"iss\":\"" + TestIssuers.LOGIN + "\",\"sub\":\"x\",\"aud\":\"dasgrid\",\"exp\":" + (Instant.now()
            .getEpochSecond() + 600) + "}").getBytes(StandardCharsets.UTF_8)) + ".";
    String late = issuers.login.token("x", TestIssuers.AUDIENCE, Instant.now().minusSeconds(600), List.of());
    for (String bad : List.of(unsigned, late)) {
      Http.Response r = send("GET", "/das/sources", bad, null);
      assertThat(r.status()).isEqualTo(401);
      assertThat(r.header("WWW-Authenticate")).contains("invalid_token");
      assertThat(send("GET", "/health/ready", bad, null).status()).isEqualTo(200);
    }
    assertThat(dasErrorMessage(send("GET", "/das/sources", late, null).text())).contains("Expired");
    assertThat(json(send("GET", "/das/sources?format=json", late, null)).toString()).contains("Expired");
    // a static (non-JWT) bearer is no token of an issuer: an anonymous caller
    assertThat(send("GET", "/genotypes/cohort/variants?" + REGION, "not-a-jwt", null).status()).isEqualTo(401);
  }

  // ---- lists and configs

  @Test
  void sourcesAppearOnlyWhereTheCallerCanOpenThem() throws IOException {
    String reg = callers.get("registered");
    // DAS and the browsers serve variant records: the cohort only from the variants tier (registered)
    for (String list : List.of("/das/sources", "/das/dsn", "/jbrowse/config.json")) {
      assertThat(send("GET", list, null, null).text()).as(list).doesNotContain("cohort").doesNotContain("other");
      assertThat(send("GET", list, reg, null).text()).as(list).contains("cohort").contains("other");
    }
    assertThat(send("GET", "/igv/session.json", null, null).text()).doesNotContain("cohort");
    // the status API and Beacon's datasets list what the caller may at least count
    for (String list : List.of("/api/sources", "/beacon/v2/info", "/beacon/v2/datasets", "/health/ready")) {
      assertThat(send("GET", list, null, null).text()).as(list).contains("cohort").doesNotContain("\"other\"");
      assertThat(send("GET", list, reg, null).text()).as(list).contains("cohort").contains("\"other\"");
    }
    CHECK.assertValid(BeaconSchemaCheck.COLLECTIONS, json(send("GET", "/beacon/v2/datasets", reg, null)),
        BeaconSchemaCheck.DATASET);
    // the list's ETag differs by what the caller sees; a granted caller's tag never gets a 304 below the tier
    Http.Response forReg = send("GET", "/das/sources", reg, null);
    assertThat(forReg.header("ETag")).isNotEqualTo(send("GET", "/das/sources", null, null).header("ETag"));
    assertThat(forReg.header("Vary")).contains("Authorization");
    Http.Response types = send("GET", "/das/cohort/types", reg, null);
    assertThat(types.status()).isEqualTo(200);
    assertThat(send("GET", "/das/cohort/types", null, null, "If-None-Match", types.header("ETag")).status())
        .isEqualTo(401);
  }

  // ---- counts

  @Test
  void smallCountsAreFlooredBelowTheControlledTier() throws IOException {
    String q = "/genotypes/cohort/count?segment=1:1105366,1105366";
    Http.Response anon = send("GET", q, null, null);
    Http.Response granted = send("GET", q, callers.get("granted"), null);
    // one variant there (rs111751804); its carriers counted exactly only for the granted caller
    assertThat(json(granted).get("variants").asLong()).isEqualTo(1);
    assertThat(granted.header(CountRule.HEADER)).isNull();
    assertThat(json(anon).get("variants").asLong()).isEqualTo(5);
    assertThat(anon.header(CountRule.HEADER)).isEqualTo("5");
    long carriers = json(granted).get("samples").asLong();
    assertThat(json(anon).get("samples").asLong()).isEqualTo(carriers == 0 || carriers >= 5 ? carriers : 5);
    // Beacon: the same floor, said with countAdjustedTo
    String beacon = "/beacon/v2/g_variants?referenceName=1&start=1105365&referenceBases=T&alternateBases=C"
        + "&requestedGranularity=count";
    JsonNode a = json(send("GET", beacon, null, null));
    CHECK.assertValid(BeaconSchemaCheck.COUNT, a);
    assertThat(a.at("/responseSummary/numTotalResults").asLong()).isEqualTo(5);
    assertThat(a.at("/responseSummary/countAdjustedTo/0").asInt()).isEqualTo(5);
    assertThat(a.at("/responseSummary/countPrecision").asText()).isEqualTo("imprecise");
    JsonNode g = json(send("GET", beacon + "&datasetIds=cohort", callers.get("granted"), null));
    assertThat(g.at("/responseSummary/numTotalResults").asLong()).isEqualTo(1);
    assertThat(g.at("/responseSummary").has("countAdjustedTo")).isFalse();
  }

  // ---- Beacon per tier

  @Test
  void beaconAnswersEachCallerAtItsGranularity() throws IOException {
    String q = "/beacon/v2/g_variants?referenceName=1&start=1105365&referenceBases=T&alternateBases=C"
        + "&requestedGranularity=record&datasetIds=cohort";
    JsonNode anon = json(send("GET", q, null, null));
    CHECK.assertValid(BeaconSchemaCheck.COUNT, anon);
    assertThat(anon.at("/meta/returnedGranularity").asText()).isEqualTo("count");
    JsonNode reg = json(send("GET", q, callers.get("registered"), null));
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, reg);
    assertThat(reg.at("/meta/returnedGranularity").asText()).isEqualTo("record");
    assertThat(reg.at("/response/resultSets/0/results/0").has("caseLevelData")).isFalse();
    JsonNode granted = json(send("GET", q, callers.get("granted"), null));
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, granted);
    assertThat(granted.at("/response/resultSets/0/results/0/caseLevelData")).isNotEmpty();
  }

  @Test
  void beaconIndividualsFromTheSampleSheet() throws IOException {
    String granted = callers.get("granted");
    long females = sex.values().stream().filter("female"::equals).count();
    long femalesCeu = java.util.stream.IntStream.range(0, samples.size())
        .filter(i -> sex.get(samples.get(i)).equals("female") && i < 60).count();
    JsonNode terms = json(send("GET", "/beacon/v2/filtering_terms", null, null));
    CHECK.assertValid(BeaconSchemaCheck.FILTERING_TERMS, terms);
    assertThat(terms.at("/response/filteringTerms").findValuesAsText("id"))
        .contains("NCIT:C16576", "NCIT:C20197", "population:CEU", "population:TSI", "phenotype:affected");
    // anonymous: a count, the sheet's females
    JsonNode count = json(send("GET", "/beacon/v2/individuals?filters=NCIT:C16576&requestedGranularity=record"
        + "&datasetIds=cohort", null, null));
    CHECK.assertValid(BeaconSchemaCheck.COUNT, count);
    assertThat(count.at("/meta/returnedGranularity").asText()).isEqualTo("count");
    assertThat(count.at("/responseSummary/numTotalResults").asLong()).isEqualTo(females);
    // registered: still no records (they name samples)
    JsonNode reg = json(send("GET", "/beacon/v2/individuals?filters=NCIT:C16576,population:CEU"
        + "&requestedGranularity=record&datasetIds=cohort", callers.get("registered"), null));
    assertThat(reg.at("/meta/returnedGranularity").asText()).isEqualTo("count");
    assertThat(reg.at("/responseSummary/numTotalResults").asLong()).isEqualTo(femalesCeu);
    // granted: the records, by POSTed filters too
    String body = """
        {"meta": {"apiVersion": "v2.0.0"}, "query": {"filters": [{"id": "NCIT:C16576"}, {"id": "population:CEU"}],
         "requestedGranularity": "record", "pagination": {"skip": 0, "limit": 100},
         "requestParameters": {"datasetIds": ["cohort"]}}}""";
    JsonNode rec = json(Http.method("POST", base + "/beacon/v2/individuals", body, "Authorization",
        "Bearer " + granted, "Content-Type", "application/json"));
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, rec, BeaconSchemaCheck.INDIVIDUAL);
    JsonNode results = rec.at("/response/resultSets/0/results");
    assertThat(results.size()).isEqualTo((int) femalesCeu);
    results.forEach(i -> {
      assertThat(sex.get(i.get("id").asText())).isEqualTo("female");
      assertThat(i.at("/sex/id").asText()).isEqualTo("NCIT:C16576");
      assertThat(i.at("/info/population").asText()).isEqualTo("CEU");
    });
    JsonNode bios = json(send("GET", "/beacon/v2/biosamples?requestedGranularity=record&limit=5&datasetIds=cohort",
        granted, null));
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, bios, BeaconSchemaCheck.BIOSAMPLE);
    assertThat(bios.at("/response/resultSets/0/resultsCount").asInt()).isEqualTo(samples.size());
    // by variant: the carriers of rs111751804, as the VCF's genotypes say
    JsonNode carriers = json(send("GET", "/beacon/v2/g_variants/1:1105366:T:C/individuals?requestedGranularity=record"
        + "&limit=100&datasetIds=cohort", granted, null));
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, carriers, BeaconSchemaCheck.INDIVIDUAL);
    List<String> ids = new ArrayList<>();
    carriers.at("/response/resultSets/0/results").forEach(i -> ids.add(i.get("id").asText()));
    assertThat(ids).isNotEmpty().containsExactlyElementsOf(VcfCarriers.of(dir.resolve("cohort.vcf.gz"), "1", 1105366, "C"));
    // an unknown filtering term is a mistake, said
    assertThat(send("GET", "/beacon/v2/individuals?filters=NCIT:C0000", null, null).status()).isEqualTo(400);
  }

  // ---- the audit log

  @Test
  void answersAboveThePublicTierAreAudited() throws Exception {
    String granted = callers.get("granted");
    assertThat(send("GET", "/genotypes/cohort/samples?" + REGION + "&limit=3", granted, null).status()).isEqualTo(200);
    assertThat(send("GET", "/genotypes/cohort/count?segment=1:1105366,1105367", null, null).status()).isEqualTo(200);
    Path log = dir.resolve("audit/audit.jsonl");
    List<JsonNode> lines = new ArrayList<>();
    for (int i = 0; i < 50 && lines.stream().noneMatch(l -> l.path("query").asText().contains("limit=3")); i++) {
      Thread.sleep(100);
      lines.clear();
      if (Files.exists(log)) {
        for (String l : Files.readAllLines(log)) {
          lines.add(JSON.readTree(l));
        }
      }
    }
    JsonNode line = lines.stream().filter(l -> l.path("query").asText().contains("limit=3")).findFirst().orElseThrow();
    assertThat(line.get("subject").asText()).isEqualTo("grace");
    assertThat(line.get("issuer").asText()).isEqualTo(TestIssuers.LOGIN);
    assertThat(line.get("source").asText()).isEqualTo("cohort");
    assertThat(line.get("tier").asText()).isEqualTo("genotypes");
    assertThat(line.get("path").asText()).isEqualTo("/genotypes/cohort/samples");
    assertThat(line.get("status").asInt()).isEqualTo(200);
    assertThat(line.get("rows").asLong()).isEqualTo(3);
    assertThat(Instant.parse(line.get("time").asText())).isBefore(Instant.now().plusSeconds(1));
    // the public tier (an anonymous count) is not audited
    assertThat(lines).noneMatch(l -> l.path("query").asText().contains("1105367"));
  }
}
