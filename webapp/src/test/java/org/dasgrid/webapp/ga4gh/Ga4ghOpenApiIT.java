package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.util.Map;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The GA4GH answers whose media types are GA4GH's own ({@code application/vnd.ga4gh.refget.v2.0.0+json},
 * {@code application/vnd.ga4gh.htsget.v1.3.0+json}) against the schemas /openapi.json gives for them (OpenApiIT
 * checks the {@code application/json} ones and that every path is exercised).
 */
class Ga4ghOpenApiIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String DOC_URI = "https://dasgrid.invalid/openapi.json";
  static String base;
  static JsonSchemaFactory schemas;

  @RegisterExtension
  static final org.junit.jupiter.api.extension.BeforeAllCallback SERVER =
      (ExtensionContext context) -> base = TestServer.examples(context).base();

  @BeforeAll
  static void readDocument() {
    String doc = Http.get(base + "/openapi.json").text();
    schemas = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
        b -> b.schemaLoaders(l -> l.schemas(Map.of(DOC_URI, doc))));
  }

  private static void assertValid(String url, String method, String body, String schema, String contentType)
      throws IOException {
    Http.Response r = body == null ? Http.get(base + url)
        : Http.method(method, base + url, body, "Content-Type", "application/json");
    assertThat(r.status()).as(url).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith(contentType);
    JsonSchema s = schemas.getSchema(SchemaLocation.of(DOC_URI + "#/components/schemas/" + schema));
    assertThat(s.validate(JSON.readTree(r.text()))).as("%s against %s: %s", url, schema, r.text()).isEmpty();
  }

  @Test
  void refgetAnswersMatchTheirSchemas() throws IOException {
    assertValid("/refget/sequence/1e635030f2d943d71e57d744aa65ed52/metadata", "GET", null, "RefgetMetadata",
        "application/vnd.ga4gh.refget.v2.0.0+json");
    assertValid("/refget/sequence/service-info", "GET", null, "ServiceInfo", "application/vnd.ga4gh.refget.v2.0.0+json");
  }

  @Test
  void htsgetTicketsMatchTheirSchema() throws IOException {
    String ticket = "application/vnd.ga4gh.htsget.v1.3.0+json";
    assertValid("/htsget/variants/ceu", "GET", null, "HtsgetTicket", ticket);
    assertValid("/htsget/variants/ceu.vcf?class=header", "GET", null, "HtsgetTicket", ticket);
    assertValid("/htsget/variants/ceu", "POST", "{\"regions\": [{\"referenceName\": \"17\", \"start\": 0}]}",
        "HtsgetTicket", ticket);
  }

  @Test
  void theHomePageLinksTheGa4ghApis() {
    String page = Http.get(base + "/").text();
    for (String href : java.util.List.of("refget/sequence/service-info", "htsget/variants/service-info",
        "service-info")) {
      assertThat(page).contains("href=\"" + href + "\"");
      assertThat(Http.get(base + "/" + href).status()).as(href).isEqualTo(200);
    }
  }
}
