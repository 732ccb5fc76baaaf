package org.dasgrid.webapp.ga4gh;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Locale;

/** Small helpers the GA4GH servlets share: Accept checks, JSON bodies. (CORS, and its absence
 * for protected sources, is the CORS filter's.) */
final class Ga4ghResponses {
  private Ga4ghResponses() {}

  /**
   * Whether the request's Accept header allows one of {@code types} (exact media types, compared without
   * parameters), {@code type/*} or {@code * /*}; no Accept header allows everything.
   */
  static boolean accepts(HttpServletRequest req, String... types) {
    String accept = req.getHeader("Accept");
    if (accept == null || accept.isBlank()) {
      return true;
    }
    for (String part : accept.split(",")) {
      String range = base(part);
      if (range.isEmpty() || range.equals("*/*")) {
        return true;
      }
      for (String t : types) {
        if (range.equals(t) || (range.endsWith("/*") && t.startsWith(range.substring(0, range.length() - 1)))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Of two versions of one media type, the one to answer with: {@code older} when the Accept header names it
   * and not {@code newer} (a client of the older protocol version), else {@code newer}.
   */
  static String version(HttpServletRequest req, String newer, String older) {
    return names(req, base(older)) && !names(req, base(newer)) ? older : newer;
  }

  /** Whether the Accept header names {@code type} itself, not through a wildcard (parameters ignored). */
  private static boolean names(HttpServletRequest req, String type) {
    String accept = req.getHeader("Accept");
    if (accept == null) {
      return false;
    }
    for (String part : accept.split(",")) {
      if (base(part).equals(type)) {
        return true;
      }
    }
    return false;
  }

  /** A media type without its parameters, lower case. */
  private static String base(String type) {
    return type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
  }

  /** Sends a small JSON document built in memory, with its length. */
  static void json(HttpServletResponse resp, int status, String contentType, JsonBody body) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(512);
    body.write(bytes);
    resp.setStatus(status);
    resp.setContentType(contentType);
    resp.setContentLength(bytes.size());
    resp.getOutputStream().write(bytes.toByteArray());
  }

  /**
   * Sends an error document {@code {"<wrapper>": {"<codeField>": code, "message": message}}}, as the GA4GH
   * specs shape their errors (htsget: {@code htsget}/{@code error} name; refget: {@code error}/{@code status}),
   * unless the answer has begun. The buffer is reset, not the headers: CORS headers stay, so browsers can
   * read the error.
   */
  static void error(HttpServletResponse resp, int status, String wrapper, String codeField, Object code,
      String message) throws IOException {
    if (resp.isCommitted()) {
      return;
    }
    resp.resetBuffer();
    json(resp, status, "application/json", out -> {
      try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
        g.writeStartObject();
        g.writeObjectFieldStart(wrapper);
        g.writeFieldName(codeField);
        if (code instanceof Integer n) {
          g.writeNumber(n);
        } else {
          g.writeString(code.toString());
        }
        g.writeStringField("message", message);
        g.writeEndObject();
        g.writeEndObject();
      }
    });
  }

  /** Writes a JSON body. */
  @FunctionalInterface
  interface JsonBody {
    void write(java.io.OutputStream out) throws IOException;
  }
}
