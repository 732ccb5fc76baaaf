package org.dasgrid.core.ga4gh.beacon;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;
import org.dasgrid.core.error.RequestException;

/**
 * Reads a {@code /g_variants} query from GET parameters or from a POST body of Beacon's request schema
 * ({@code {"meta":{...},"query":{"requestParameters":{...},"pagination":{...},...}}}), checking every value:
 * an unknown parameter, a malformed number or base string, or an inconsistent mix of {@code start}/{@code
 * end} is a bad argument naming what was wrong.
 */
final class VariantRequestParser {
  static final int DEFAULT_LIMIT = 10;
  /** Most records one answer lists per dataset: records are large, and {@code skip} pages through the rest. */
  static final int MAX_LIMIT = 1000;
  /** Beacon's base strings: IUPAC codes, and {@code -}/{@code .} for an empty allele. */
  private static final Pattern BASES = Pattern.compile("[ACGTUNRYSWKMBDHV.\\-]*");

  private static final Set<String> POSITIONAL = Set.of("referenceName", "start", "end", "referenceBases",
      "alternateBases", "variantType", "variantMinLength", "variantMaxLength", "geneId", "assemblyId",
      "datasetIds");
  private static final Set<String> UNSUPPORTED = Set.of("aminoacidChange", "genomicAlleleShortForm", "allele",
      "mateName");
  private static final Set<String> FRAMEWORK = Set.of("requestedGranularity", "includeResultsetResponses",
      "skip", "limit", "testMode", "requestedSchema", "filters");

  private final ObjectNode parameters = JsonNodeFactory.instance.objectNode();
  private Optional<String> referenceName = Optional.empty();
  private List<Integer> start = List.of();
  private List<Integer> end = List.of();
  private Optional<String> referenceBases = Optional.empty();
  private Optional<String> alternateBases = Optional.empty();
  private Optional<String> variantType = Optional.empty();
  private OptionalInt minLength = OptionalInt.empty();
  private OptionalInt maxLength = OptionalInt.empty();
  private Optional<String> geneId = Optional.empty();
  private Optional<String> assemblyId = Optional.empty();
  private List<String> datasetIds = List.of();
  private Granularity granularity = Granularity.BOOLEAN;
  private ResultsetScope scope = ResultsetScope.HIT;
  private int skip;
  private int limit = DEFAULT_LIMIT;
  private boolean testMode;

  private VariantRequestParser() {}

  /** A query from GET parameters (each name once; {@code start}/{@code end} as {@code a,b} or repeated). */
  static VariantRequest fromQuery(Map<String, List<String>> query) {
    VariantRequestParser p = new VariantRequestParser();
    for (Map.Entry<String, List<String>> e : query.entrySet()) {
      String name = canonical(e.getKey());
      List<String> values = e.getValue();
      if (name.equals("start") || name.equals("end") || name.equals("datasetIds") || name.equals("filters")) {
        List<String> parts = new ArrayList<>();
        for (String v : values) {
          for (String part : v.split(",", -1)) {
            parts.add(part.trim());
          }
        }
        p.list(name, parts);
      } else {
        if (values.size() != 1) {
          throw RequestException.badArgument("parameter '%s' given %d times; give it once", name, values.size());
        }
        p.single(name, values.get(0));
      }
    }
    return p.build();
  }

  /** A query from a POST body of Beacon's request schema; an empty body is a query with no parameters. */
  static VariantRequest fromBody(JsonNode body) {
    VariantRequestParser p = new VariantRequestParser();
    if (body == null || body.isNull() || body.isMissingNode()) {
      return p.build();
    }
    if (!body.isObject()) {
      throw RequestException.badArgument("the request body must be a JSON object (Beacon's beaconRequestBody)");
    }
    JsonNode query = body.path("query");
    if (query.isMissingNode() || query.isNull()) {
      return p.build();
    }
    if (!query.isObject()) {
      throw RequestException.badArgument("'query' must be an object");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = query.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode v = e.getValue();
      switch (e.getKey()) {
        case "requestParameters" -> p.bodyParameters(v);
        case "pagination" -> {
          if (!v.isObject()) {
            throw RequestException.badArgument("'query.pagination' must be an object");
          }
          if (v.has("skip")) {
            p.single("skip", text(v.get("skip"), "pagination.skip"));
          }
          if (v.has("limit")) {
            p.single("limit", text(v.get("limit"), "pagination.limit"));
          }
        }
        case "filters" -> {
          if (!v.isArray() || !v.isEmpty()) {
            p.list("filters", List.of(v.toString()));
          }
        }
        case "requestedGranularity", "includeResultsetResponses", "testMode" ->
            p.single(e.getKey(), text(v, e.getKey()));
        default -> throw RequestException.badArgument("unknown member 'query.%s'; Beacon's query has "
            + "requestParameters, filters, pagination, requestedGranularity, includeResultsetResponses, testMode",
            shorten(e.getKey()));
      }
    }
    return p.build();
  }

