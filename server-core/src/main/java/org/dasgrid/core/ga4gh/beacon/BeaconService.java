package org.dasgrid.core.ga4gh.beacon;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;

/**
 * The Beacon v2 API, without HTTP: answers a {@link BeaconRequest} with the JSON document of its endpoint, or
 * throws a {@link RequestException} that {@link #error} turns into a {@code beaconErrorResponse} and {@link
 * #status} into its HTTP status. Framework endpoints: {@code /} and {@code /info}, {@code /service-info},
 * {@code /configuration}, {@code /map}, {@code /entry_types}, {@code /filtering_terms}; the entry type
 * {@code genomicVariant}: {@code /g_variants} (GET and POST) and {@code /g_variants/{id}}.
 */
public final class BeaconService {
  /** Where the beacon is served, under the server's root. */
  public static final String ROOT = "/beacon/v2";
  static final String ENTRY_TYPE = "genomicVariant";
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private final BeaconIdentity identity;
  private final ObjectMapper mapper = new ObjectMapper();

  public BeaconService(BeaconIdentity identity) {
    this.identity = Objects.requireNonNull(identity, "identity");
  }

  /** Whether a path (under {@link #ROOT}) takes POST: the entry type's, whose queries may come as a body. */
  public static boolean acceptsPost(String path) {
    return path.equals("/g_variants") || path.startsWith("/g_variants/") || path.startsWith("/individuals")
        || path.startsWith("/biosamples");
  }

  public ObjectNode answer(BeaconRequest r) {
    String path = r.path().endsWith("/") && r.path().length() > 1
        ? r.path().substring(0, r.path().length() - 1) : r.path();
    if (SampleEntries.handles(path)) {
      return SampleEntries.answer(identity, r, path, r.method().equals("POST") ? body(r.body()) : null);
    }
    return switch (path) {
      case "", "/", "/info" -> info(r);
      case "/service-info" -> serviceInfo(r);
      case "/configuration" -> configuration();
      case "/map" -> map(r);
      case "/entry_types" -> entryTypes();
      case "/filtering_terms" -> filteringTerms(r);
      case "/g_variants" -> variants(r, request(r));
      default -> {
        if (path.startsWith("/g_variants/") && path.length() > "/g_variants/".length()) {
          String id = path.substring("/g_variants/".length());
          VariantRequest q = VariantId.parse(id).asRequest(request(r));
          if (r.method().equals("GET") && !r.query().containsKey("requestedGranularity")) {
            q = q.withGranularity(Granularity.RECORD); // one entry's endpoint: its record, unless asked otherwise
          }
          yield variants(r, q);
        }
        throw new RequestException(ErrorKind.UNKNOWN_OPERATION, "no Beacon endpoint '%s'; see %s/map",
            VariantRequestParser.shorten(path), ROOT);
      }
    };
  }

  private VariantRequest request(BeaconRequest r) {
    if (r.method().equals("POST")) {
      if (!r.query().isEmpty()) {
        throw RequestException.badArgument("a POST query goes in the body; the URL has parameters too");
      }
      return VariantRequestParser.fromBody(body(r.body()));
    }
    return VariantRequestParser.fromQuery(r.query());
  }

  private JsonNode body(byte[] body) {
    if (body.length == 0) {
      return null;
    }
    try {
      return mapper.readTree(body);
    } catch (JsonProcessingException e) {
      throw RequestException.badArgument("the request body is not JSON: line %d, column %d: %s",
          e.getLocation() == null ? 0 : e.getLocation().getLineNr(),
          e.getLocation() == null ? 0 : e.getLocation().getColumnNr(), e.getOriginalMessage());
    } catch (IOException e) {
      throw RequestException.badArgument("the request body cannot be read: %s", e.getMessage());
    }
  }

  /** The HTTP status of a Beacon error: the one place Beacon maps error kinds. */
  public static int status(ErrorKind kind) {
    return switch (kind) {
      case BAD_ARGUMENT, UNKNOWN_REFERENCE, OUT_OF_RANGE, TOO_LARGE -> 400;
      case UNKNOWN_OPERATION, UNKNOWN_SOURCE, NOT_FOUND -> 404;
      case UNSUPPORTED -> 501;
      case LOADING, UNAVAILABLE -> 503;
      case INTERNAL -> 500;
    };
  }

