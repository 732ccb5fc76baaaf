package org.dasgrid.core.das;

import java.util.Locale;
import java.util.Set;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;

/** The body formats a DAS command can answer in, chosen with {@code format=}. XML is the default. */
public enum ResponseFormat {
  XML("text/xml;charset=UTF-8"),
  JSON("application/json"),
  GFF3("text/x-gff3;charset=UTF-8"),
  BED("text/x-bed;charset=UTF-8"),
  VCF("text/x-vcf;charset=UTF-8");

  private final String contentType;

  ResponseFormat(String contentType) {
    this.contentType = contentType;
  }

  public String contentType() {
    return contentType;
  }

  /** The format asked for, which must be one of {@code allowed}; absent means XML. */
  public static ResponseFormat of(QueryArguments args, Set<ResponseFormat> allowed) {
    String value = args.single("format").orElse("xml");
    ResponseFormat f;
    try {
      f = valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      f = null;
    }
    if (f == null || !allowed.contains(f)) {
      throw RequestException.badArgument("format must be one of %s", names(allowed));
    }
    return f;
  }

  /** True when the request asks for JSON, without failing on a bad value (used to format errors). */
  public static boolean wantsJson(QueryArguments args) {
    return args.all("format").stream().anyMatch(v -> v.trim().equalsIgnoreCase("json"));
  }

  private static String names(Set<ResponseFormat> allowed) {
    StringBuilder sb = new StringBuilder();
    for (ResponseFormat f : values()) {
      if (allowed.contains(f)) {
        if (sb.length() > 0) {
          sb.append(", ");
        }
        sb.append(f.name().toLowerCase(Locale.ROOT));
      }
    }
    return sb.toString();
  }
}
