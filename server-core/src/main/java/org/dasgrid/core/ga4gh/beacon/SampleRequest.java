package org.dasgrid.core.ga4gh.beacon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.error.RequestException;

/**
 * A query of the individuals, biosamples or datasets entry types: filtering terms (all must hold), datasets,
 * granularity, paging, which result sets to include. From the query string ({@code filters=A,B}) or a POSTed
 * {@code beaconRequestBody} ({@code query.filters: [{"id": "A"}]}).
 */
record SampleRequest(List<String> filters, List<String> datasetIds, Granularity granularity, ResultsetScope scope,
    int skip, int limit, boolean testMode) {
  static final int DEFAULT_LIMIT = 10;
  static final int MAX_LIMIT = 1000;

  SampleRequest {
    filters = List.copyOf(filters);
    datasetIds = List.copyOf(datasetIds);
    if (skip < 0 || limit < 0) {
      throw RequestException.badArgument("skip and limit must be >= 0");
    }
    limit = limit == 0 ? DEFAULT_LIMIT : Math.min(limit, MAX_LIMIT);
  }

  SampleRequest withGranularity(Granularity g) {
    return new SampleRequest(filters, datasetIds, g, scope, skip, limit, testMode);
  }

  static SampleRequest fromQuery(Map<String, List<String>> query, Granularity fallback) {
    List<String> filters = new ArrayList<>();
    List<String> datasets = new ArrayList<>();
    Granularity g = fallback;
    ResultsetScope scope = ResultsetScope.HIT;
    int skip = 0;
    int limit = DEFAULT_LIMIT;
    boolean test = false;
    for (Map.Entry<String, List<String>> e : query.entrySet()) {
      String last = e.getValue().isEmpty() ? "" : e.getValue().get(e.getValue().size() - 1);
      switch (e.getKey()) {
        case "filters" -> e.getValue().forEach(v -> split(v, filters));
        case "datasetIds", "datasets" -> e.getValue().forEach(v -> split(v, datasets));
        case "requestedGranularity" -> g = Granularity.parse(last);
        case "includeResultsetResponses" -> scope = ResultsetScope.parse(last);
        case "skip" -> skip = number("skip", last);
        case "limit" -> limit = number("limit", last);
        case "testMode" -> test = Boolean.parseBoolean(last.trim());
        case "requestedSchema" -> { } // one schema per entry type: the default
        default -> throw RequestException.badArgument("unknown parameter '%s'; this entry type takes filters, "
            + "datasetIds, requestedGranularity, includeResultsetResponses, skip, limit, testMode",
            VariantRequestParser.shorten(e.getKey()));
      }
    }
    return new SampleRequest(filters, datasets, g, scope, skip, limit, test);
  }

  static SampleRequest fromBody(JsonNode body, Granularity fallback) {
    if (body == null || body.isNull() || body.isMissingNode()) {
      return fromQuery(Map.of(), fallback);
    }
    JsonNode q = body.path("query");
    if (!body.isObject() || !q.isMissingNode() && !q.isObject()) {
      throw RequestException.badArgument("the request body must be a beaconRequestBody object with a 'query'");
    }
    Map<String, List<String>> flat = new java.util.LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = q.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode v = e.getValue();
      switch (e.getKey()) {
        case "filters" -> {
          List<String> ids = new ArrayList<>();
          for (JsonNode f : v) {
            if (!f.path("id").isTextual()) {
              throw RequestException.badArgument("each of query.filters needs an 'id' (a filtering term)");
            }
            ids.add(f.get("id").asText());
          }
          flat.put("filters", ids);
        }
        case "pagination" -> {
          if (v.has("skip")) {
            flat.put("skip", List.of(v.get("skip").asText()));
          }
          if (v.has("limit")) {
            flat.put("limit", List.of(v.get("limit").asText()));
          }
        }
        case "requestParameters" -> {
          JsonNode ids = v.path("datasetIds");
          List<String> d = new ArrayList<>();
          ids.forEach(n -> d.add(n.asText()));
          if (!d.isEmpty()) {
            flat.put("datasetIds", d);
          }
        }
        case "requestedGranularity", "includeResultsetResponses", "testMode" ->
            flat.put(e.getKey(), List.of(v.asText()));
        default -> throw RequestException.badArgument("unknown member 'query.%s'",
            VariantRequestParser.shorten(e.getKey()));
      }
    }
    return fromQuery(flat, fallback);
  }

  private static void split(String v, List<String> out) {
    for (String s : v.split(",")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
  }

  private static int number(String name, String v) {
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw RequestException.badArgument("%s '%s' is not a number", name, VariantRequestParser.shorten(v));
    }
  }

  /** The request as {@code receivedRequestSummary} echoes it. */
  ObjectNode summary(String entityType, String schema) {
    ObjectNode s = JsonNodeFactory.instance.objectNode();
    s.put("apiVersion", BeaconSchemas.API_VERSION);
    s.putArray("requestedSchemas").addObject().put("entityType", entityType).put("schema", schema);
    s.putObject("pagination").put("skip", skip).put("limit", limit);
    s.put("requestedGranularity", granularity.label());
    s.put("includeResultsetResponses", scope.name());
    s.put("testMode", testMode);
    // not the filters: the schema's oneOf (ontology, alphanumeric, custom) cannot tell a bare {"id"} apart
    return s;
  }
}
