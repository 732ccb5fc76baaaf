package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Beacon v2 on the bundled server (its {@code ceu} genotype source is the one dataset): every framework
 * endpoint and every {@code /g_variants} answer — boolean, count, record; GET and POST; every {@code
 * includeResultsetResponses}; errors — validates against the GA4GH schemas ({@link BeaconSchemaCheck}), the
 * records also against the genomicVariation model; counts agree between granularities and with the genotype API.
 */
@ExtendWith(BeaconIT.Server.class)
class BeaconIT {
  static final ObjectMapper JSON = new ObjectMapper();
  static final BeaconSchemaCheck CHECK = new BeaconSchemaCheck();
  static String beacon;
  static String base;

  static final class Server implements org.junit.jupiter.api.extension.BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
      beacon = base + "/beacon/v2";
    }
  }

  static JsonNode get(int status, String pathAndQuery) throws IOException {
    Http.Response r = Http.get(beacon + pathAndQuery);
    assertThat(r.status()).as("%s: %s", pathAndQuery, r.text()).isEqualTo(status);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    return JSON.readTree(r.text());
  }

  static JsonNode post(int status, String path, String body) throws IOException {
    Http.Response r = Http.method("POST", beacon + path, body, "Content-Type", "application/json");
    assertThat(r.status()).as("%s: %s", body, r.text()).isEqualTo(status);
    return JSON.readTree(r.text());
  }

  @ParameterizedTest
  @CsvSource({
    "'', framework/json/responses/beaconInfoResponse.json",
    "/, framework/json/responses/beaconInfoResponse.json",
    "/info, framework/json/responses/beaconInfoResponse.json",
    "/service-info, framework/json/responses/ga4gh-service-info-1-0-0-schema.json",
    "/configuration, framework/json/responses/beaconConfigurationResponse.json",
    "/map, framework/json/responses/beaconMapResponse.json",
    "/entry_types, framework/json/responses/beaconEntryTypesResponse.json",
    "/filtering_terms, framework/json/responses/beaconFilteringTermsResponse.json"})
  void frameworkEndpointsValidate(String path, String schema) throws IOException {
    JsonNode doc = get(200, path);
    CHECK.assertValid(schema, doc);
  }

  @Test
  void theHomePageLinksTheBeacon() throws IOException {
    assertThat(Http.get(base + "/").text()).contains("href=\"beacon/v2/info\"");
    CHECK.assertValid("framework/json/responses/beaconInfoResponse.json", JSON.readTree(Http.get(base
        + "/beacon/v2/info").text()));
  }

  @Test
  void frameworkDocumentsSayWhatIsServed() throws IOException {
    JsonNode info = get(200, "/info");
    assertThat(info.at("/response/info/datasets/0/id").asText()).isEqualTo("ceu");
    assertThat(info.at("/response/info/datasets/0/assemblyId").asText()).isEqualTo("NCBI36");
    assertThat(info.at("/response/info/datasets/0/samples").asInt()).isEqualTo(90);
    JsonNode map = get(200, "/map");
    assertThat(map.at("/response/endpointSets/genomicVariant/rootUrl").asText()).isEqualTo(beacon + "/g_variants");
    JsonNode service = get(200, "/service-info");
    assertThat(service.at("/type/artifact").asText()).isEqualTo("beacon");
    assertThat(service.at("/type/group").asText()).isEqualTo("org.ga4gh");
    assertThat(get(200, "/entry_types").at("/response/entryTypes/genomicVariant/defaultSchema/id").asText())
        .isEqualTo("ga4gh-beacon-variant-v2.0.0");
    // the schemas a record is said to follow are the ones the tests check it against
    assertThat(get(200, "/configuration").at("/response/entryTypes/genomicVariant/defaultSchema"
        + "/referenceToSchemaDefinition").asText()).endsWith(BeaconSchemaCheck.VARIANT);
  }

  /** rs111751804: 1:1105366 T>C in the CEU file, 0-based start 1105365. */
  @Test
  void aSequenceQueryAtEachGranularity() throws IOException {
    String q = "/g_variants?referenceName=1&start=1105365&referenceBases=T&alternateBases=C";
    JsonNode bool = get(200, q);
    CHECK.assertValid(BeaconSchemaCheck.BOOLEAN, bool);
    assertThat(bool.at("/responseSummary/exists").asBoolean()).isTrue();
    assertThat(bool.has("response")).isFalse();
    JsonNode count = get(200, q + "&requestedGranularity=count");
    CHECK.assertValid(BeaconSchemaCheck.COUNT, count);
    assertThat(count.at("/responseSummary/numTotalResults").asInt()).isEqualTo(1);
    JsonNode rec = get(200, q + "&requestedGranularity=record");
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, rec);
    JsonNode v = rec.at("/response/resultSets/0/results/0");
    assertThat(v.get("variantInternalId").asText()).isEqualTo("1:1105366:T:C");
    assertThat(v.at("/variation/location/interval/start/value").asInt()).isEqualTo(1105365);
    assertThat(v.at("/variation/location/interval/end/value").asInt()).isEqualTo(1105366);
    assertThat(v.at("/identifiers/variantAlternativeIds/0/id").asText()).isEqualTo("dbSNP:rs111751804");
    // the genotype API's counts for the same allele (1-based, inclusive segment)
    JsonNode gt = JSON.readTree(Http.get(base + "/genotypes/ceu/variants?segment=1:1105366,1105366&zygosity=any").text());
    JsonNode row = gt.get("variants").get(0);
    JsonNode f = v.at("/frequencyInPopulations/0/frequencies/0");
    assertThat(f.get("alleleCount").asInt()).isEqualTo(row.get("ac").asInt());
    assertThat(f.get("alleleNumber").asInt()).isEqualTo(row.get("an").asInt());
    assertThat(f.get("heterozygotes").asInt()).isEqualTo(row.get("het").asInt());
    assertThat(f.get("homozygotes").asInt()).isEqualTo(row.get("hom").asInt());
    assertThat(f.get("alleleFrequency").asDouble()).isEqualTo(row.get("af").asDouble());
    assertThat(v.has("caseLevelData")).as("a public source shows no samples by default").isFalse();
    // one off either side: nothing
    assertThat(get(200, "/g_variants?referenceName=1&start=1105366&alternateBases=C").at("/responseSummary/exists")
        .asBoolean()).isFalse();
    assertThat(get(200, "/g_variants?referenceName=1&start=1105364&alternateBases=C").at("/responseSummary/exists")
        .asBoolean()).isFalse();
    // aliases of the reference name work as in DAS
    assertThat(get(200, "/g_variants?referenceName=chr1&start=1105365&alternateBases=C").at("/responseSummary/exists")
        .asBoolean()).isTrue();
  }

  /** The checks can fail: broken copies of real answers are rejected (the VRS parts too). */
  @Test
  void theSchemasRejectBrokenAnswers() throws IOException {
    JsonNode rec = get(200, "/g_variants/1:1105366:T:C").at("/response/resultSets/0/results/0");
    assertThat(CHECK.errors(BeaconSchemaCheck.VARIANT, rec)).isEmpty();
    ObjectNode noLocation = rec.deepCopy();
    ((ObjectNode) noLocation.get("variation")).remove("location");
    ObjectNode badSequence = rec.deepCopy();
    ((ObjectNode) badSequence.at("/variation/location")).put("sequence_id", "no curie");
    ObjectNode badNumber = rec.deepCopy();
    ((ObjectNode) badNumber.at("/variation/location/interval/start")).put("type", "Integer");
    ObjectNode badBases = rec.deepCopy();
    ((ObjectNode) badBases.get("variation")).put("alternateBases", "<DEL>");
    for (ObjectNode broken : List.of(noLocation, badSequence, badNumber, badBases)) {
      assertThat(CHECK.errors(BeaconSchemaCheck.VARIANT, broken)).as("%s", broken).isNotEmpty();
    }
    ObjectNode count = get(200, "/g_variants?referenceName=1&requestedGranularity=count").deepCopy();
    ((ObjectNode) count.get("responseSummary")).remove("numTotalResults");
    assertThat(CHECK.errors(BeaconSchemaCheck.COUNT, count)).isNotEmpty();
    ObjectNode error = get(400, "/g_variants?start=x").deepCopy();
    error.remove("meta");
    assertThat(CHECK.errors(BeaconSchemaCheck.ERROR, error)).isNotEmpty();
  }

  @Test
  void oneVariantById() throws IOException {
    JsonNode rec = get(200, "/g_variants/1:1105366:T:C");
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, rec);
    assertThat(rec.at("/response/resultSets/0/results")).hasSize(1);
    JsonNode none = get(200, "/g_variants/1:1105366:T:G");
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, none);
    assertThat(none.at("/responseSummary/exists").asBoolean()).isFalse();
    CHECK.assertValid(BeaconSchemaCheck.ERROR, get(400, "/g_variants/1-1105366-T-C"));
    // the id says where and what, not on which assembly: assemblyId is checked here too
    assertThat(get(200, "/g_variants/1:1105366:T:C?assemblyId=hg18").at("/responseSummary/exists").asBoolean())
        .isTrue();
    JsonNode otherAssembly = get(200, "/g_variants/1:1105366:T:C?assemblyId=GRCh38");
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, otherAssembly);
    assertThat(otherAssembly.at("/responseSummary/exists").asBoolean()).isFalse();
    assertThat(get(400, "/g_variants/1:1105366:T:C?variantType=SNP").at("/error/errorMessage").asText())
        .contains("variantType");
  }

  @Test
  void rangeCountsAgreeWithTheGenotypeApiAndAcrossGranularities() throws IOException {
    for (String[] r : new String[][] {{"1", "0", "50000000"}, {"17", "3360000", "3390000"}, {"22", "0", "100000000"}}) {
      String q = "/g_variants?referenceName=" + r[0] + "&start=" + r[1] + "&end=" + r[2];
      long count = get(200, q + "&requestedGranularity=count").at("/responseSummary/numTotalResults").asLong();
      JsonNode gt = JSON.readTree(Http.get(base + "/genotypes/ceu/count?zygosity=any&segment=" + r[0] + ":"
          + (Long.parseLong(r[1]) + 1) + "," + r[2]).text());
      assertThat(count).as(q).isEqualTo(gt.get("variants").asLong()).isPositive();
      JsonNode rec = get(200, q + "&requestedGranularity=record&limit=1000");
      CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, rec);
      assertThat(rec.at("/response/resultSets/0/resultsCount").asLong()).isEqualTo(count);
      assertThat((long) rec.at("/response/resultSets/0/results").size()).isEqualTo(Math.min(count, 1000));
    }
  }

  @Test
  void skipAndLimitPageThroughTheRecords() throws IOException {
    String q = "/g_variants?referenceName=1&start=0&end=50000000&requestedGranularity=record";
    JsonNode all = get(200, q + "&limit=1000").at("/response/resultSets/0/results");
    List<String> paged = new ArrayList<>();
    for (int skip = 0; skip < all.size(); skip += 7) {
      JsonNode page = get(200, q + "&skip=" + skip + "&limit=7");
      CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, page);
      page.at("/response/resultSets/0/results").forEach(v -> paged.add(v.get("variantInternalId").asText()));
    }
    List<String> whole = new ArrayList<>();
    all.forEach(v -> whole.add(v.get("variantInternalId").asText()));
    assertThat(paged).isEqualTo(whole).hasSizeGreaterThan(20);
    assertThat(get(200, q).at("/response/resultSets/0/results")).as("default limit").hasSize(10);
  }

  @Test
  void includeResultsetResponsesChoosesTheDatasets() throws IOException {
    String hit = "/g_variants?referenceName=1&start=1105365&alternateBases=C&requestedGranularity=record";
    String miss = "/g_variants?referenceName=1&start=1105365&alternateBases=G&requestedGranularity=record";
    for (String[] c : new String[][] {{hit, "HIT", "1"}, {hit, "MISS", "0"}, {hit, "ALL", "1"}, {hit, "NONE", "0"},
        {miss, "HIT", "0"}, {miss, "MISS", "1"}, {miss, "ALL", "1"}, {miss, "NONE", "0"}}) {
      JsonNode doc = get(200, c[0] + "&includeResultsetResponses=" + c[1]);
      CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, doc);
      assertThat(doc.at("/response/resultSets").size()).as("%s %s", c[0], c[1]).isEqualTo(Integer.parseInt(c[2]));
      JsonNode count = get(200, c[0].replace("record", "count") + "&includeResultsetResponses=" + c[1]);
      CHECK.assertValid(BeaconSchemaCheck.COUNT, count);
    }
  }

  @Test
  void bracketAndTypeQueries() throws IOException {
    JsonNode doc = get(200, "/g_variants?referenceName=1&start=1105000,1106000&end=1105366,1105366"
        + "&requestedGranularity=record&variantType=SNP");
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, doc);
    assertThat(doc.at("/response/resultSets/0/results/0/variantInternalId").asText()).isEqualTo("1:1105366:T:C");
    assertThat(doc.at("/responseSummary/numTotalResults").asInt()).isEqualTo(1);
    JsonNode indels = get(200, "/g_variants?referenceName=1&variantType=INDEL&requestedGranularity=count");
    CHECK.assertValid(BeaconSchemaCheck.COUNT, indels);
  }

  @Test
  void postTakesTheRequestBodySchema() throws IOException {
    ObjectNode body = JSON.createObjectNode();
    body.putObject("meta").put("apiVersion", "v2.0.0");
    ObjectNode query = body.putObject("query");
    // the framework's schema keys requestParameters by entry type
    ObjectNode params = query.putObject("requestParameters").putObject("g_variant");
    params.put("referenceName", "1");
    params.putArray("start").add(1105365);
    params.put("referenceBases", "T");
    params.put("alternateBases", "C");
    params.put("assemblyId", "NCBI36");
    query.putObject("pagination").put("skip", 0).put("limit", 5);
    query.put("requestedGranularity", "record");
    query.put("includeResultsetResponses", "ALL");
    CHECK.assertValid(BeaconSchemaCheck.REQUEST, body);
    JsonNode doc = post(200, "/g_variants", body.toString());
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, doc);
    assertThat(doc.at("/response/resultSets/0/results/0/variantInternalId").asText()).isEqualTo("1:1105366:T:C");
    assertThat(doc.at("/meta/receivedRequestSummary/pagination/limit").asInt()).isEqualTo(5);
    // another assembly's positions are not this dataset's
    params.put("assemblyId", "GRCh38");
    JsonNode other = post(200, "/g_variants", body.toString());
    CHECK.assertValid(BeaconSchemaCheck.RESULTSETS, other);
    assertThat(other.at("/responseSummary/exists").asBoolean()).isFalse();
    params.put("assemblyId", "hg18");
    assertThat(post(200, "/g_variants", body.toString()).at("/responseSummary/exists").asBoolean()).isTrue();
    // most clients send the parameters flat: taken too
    query.set("requestParameters", params);
    assertThat(post(200, "/g_variants", body.toString()).at("/responseSummary/numTotalResults").asInt()).isEqualTo(1);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "/g_variants?referenceName=1&start=5&end=5|400|greater than start",
    "/g_variants?start=5|400|'start' needs 'referenceName'",
    "/g_variants?referenceName=1&start=1,5|400|bracket",
    "/g_variants?referenceName=1&start=x|400|whole number",
    "/g_variants?referenceName=1&start=1&alternateBases=XYZ|400|bases",
    "/g_variants?requestedGranularity=all|400|requestedGranularity",
    "/g_variants?stat=1|400|unknown parameter",
    "/g_variants?limit=100000|400|limit",
    "/g_variants?datasetIds=nosuch|404|unknown dataset 'nosuch'",
    "/g_variants?geneId=BRCA2|501|gene annotation source",
    "/g_variants?filters=NCIT:C3262|400|filters are not supported",
    "/g_variants?aminoacidChange=V600E|501|not supported",
    "/cohorts|404|no Beacon endpoint"})
  void errorsAreBeaconErrorResponses(String pathAndQuery, int status, String message) throws IOException {
    JsonNode doc = get(status, pathAndQuery);
    CHECK.assertValid(BeaconSchemaCheck.ERROR, doc);
    assertThat(doc.at("/error/errorCode").asInt()).isEqualTo(status);
    assertThat(doc.at("/error/errorMessage").asText()).contains(message);
  }

  @Test
  void badBodiesAndMethodsAreBeaconErrors() throws IOException {
    JsonNode notJson = post(400, "/g_variants", "{\"query\": ");
    CHECK.assertValid(BeaconSchemaCheck.ERROR, notJson);
    assertThat(notJson.at("/error/errorMessage").asText()).contains("not JSON");
    JsonNode unknown = post(400, "/g_variants", "{\"meta\":{\"apiVersion\":\"v2.0.0\"},\"query\":{\"requestParameters\":{\"chrom\":\"1\"}}}");
    assertThat(unknown.at("/error/errorMessage").asText()).contains("chrom");
    JsonNode method = post(405, "/info", "{}");
    CHECK.assertValid(BeaconSchemaCheck.ERROR, method);
    Http.Response del = Http.method("DELETE", beacon + "/g_variants", null);
    assertThat(del.status()).isEqualTo(405);
    assertThat(del.header("Allow")).contains("POST");
  }
}
