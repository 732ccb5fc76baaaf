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

  HtsgetQuery {
    regions = List.copyOf(regions);
  }

  /** One region: a reference name as the client wrote it (aliases allowed), and its range. */
  record Region(String referenceName, long start, long end) {}

  /** From GET parameters (first value of each). */
  static HtsgetQuery fromQuery(Map<String, String[]> params) {
    format(first(params, "format"));
    boolean header = headerClass(first(params, "class"));
    String ref = first(params, "referenceName");
    String start = first(params, "start");
    String end = first(params, "end");
    if (header && (ref != null || start != null || end != null)) {
      throw RequestException.badArgument("class=header takes no referenceName, start or end");
    }
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
    format(text(body, "format"));
    boolean header = headerClass(text(body, "class"));
    JsonNode rs = body.get("regions");
    if (rs == null || rs.isNull()) {
      return new HtsgetQuery(header, List.of());
    }
    if (!rs.isArray()) {
      throw RequestException.badArgument("regions must be an array");
    }
    if (header && !rs.isEmpty()) {
      throw RequestException.badArgument("class=header takes no regions");
    }
    List<Region> regions = new ArrayList<>();
    for (JsonNode r : rs) {
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
