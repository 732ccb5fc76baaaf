package org.dasgrid.webapp.ga4gh;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;

/**
 * An htsget v1.3 variants request, from a GET query or a POST body: the format (only VCF), whether only the
 * header is wanted ({@code class=header}), and the regions (none: the whole file). Coordinates are 0-based,
 * half-open; an absent start is 0, an absent end the end of the reference.
 */
record HtsgetQuery(boolean headerOnly, List<Region> regions) {
  private static final Pattern UINT = Pattern.compile("[0-9]{1,10}");
  private static final long MAX_UNSIGNED_32 = 0xFFFF_FFFFL;
  /** The GET query parameters of htsget v1.3 ("Query parameters"); anything else is a client's mistake. */
  static final List<String> GET_PARAMETERS =
      List.of("format", "class", "referenceName", "start", "end", "fields", "tags", "notags");
  /** The keys of a POST body ("Request body"). */
  static final List<String> BODY_KEYS = List.of("format", "class", "fields", "tags", "notags", "regions");
  private static final List<String> REGION_KEYS = List.of("referenceName", "start", "end");

  HtsgetQuery {
    regions = List.copyOf(regions);
  }

  /** One region: a reference name as the client wrote it (aliases allowed), and its range. */
  record Region(String referenceName, long start, long end) {}

  /** From GET parameters (first value of each). */
  static HtsgetQuery fromQuery(Map<String, String[]> params) {
    // a misspelt parameter (refName=chr1) would otherwise turn into a ticket for the whole file
    known("parameter", params.keySet(), GET_PARAMETERS);
    format(first(params, "format"));
    boolean header = headerClass(first(params, "class"));
    String ref = first(params, "referenceName");
    String start = first(params, "start");
    String end = first(params, "end");
    if (header && params.keySet().stream().anyMatch(k -> !k.equals("format") && !k.equals("class"))) {
      throw RequestException.badArgument("class=header takes no other parameter than format");
    }
    tagsApart(split(first(params, "tags")), split(first(params, "notags")));
    if (ref == null) {
      if (start != null || end != null) {
        throw RequestException.badArgument("start and end need a referenceName");
      }
      return new HtsgetQuery(header, List.of());
    }
    return new HtsgetQuery(header, List.of(region(ref, number("start", start, 0), number("end", end, -1))));
  }

  /** From a POST body: {@code {"format", "class", "fields", "tags", "notags", "regions": [...]}}. */
  static HtsgetQuery fromBody(JsonNode body) {
    if (body == null || !body.isObject()) {
      throw RequestException.badArgument("the POST body must be a JSON object");
    }
    known("key", iterable(body.fieldNames()), BODY_KEYS);
    format(text(body, "format"));
    boolean header = headerClass(text(body, "class"));
    if (header && iterable(body.fieldNames()).stream().anyMatch(k -> !k.equals("format") && !k.equals("class"))) {
      throw RequestException.badArgument("\"class\": \"header\" takes no other key than format");
    }
    tagsApart(strings(body, "tags"), strings(body, "notags"));
    JsonNode rs = body.get("regions");
    if (rs == null || rs.isNull()) {
      return new HtsgetQuery(header, List.of());
    }
    if (!rs.isArray()) {
      throw RequestException.badArgument("regions must be an array");
    }
    List<Region> regions = new ArrayList<>();
    for (JsonNode r : rs) {
      if (!r.isObject()) {
        throw RequestException.badArgument("each region must be an object");
      }
      known("region key", iterable(r.fieldNames()), REGION_KEYS);
      String ref = text(r, "referenceName");
      if (ref == null) {
        throw RequestException.badArgument("each region needs a referenceName");
      }
      regions.add(region(ref, number("start", r.get("start"), 0), number("end", r.get("end"), -1)));
    }
    if (regions.isEmpty()) {
      throw RequestException.badArgument("regions is empty; leave it out for the whole file");
    }
    return new HtsgetQuery(header, regions);
  }

  /** Refuses the first of {@code names} that is not one of {@code known}, naming it and what is known. */
  private static void known(String what, java.util.Collection<String> names, List<String> known) {
    for (String n : names) {
      if (!known.contains(n)) {
        throw RequestException.badArgument("unknown %s '%s' (htsget takes %s)", what,
            n.length() > 40 ? n.substring(0, 37) + "..." : n, String.join(", ", known));
      }
    }
  }

  /** htsget: tags and notags must not intersect. */
  private static void tagsApart(List<String> tags, List<String> notags) {
    for (String t : tags) {
      if (notags.contains(t)) {
        throw RequestException.badArgument("tag '%s' is in both tags and notags", t);
      }
    }
  }

  private static List<String> split(String commaSeparated) {
    return commaSeparated == null || commaSeparated.isEmpty() ? List.of() : List.of(commaSeparated.split(","));
  }

  private static List<String> strings(JsonNode body, String field) {
    JsonNode v = body.get(field);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (!v.isArray()) {
      throw RequestException.badArgument("%s must be an array of strings", field);
    }
    List<String> out = new ArrayList<>();
    for (JsonNode e : v) {
      if (!e.isTextual()) {
        throw RequestException.badArgument("%s must be an array of strings", field);
      }
      out.add(e.asText());
    }
    return out;
  }

  private static List<String> iterable(java.util.Iterator<String> names) {
    List<String> out = new ArrayList<>();
    names.forEachRemaining(out::add);
    return out;
  }

  private static Region region(String ref, long start, long end) {
    if (ref.isEmpty()) {
      throw RequestException.badArgument("referenceName is empty");
    }
    if (end >= 0 && start > end) {
      throw new RequestException(ErrorKind.OUT_OF_RANGE, "start %d is greater than end %d", start, end);
    }
    return new Region(ref, start, end);
  }

  private static void format(String format) {
    if (format != null && !format.equals("VCF")) {
      throw RequestException.unsupported("format %s is not served for variants; use VCF",
          format.length() > 20 ? format.substring(0, 17) + "..." : format);
    }
  }

  private static boolean headerClass(String c) {
    if (c == null) {
      return false;
    }
    if (!c.equals("header")) {
      throw RequestException.badArgument("class must be 'header' (or left out), not '%s'",
          c.length() > 20 ? c.substring(0, 17) + "..." : c);
    }
    return true;
  }

  private static long number(String name, String value, long absent) {
    if (value == null) {
      return absent;
    }
    if (!UINT.matcher(value).matches() || Long.parseLong(value) > MAX_UNSIGNED_32) {
      throw RequestException.badArgument("%s must be a 32-bit unsigned integer, not '%s'", name,
          value.length() > 20 ? value.substring(0, 17) + "..." : value);
    }
    return Long.parseLong(value);
  }

  private static long number(String name, JsonNode value, long absent) {
    if (value == null || value.isNull()) {
      return absent;
    }
    if (!value.canConvertToLong() || !value.isIntegralNumber() || value.asLong() < 0
        || value.asLong() > MAX_UNSIGNED_32) {
      throw RequestException.badArgument("%s must be a 32-bit unsigned integer", name);
    }
    return value.asLong();
  }

  private static String first(Map<String, String[]> params, String name) {
    String[] v = params.get(name);
    return v == null || v.length == 0 ? null : v[0];
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return null;
    }
    if (!v.isTextual()) {
      throw RequestException.badArgument("%s must be a string", field);
    }
    return v.asText();
  }
}