  private void bodyParameters(JsonNode v) {
    if (!v.isObject()) {
      throw RequestException.badArgument("'query.requestParameters' must be an object");
    }
    if (v.size() == 1 && v.has("g_variant") && v.get("g_variant").isObject()) {
      // the framework's schema keys requestParameters by entry type: {"g_variant": {...}}; most clients send
      // the parameters flat, so both are taken
      v = v.get("g_variant");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = canonical(e.getKey());
      JsonNode value = e.getValue();
      if (!POSITIONAL.contains(name) && !UNSUPPORTED.contains(name)) {
        throw unknown(e.getKey());
      }
      if (value.isArray()) {
        List<String> parts = new ArrayList<>();
        value.forEach(x -> parts.add(text(x, name)));
        if (name.equals("start") || name.equals("end") || name.equals("datasetIds")) {
          list(name, parts);
        } else if (parts.size() == 1) {
          single(name, parts.get(0));
        } else {
          throw RequestException.badArgument("'%s' takes one value, not a list", name);
        }
      } else {
        String t = text(value, name);
        if (name.equals("start") || name.equals("end") || name.equals("datasetIds")) {
          list(name, List.of(t.split(",", -1)));
        } else {
          single(name, t);
        }
      }
    }
  }

  private static String text(JsonNode v, String name) {
    if (v == null || !(v.isValueNode()) || v.isNull()) {
      throw RequestException.badArgument("'%s' must be a string, number or boolean", name);
    }
    return v.asText();
  }

  /** GA4GH spells a few parameters two ways ({@code geneid} in the OpenAPI, {@code geneId} in the schema). */
  private static String canonical(String name) {
    return switch (name) {
      case "geneid", "gene_id" -> "geneId";
      case "datasets", "datasetIDs" -> "datasetIds";
      default -> name;
    };
  }

  private void list(String name, List<String> values) {
    switch (name) {
      case "start" -> {
        start = positions("start", values, 0);
        parameters.set("start", numbers(start));
      }
      case "end" -> {
        end = positions("end", values, 0);
        parameters.set("end", numbers(end));
      }
      case "datasetIds" -> {
        datasetIds = values.stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
        ArrayNode a = parameters.putArray("datasetIds");
        datasetIds.forEach(a::add);
      }
      case "filters" -> {
        if (values.stream().anyMatch(s -> !s.isBlank())) {
          throw RequestException.badArgument("filters are not supported on genomic variants: the filtering terms "
              + "(/beacon/v2/filtering_terms) select individuals and biosamples");
        }
      }
      default -> throw new IllegalStateException(name);
    }
  }

  private void single(String name, String value) {
    if (UNSUPPORTED.contains(name)) {
      throw RequestException.unsupported("'%s' queries are not supported by this beacon; use referenceName "
          + "with start, end, referenceBases and alternateBases", name);
    }
    switch (name) {
      case "referenceName" -> referenceName = Optional.of(nonEmpty(name, value));
      case "referenceBases" -> referenceBases = Optional.of(bases(name, value));
      case "alternateBases" -> alternateBases = Optional.of(bases(name, value));
      case "variantType" -> variantType = Optional.of(nonEmpty(name, value));
      case "variantMinLength" -> minLength = OptionalInt.of(number(name, value, 0));
      case "variantMaxLength" -> maxLength = OptionalInt.of(number(name, value, 0));
      case "geneId" -> geneId = Optional.of(nonEmpty(name, value));
      case "assemblyId" -> assemblyId = Optional.of(nonEmpty(name, value));
      case "requestedGranularity" -> granularity = Granularity.parse(value);
      case "includeResultsetResponses" -> scope = ResultsetScope.parse(value);
      case "skip" -> skip = number(name, value, 0);
      case "limit" -> limit = number(name, value, 0);
      case "testMode" -> testMode = bool(name, value);
      case "requestedSchema" -> {
        if (!value.isBlank() && !value.equals(BeaconSchemas.VARIANT_SCHEMA)) {
          throw RequestException.badArgument("requestedSchema '%s' is not served; genomicVariant records use %s",
              shorten(value), BeaconSchemas.VARIANT_SCHEMA);
        }
      }
      case "start", "end", "datasetIds", "filters" -> {
        list(name, List.of(value.split(",", -1)));
        return; // list() keeps the echo
      }
      default -> throw unknown(name);
    }
    if (POSITIONAL.contains(name)) {
      if (name.equals("variantMinLength") || name.equals("variantMaxLength")) {
        parameters.put(name, Integer.parseInt(value.trim()));
      } else {
        parameters.put(name, value);
      }
    }
  }

