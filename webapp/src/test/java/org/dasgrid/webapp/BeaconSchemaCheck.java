package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Validates documents against the GA4GH Beacon v2 schemas kept in the test resources ({@code ga4gh/README.md}):
 * the schemas' GitHub addresses are mapped to the local copies and VRS 1.3 to the subset written for the
 * tests, so nothing is fetched. Paths are relative to the Beacon v2 repository's root
 * ({@code framework/json/responses/beaconCountResponse.json}).
 */
public final class BeaconSchemaCheck {
  public static final String RESULTSETS = "framework/json/responses/beaconResultsetsResponse.json";
  public static final String COUNT = "framework/json/responses/beaconCountResponse.json";
  public static final String BOOLEAN = "framework/json/responses/beaconBooleanResponse.json";
  public static final String ERROR = "framework/json/responses/beaconErrorResponse.json";
  public static final String VARIANT = "models/json/beacon-v2-default-model/genomicVariations/defaultSchema.json";
  public static final String REQUEST = "framework/json/requests/beaconRequestBody.json";
  public static final String COLLECTIONS = "framework/json/responses/beaconCollectionsResponse.json";
  public static final String FILTERING_TERMS = "framework/json/responses/beaconFilteringTermsResponse.json";
  public static final String INDIVIDUAL = "models/json/beacon-v2-default-model/individuals/defaultSchema.json";
  public static final String BIOSAMPLE = "models/json/beacon-v2-default-model/biosamples/defaultSchema.json";
  public static final String DATASET = "models/json/beacon-v2-default-model/datasets/defaultSchema.json";

  private final String root;
  private final JsonSchemaFactory factory;
  private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();

  public BeaconSchemaCheck() {
    try {
      root = BeaconSchemaCheck.class.getResource("/ga4gh/beacon-v2/LICENSE").toURI().resolve(".").toString();
      String vrs = BeaconSchemaCheck.class.getResource("/ga4gh/vrs-1.3-subset.json").toURI().toString();
      factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012, b -> b.schemaMappers(m -> m
          .mapPrefix("https://raw.githubusercontent.com/ga4gh-beacon/beacon-v2/main/", root)
          .mapPrefix("https://w3id.org/ga4gh/schema/vrs/1.3/vrs.json", vrs)));
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public Set<ValidationMessage> errors(String schema, JsonNode doc) {
    return schemas.computeIfAbsent(schema, s -> factory.getSchema(SchemaLocation.of(root + s))).validate(doc);
  }

  /** Asserts the document is valid, and each record of its result sets against the genomicVariation model. */
  public void assertValid(String schema, JsonNode doc) {
    assertValid(schema, doc, VARIANT);
  }

  /** As above, each record of its result sets (or collections) against {@code recordSchema}. */
  public void assertValid(String schema, JsonNode doc, String recordSchema) {
    assertThat(errors(schema, doc)).as("%s against %s", doc, schema).isEmpty();
    for (JsonNode set : doc.path("response").path("resultSets")) {
      for (JsonNode rec : set.path("results")) {
        assertThat(errors(recordSchema, rec)).as("record %s", rec).isEmpty();
      }
    }
    for (JsonNode rec : doc.path("response").path("collections")) {
      assertThat(errors(recordSchema, rec)).as("collection %s", rec).isEmpty();
    }
  }
}