  /** A {@code beaconErrorResponse} with an HTTP status and message. */
  public ObjectNode error(int status, String message) {
    ObjectNode doc = JSON.objectNode();
    ObjectNode meta = doc.putObject("meta");
    meta.put("beaconId", identity.id());
    meta.put("apiVersion", BeaconSchemas.API_VERSION);
    meta.putArray("returnedSchemas");
    meta.put("returnedGranularity", Granularity.BOOLEAN.label());
    ObjectNode summary = meta.putObject("receivedRequestSummary");
    summary.put("apiVersion", BeaconSchemas.API_VERSION);
    summary.putArray("requestedSchemas");
    summary.putObject("pagination");
    summary.put("requestedGranularity", Granularity.BOOLEAN.label());
    ObjectNode error = doc.putObject("error");
    error.put("errorCode", status);
    error.put("errorMessage", message);
    return doc;
  }

  public ObjectNode error(RequestException e) {
    return error(status(e.kind()), e.getMessage());
  }

  // ---- framework documents

  private ObjectNode informationalMeta(String entityType, String schema) {
    ObjectNode meta = JSON.objectNode();
    meta.put("beaconId", identity.id());
    meta.put("apiVersion", BeaconSchemas.API_VERSION);
    ArrayNode schemas = meta.putArray("returnedSchemas");
    schemas.addObject().put("entityType", entityType).put("schema", schema);
    return meta;
  }

  private ObjectNode info(BeaconRequest r) {
    ObjectNode doc = JSON.objectNode();
    doc.set("meta", informationalMeta("info", "beacon-info-v2.0.0"));
    ObjectNode res = doc.putObject("response");
    res.put("id", identity.id());
    res.put("name", identity.name());
    res.put("apiVersion", BeaconSchemas.API_VERSION);
    res.put("environment", "prod");
    res.put("version", identity.version());
    res.put("description", "Beacon v2 over the genotype sources of a DasGrid server: does any sample of a "
        + "dataset carry this allele, how many variants match, which ones.");
    res.put("welcomeUrl", r.serverUrl() + "/");
    res.put("alternativeUrl", r.beaconUrl());
    ObjectNode org = res.putObject("organization");
    org.put("id", identity.organizationId());
    org.put("name", identity.organizationName());
    org.put("welcomeUrl", identity.organizationUrl());
    ArrayNode datasets = res.putObject("info").putArray("datasets");
    for (BeaconDataset ds : r.datasets()) {
      ObjectNode d = datasets.addObject();
      d.put("id", ds.id());
      d.put("name", ds.title());
      d.put("description", ds.description());
      d.put("assemblyId", ds.assemblyId());
      d.put("samples", ds.engine().sampleNames().size());
      d.put("caseLevelData", ds.caseLevel());
    }
    return doc;
  }

  private ObjectNode serviceInfo(BeaconRequest r) {
    ObjectNode doc = JSON.objectNode();
    doc.put("id", identity.id());
    doc.put("name", identity.name());
    ObjectNode type = doc.putObject("type");
    type.put("group", "org.ga4gh");
    type.put("artifact", "beacon");
    type.put("version", BeaconSchemas.API_VERSION);
    doc.put("description", "Beacon v2 genomic variants over DasGrid's genotype sources");
    ObjectNode org = doc.putObject("organization");
    org.put("name", identity.organizationName());
    org.put("url", identity.organizationUrl());
    doc.put("documentationUrl", r.serverUrl() + "/openapi.json");
    doc.put("environment", "prod");
    doc.put("version", identity.version());
    return doc;
  }

  private static ObjectNode entryTypeDefinition() {
    ObjectNode def = JSON.objectNode();
    def.put("id", ENTRY_TYPE);
    def.put("name", "Genomic variants");
    def.put("description", "One ALT allele of a VCF site that at least one sample of the dataset carries.");
    def.put("partOfSpecification", "Beacon " + BeaconSchemas.API_VERSION);
    ObjectNode term = def.putObject("ontologyTermForThisType");
    term.put("id", "ENSGLOSSARY:0000092");
    term.put("label", "Variant");
    ObjectNode schema = def.putObject("defaultSchema");
    schema.put("id", BeaconSchemas.VARIANT_SCHEMA);
    schema.put("name", "Default schema for a genomic variation");
    schema.put("referenceToSchemaDefinition", BeaconSchemas.VARIANT_SCHEMA_URL);
    schema.put("schemaVersion", BeaconSchemas.API_VERSION);
    def.putArray("additionallySupportedSchemas");
    def.put("nonFilteredQueriesAllowed", true);
    return def;
  }

