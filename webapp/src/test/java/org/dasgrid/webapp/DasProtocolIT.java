package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Every DAS command over real HTTP against the bundled data: documents, headers, codes, encodings. */
@ExtendWith(DasProtocolIT.Server.class)
class DasProtocolIT {
  static String das;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      das = TestServer.examples(context).das();
    }
  }

  private static List<Element> elements(Document d, String name) {
    NodeList nl = d.getElementsByTagName(name);
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < nl.getLength(); i++) {
      out.add((Element) nl.item(i));
    }
    return out;
  }

  private static void assertDasHeaders(Http.Response r, int status) {
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.header("X-DAS-Status")).isEqualTo(Integer.toString(status));
    assertThat(r.header("X-DAS-Version")).isEqualTo("DAS/1.6");
    assertThat(r.header("X-DAS-Server")).startsWith("DasGrid/");
    assertThat(r.header("X-DAS-Capabilities")).contains("sources/1.0");
    assertThat(r.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(r.header("Access-Control-Expose-Headers")).contains("X-DAS-Status", "X-DAS-Capabilities", "ETag");
  }

  @Test
  void sourcesListsEverySourceWithCapabilitiesAndCoordinates() {
    Http.Response r = Http.get(das + "/sources");
    assertDasHeaders(r, 200);
    assertThat(r.header("Content-Type")).startsWith("text/xml");
    Document d = r.xml();
    assertThat(elements(d, "SOURCE")).extracting(e -> e.getAttribute("uri")).containsExactly("dmel", "ce_ws199", "ceu");
    List<String> caps = elements(d, "CAPABILITY").stream().map(e -> e.getAttribute("type")).toList();
    assertThat(caps).contains("das1:features", "das1:types", "das1:entry_points", "das1:sequence", "das1:stylesheet");
    Element coords = elements(d, "COORDINATES").get(0);
    assertThat(coords.getAttribute("authority")).isEqualTo("BDGP");
    assertThat(coords.getAttribute("taxid")).isEqualTo("7227");
    assertThat(elements(d, "CAPABILITY").get(2).getAttribute("query_uri")).isEqualTo(das + "/dmel/features");
    assertThat(Http.get(das + "/dmel").xml().getElementsByTagName("SOURCE").getLength()).isEqualTo(1);
    assertThat(Http.get(das).status()).isEqualTo(200);
  }

  @Test
  void dsnListsTheSourcesForOldClients() {
    Document d = Http.get(das + "/dsn").xml();
    assertThat(elements(d, "SOURCE")).extracting(e -> e.getAttribute("id")).containsExactly("dmel", "ce_ws199", "ceu");
    assertThat(elements(d, "MAPMASTER").get(0).getTextContent()).isEqualTo(das + "/dmel");
  }

  @Test
  void entryPointsWithLengthsAliasesAndRows() {
    Http.Response r = Http.get(das + "/dmel/entry_points");
    assertDasHeaders(r, 200);
    Document d = r.xml();
    Element list = elements(d, "ENTRY_POINTS").get(0);
    assertThat(list.getAttribute("total")).isEqualTo("15");
    Element l2 = elements(d, "SEGMENT").stream().filter(e -> e.getAttribute("id").equals("2L")).findFirst()
        .orElseThrow();
    assertThat(l2.getAttribute("stop")).isEqualTo("23011546");
    // DAS 1.6 has no aliases attribute, in any namespace: they are in the JSON form (DasSchemaIT validates)
    assertThat(l2.getAttributes().getLength()).isEqualTo(5); // id, start, stop, type, orientation
    assertThat(Http.get(das + "/dmel/entry_points?format=json").text()).contains("\"aliases\":\"chr2L\"");
    Document page = Http.get(das + "/dmel/entry_points?rows=2-3").xml();
    assertThat(elements(page, "SEGMENT")).extracting(e -> e.getAttribute("id")).containsExactly("2RHet", "2L");
  }

  @Test
  void typesCountWholeSourceAndPerSegment() {
    Document whole = Http.get(das + "/dmel/types").xml();
    int total = elements(whole, "TYPE").stream().mapToInt(e -> Integer.parseInt(e.getTextContent())).sum();
    assertThat(total).isEqualTo(49_981);
    Document seg = Http.get(das + "/dmel/types?segment=2L:1,27772").xml();
    assertThat(elements(seg, "SEGMENT").get(0).getAttribute("id")).isEqualTo("2L");
    int inSegment = elements(seg, "TYPE").stream().mapToInt(e -> Integer.parseInt(e.getTextContent())).sum();
    assertThat(inSegment).isEqualTo(550);
    Document gene = Http.get(das + "/dmel/types?segment=2L:1,27772;type=gene").xml();
    assertThat(elements(gene, "TYPE")).singleElement().satisfies(e -> {
      assertThat(e.getAttribute("id")).isEqualTo("gene");
      assertThat(e.getAttribute("cvId")).isEqualTo("SO:0000704");
    });
  }

  @Test
  void featuresOfTheThreeStressTestSegments() {
    assertThat(elements(Http.get(das + "/dmel/features?segment=2L:2501,2550").xml(), "FEATURE")).hasSize(4);
    assertThat(elements(Http.get(das + "/dmel/features?segment=2L:1,27772").xml(), "FEATURE")).hasSize(550);
    Http.Response large = Http.get(das + "/dmel/features?segment=2L:1,1605126", "Accept-Encoding", "gzip");
    assertThat(large.header("Content-Encoding")).isEqualTo("gzip");
    assertThat(elements(large.xml(), "FEATURE")).hasSize(18_513);
  }

  @Test
  void featureElementsCarryTheGff3Content() {
    Document d = Http.get(das + "/dmel/features?feature_id=FBtr0300689").xml();
    Element f = elements(d, "FEATURE").get(0);
    assertThat(f.getAttribute("label")).isEqualTo("CG11023-RB");
    Element type = (Element) f.getElementsByTagName("TYPE").item(0);
    assertThat(type.getAttribute("id")).isEqualTo("mRNA");
    assertThat(type.getAttribute("category")).isEqualTo("transcription");
    assertThat(f.getElementsByTagName("START").item(0).getTextContent()).isEqualTo("7529");
    assertThat(f.getElementsByTagName("END").item(0).getTextContent()).isEqualTo("9484");
    assertThat(f.getElementsByTagName("ORIENTATION").item(0).getTextContent()).isEqualTo("+");
    assertThat(((Element) f.getElementsByTagName("PARENT").item(0)).getAttribute("id")).isEqualTo("FBgn0031208");
    assertThat(f.getElementsByTagName("PART").getLength()).isGreaterThan(3);
    assertThat(((Element) f.getElementsByTagName("LINK").item(0)).getAttribute("href"))
        .isEqualTo("https://www.ncbi.nlm.nih.gov/nuccore/NM_001169365");
    assertThat(elements(d, "SEGMENT").get(0).getAttribute("start")).isEqualTo("7529");
  }

  @Test
  void manySegmentsFiltersAndProblemsInOneDocument() {
    Document d = Http.get(das + "/dmel/features?segment=2L:2501,2550;segment=chr2L:7529,9484;type=gene"
        + "&segment=NOPE:1,2;segment=2L:23011540,23011550;maxbins=800").xml();
    List<Element> segs = elements(d, "SEGMENT");
    assertThat(segs).extracting(e -> e.getAttribute("id")).containsExactly("2L", "chr2L");
    assertThat(elements(d, "FEATURE")).extracting(e -> e.getAttribute("id")).containsExactly("FBgn0031208");
    assertThat(elements(d, "UNKNOWNSEGMENT")).extracting(e -> e.getAttribute("id")).containsExactly("NOPE");
    assertThat(elements(d, "ERRORSEGMENT")).extracting(e -> e.getAttribute("stop")).containsExactly("23011550");
    Document cat = Http.get(das + "/dmel/features?segment=2L:1,27772;category=regulatory").xml();
    assertThat(elements(cat, "TYPE")).extracting(e -> e.getAttribute("category")).containsOnly("regulatory");
  }

  @Test
  void sequenceFromTheFasta() {
    Http.Response r = Http.get(das + "/ce_ws199/sequence?segment=I:1,50;segment=MtDNA:1,10");
    assertDasHeaders(r, 200);
    assertThat(r.header("X-DAS-Capabilities")).contains("sequence/1.0");
    List<Element> seqs = elements(r.xml(), "SEQUENCE");
    assertThat(seqs.get(0).getTextContent()).isEqualTo("gcctaagcctaagcctaagcctaagcctaagcctaagcctaagcctaagc");
    assertThat(seqs.get(0).getAttribute("stop")).isEqualTo("50");
    assertThat(seqs.get(1).getTextContent()).isEqualTo("cagtaaatag");
    assertDasHeaders(Http.get(das + "/ce_ws199/sequence?segment=chrQ:1,10"), 403);
    assertDasHeaders(Http.get(das + "/ce_ws199/sequence?segment=I:90,101"), 405);
    Http.Response none = Http.get(das + "/dmel/sequence?segment=2L:1,10");
    assertDasHeaders(none, 501);
    assertThat(none.header("X-DAS-Capabilities")).doesNotContain("sequence");
  }

  @Test
  void stylesheetDefaultsToOneGlyphPerType() {
    Document d = Http.get(das + "/dmel/stylesheet").xml();
    assertThat(d.getDocumentElement().getTagName()).isEqualTo("DASSTYLE");
    List<String> types = elements(d, "TYPE").stream().map(e -> e.getAttribute("id")).toList();
    assertThat(types).contains("gene", "exon", "default");
    assertThat(elements(d, "BGCOLOR")).isNotEmpty();
  }

  @Test
  void gzipAndIdentityCarryTheSameBytes() {
    String url = das + "/dmel/features?segment=2L:1,27772";
    Http.Response plain = Http.get(url);
    Http.Response gz = Http.get(url, "Accept-Encoding", "gzip");
    Http.Response refused = Http.get(url, "Accept-Encoding", "gzip;q=0, identity");
    assertThat(gz.header("Content-Encoding")).isEqualTo("gzip");
    assertThat(refused.header("Content-Encoding")).isNull();
    assertThat(gz.decoded()).isEqualTo(plain.body());
    assertThat(gz.body().length).isLessThan(plain.body().length / 5);
    assertThat(gz.header("Vary")).contains("Accept-Encoding");
  }

  @Test
  void etagsGive304sForEitherEncoding() {
    String url = das + "/dmel/features?segment=2L:1,27772";
    String etag = Http.get(url).header("ETag");
    String gzEtag = Http.get(url, "Accept-Encoding", "gzip").header("ETag");
    assertThat(etag).isNotBlank().isNotEqualTo(gzEtag).doesNotStartWith("W/");
    assertThat(gzEtag).startsWith("W/\"").endsWith("-gz\""); // gzip bytes vary with the compression level
    Http.Response notModified = Http.get(url, "If-None-Match", etag);
    assertThat(notModified.status()).isEqualTo(304);
    assertThat(notModified.body()).isEmpty();
    assertThat(notModified.header("ETag")).isEqualTo(etag);
    assertThat(Http.get(url, "If-None-Match", gzEtag, "Accept-Encoding", "gzip").status()).isEqualTo(304);
    assertThat(Http.get(url, "If-None-Match", "\"other\"").status()).isEqualTo(200);
    // an alias of the reference names different bytes (the SEGMENT id echoes the client), so another tag
    assertThat(Http.get(das + "/dmel/features?segment=chr2L:1,27772").header("ETag")).isNotEqualTo(etag);
  }

  @Test
  void corsOnErrorsAndPreflight() {
    Http.Response err = Http.get(das + "/nope/features?segment=2L:1,50", "Origin", "http://example.org");
    assertDasHeaders(err, 401);
    Http.Response pre = Http.method("OPTIONS", das + "/dmel/features?segment=2L:1,50", null,
        "Origin", "http://example.org", "Access-Control-Request-Method", "GET",
        "Access-Control-Request-Headers", "If-None-Match");
    assertThat(pre.status()).isEqualTo(204);
    assertThat(pre.header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(pre.header("Access-Control-Allow-Methods")).contains("GET");
    assertThat(pre.header("Access-Control-Allow-Headers")).contains("If-None-Match");
  }

  @Test
  void jsonHasTheSameContentAsXml() throws Exception {
    String url = das + "/dmel/features?segment=2L:1,27772";
    List<String> xmlIds = elements(Http.get(url).xml(), "FEATURE").stream().map(e -> e.getAttribute("id")).toList();
    Http.Response r = Http.get(url + ";format=json");
    assertThat(r.header("Content-Type")).startsWith("application/json");
    JsonNode json = new ObjectMapper().readTree(r.text());
    JsonNode features = json.at("/features/segments/0/features");
    List<String> jsonIds = new ArrayList<>();
    features.forEach(f -> jsonIds.add(f.get("id").asText()));
    assertThat(jsonIds).isEqualTo(xmlIds);
    for (String cmd : List.of("sources", "dsn", "dmel/entry_points", "dmel/types", "dmel/stylesheet",
        "ce_ws199/sequence?segment=I:1,10")) {
      String sep = cmd.contains("?") ? "&" : "?";
      JsonNode n = new ObjectMapper().readTree(Http.get(das + "/" + cmd + sep + "format=json").text());
      assertThat(n.size()).as(cmd).isEqualTo(1);
    }
    JsonNode err = new ObjectMapper().readTree(Http.get(das + "/nope/types?format=json").text());
    assertThat(err.at("/error/status").asInt()).isEqualTo(401);
    assertThat(err.at("/error/message").asText()).contains("unknown data source");
  }

  @Test
  void headAndPostForms() {
    Http.Response head = Http.method("HEAD", das + "/dmel/features?segment=2L:2501,2550", null);
    assertThat(head.status()).isEqualTo(200);
    assertThat(head.body()).isEmpty();
    assertThat(head.header("X-DAS-Status")).isEqualTo("200");
    StringBuilder form = new StringBuilder("segment=2L:2501,2550");
    for (int i = 0; i < 300; i++) {
      form.append("&segment=2L:").append(10_000 + i * 100).append(',').append(10_050 + i * 100);
    }
    Http.Response post = Http.method("POST", das + "/dmel/features", form.toString(),
        "Content-Type", "application/x-www-form-urlencoded");
    assertThat(post.status()).isEqualTo(200);
    assertThat(elements(post.xml(), "SEGMENT")).hasSize(301);
  }

  @Test
  void healthEndpoints() {
    assertThat(Http.get(TestServerHolder.base(das) + "/health/live").status()).isEqualTo(200);
    Http.Response ready = Http.get(TestServerHolder.base(das) + "/health/ready");
    assertThat(ready.status()).isEqualTo(200);
    assertThat(ready.text()).contains("\"status\":\"ready\"").contains("\"id\":\"dmel\"");
  }

  /** The server root from the DAS root. */
  static final class TestServerHolder {
    static String base(String das) {
      return das.substring(0, das.length() - "/das".length());
    }
  }
}