  private static RequestException unknown(String name) {
    return RequestException.badArgument("unknown parameter '%s'; /g_variants takes %s and %s", shorten(name),
        String.join(", ", new java.util.TreeSet<>(POSITIONAL)), String.join(", ", new java.util.TreeSet<>(FRAMEWORK)));
  }

  private static ArrayNode numbers(List<Integer> values) {
    ArrayNode a = JsonNodeFactory.instance.arrayNode();
    values.forEach(a::add);
    return a;
  }

  private static List<Integer> positions(String name, List<String> values, int min) {
    if (values.isEmpty() || values.size() > 2) {
      throw RequestException.badArgument("'%s' takes one position or two (a bracket: min,max), not %d", name,
          values.size());
    }
    List<Integer> out = new ArrayList<>();
    for (String v : values) {
      out.add(number(name, v, min));
    }
    if (out.size() == 2 && out.get(0) > out.get(1)) {
      throw RequestException.badArgument("'%s' bracket %d,%d: min > max", name, out.get(0), out.get(1));
    }
    return out;
  }

  private static int number(String name, String value, int min) {
    String v = value.trim();
    long n;
    try {
      n = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw RequestException.badArgument("'%s' must be a whole number, not '%s'", name, shorten(value));
    }
    if (n < min || n >= Integer.MAX_VALUE) {
      throw RequestException.badArgument("'%s' %d out of range (%d..%d)", name, n, min, Integer.MAX_VALUE - 1);
    }
    return (int) n;
  }

  private static boolean bool(String name, String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw RequestException.badArgument("'%s' must be true or false, not '%s'", name, shorten(value));
    };
  }

  private static String nonEmpty(String name, String value) {
    String v = value.trim();
    if (v.isEmpty()) {
      throw RequestException.badArgument("'%s' is empty", name);
    }
    return v;
  }

  private static String bases(String name, String value) {
    String v = value.trim().toUpperCase(Locale.ROOT);
    if (v.isEmpty() || !BASES.matcher(v).matches()) {
      throw RequestException.badArgument("'%s' must be bases (IUPAC codes, N for any base), not '%s'", name,
          shorten(value));
    }
    return v;
  }

  private VariantRequest build() {
    if (!end.isEmpty() && start.isEmpty()) {
      throw RequestException.badArgument("'end' needs 'start'");
    }
    if (start.size() != end.size() && !end.isEmpty()) {
      throw RequestException.badArgument("give start and end as one position each (a range) or as two each "
          + "(a bracket: start=min,max&end=min,max), not %d and %d", start.size(), end.size());
    }
    if (start.size() == 2 && end.isEmpty()) {
      throw RequestException.badArgument("a bracket query needs both start=min,max and end=min,max");
    }
    if (start.size() == 1 && end.size() == 1 && end.get(0) <= start.get(0)) {
      throw RequestException.badArgument("range end %d must be greater than start %d (0-based, end exclusive)",
          end.get(0), start.get(0));
    }
    if (!start.isEmpty() && referenceName.isEmpty()) {
      throw RequestException.badArgument("'start' needs 'referenceName'");
    }
    if (geneId.isPresent() && (referenceName.isPresent() || !start.isEmpty())) {
      // Beacon's geneId query is one of its own: the gene's span is the region
      throw RequestException.badArgument("'geneId' stands for the gene's span: give it without referenceName, start "
          + "and end");
    }
    if (minLength.isPresent() && maxLength.isPresent() && minLength.getAsInt() > maxLength.getAsInt()) {
      throw RequestException.badArgument("variantMinLength %d > variantMaxLength %d", minLength.getAsInt(),
          maxLength.getAsInt());
    }
    if (limit > MAX_LIMIT) {
      throw RequestException.tooLarge("limit %d is more than %d records per dataset; page with skip", limit,
          MAX_LIMIT);
    }
    return new VariantRequest(referenceName, start, end, referenceBases, alternateBases, variantType, minLength,
        maxLength, geneId, assemblyId, datasetIds, granularity, scope, skip, limit == 0 ? MAX_LIMIT : limit,
        testMode, parameters);
  }

  static String shorten(String s) {
    String t = s.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 40 ? t : t.substring(0, 37) + "...";
  }
}