  private ObjectNode configuration() {
    ObjectNode doc = JSON.objectNode();
    doc.set("meta", informationalMeta("configuration", "beacon-configuration-v2.0.0"));
    ObjectNode res = doc.putObject("response");
    res.put("$schema", BeaconSchemas.CONFIGURATION_SCHEMA_URL);
    res.putObject("maturityAttributes").put("productionStatus", "PROD");
    ObjectNode security = res.putObject("securityAttributes");
    security.put("defaultGranularity", Granularity.BOOLEAN.label());
    security.putArray("securityLevels").add("PUBLIC").add("CONTROLLED");
    ObjectNode types = res.putObject("entryTypes");
    types.set(ENTRY_TYPE, entryTypeDefinition());
    types.setAll(SampleEntries.definitions());
    return doc;
  }

  private ObjectNode map(BeaconRequest r) {
    ObjectNode doc = JSON.objectNode();
    doc.set("meta", informationalMeta("map", "beacon-map-v2.0.0"));
    ObjectNode res = doc.putObject("response");
    res.put("$schema", BeaconSchemas.MAP_SCHEMA_URL);
    ObjectNode set = res.putObject("endpointSets").putObject(ENTRY_TYPE);
    set.put("entryType", ENTRY_TYPE);
    set.put("rootUrl", r.beaconUrl() + "/g_variants");
    set.put("singleEntryUrl", r.beaconUrl() + "/g_variants/{id}");
    set.put("openAPIEndpointsDefinition", r.serverUrl() + "/openapi.json");
    set.putObject("endpoints");
    for (String type : SampleEntries.definitions().keySet()) {
      ObjectNode more = res.with("endpointSets").putObject(type);
      more.put("entryType", type);
      more.put("rootUrl", r.beaconUrl() + SampleEntries.rootPath(type));
      more.put("singleEntryUrl", r.beaconUrl() + SampleEntries.rootPath(type) + "/{id}");
      more.put("openAPIEndpointsDefinition", r.serverUrl() + "/openapi.json");
      more.putObject("endpoints");
    }
    return doc;
  }

  private ObjectNode entryTypes() {
    ObjectNode doc = JSON.objectNode();
    doc.set("meta", informationalMeta("entryType", "beacon-entry-types-v2.0.0"));
    ObjectNode types = doc.putObject("response").putObject("entryTypes");
    types.set(ENTRY_TYPE, entryTypeDefinition());
    types.setAll(SampleEntries.definitions());
    return doc;
  }

  private ObjectNode filteringTerms(BeaconRequest r) {
    ObjectNode doc = JSON.objectNode();
    doc.set("meta", informationalMeta("filteringTerm", "beacon-filtering-terms-v2.0.0"));
    ObjectNode res = doc.putObject("response");
    // variants are asked for by position and bases; individuals and biosamples by their sample sheet's terms
    SampleEntries.filteringTerms(r.datasets(), res.putArray("filteringTerms"), res.putArray("resources"));
    return doc;
  }

  // ---- genomic variants

  private ObjectNode variants(BeaconRequest r, VariantRequest q) {
    List<BeaconDataset> datasets = chosen(r, q.datasetIds());
    if (q.geneId().isPresent()) {
      datasets = GeneQuery.datasets(datasets, q.geneId().get());
    }
    if (q.granularity() == Granularity.RECORD && datasets.stream().anyMatch(d -> !d.access().variantRecords())) {
      q = q.withGranularity(Granularity.COUNT); // records are the variants tier of every dataset answered
    }
    boolean records = q.granularity() == Granularity.RECORD;
    List<DatasetHits> hits = new ArrayList<>(datasets.size());
    for (BeaconDataset ds : datasets) {
      hits.add(VariantSearch.run(ds, q, records));
    }
    return VariantDocuments.response(identity, r, q, hits);
  }

  /**
   * The datasets a query names ({@code datasetIds}), each one the client may read; all those that can answer
   * by default. Naming one that failed to load (or is loading) is 503 with its reason, not "unknown".
   */
  private static List<BeaconDataset> chosen(BeaconRequest r, List<String> ids) {
    if (ids.isEmpty()) {
      return r.datasets();
    }
    List<BeaconDataset> out = new ArrayList<>();
    for (String id : ids) {
      for (UnavailableDataset u : r.unavailable()) {
        if (u.id().equals(id)) {
          throw new RequestException(u.kind(), "%s", u.reason());
        }
      }
      BeaconDataset ds = r.datasets().stream().filter(d -> d.id().equals(id)).findFirst()
          .orElseThrow(() -> new RequestException(ErrorKind.UNKNOWN_SOURCE, "unknown dataset '%s'",
              VariantRequestParser.shorten(id)));
      if (!out.contains(ds)) {
        out.add(ds);
      }
    }
    return out;
  }
}
