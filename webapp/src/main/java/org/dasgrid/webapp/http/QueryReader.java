package org.dasgrid.webapp.http;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;

/**
 * Reads a request's arguments, the raw query string plus a POSTed form body (batch clients send hundreds of
 * segments or samples that way), within {@code server.maxQueryLength} characters together. Shared by the DAS
 * and genotype servlets, so the limit means the same on both.
 */
public final class QueryReader {
  private QueryReader() {}

  /** The arguments of the query string and, for a POSTed form, its body. */
  public static QueryArguments read(HttpServletRequest req, int maxQueryLength) throws IOException {
    String query = req.getQueryString();
    if (query != null && query.length() > maxQueryLength) {
      throw tooLong(maxQueryLength);
    }
    QueryArguments args = QueryArguments.parse(query);
    if ("POST".equals(req.getMethod())) {
      args = args.plus(formBody(req, maxQueryLength, maxQueryLength - (query == null ? 0 : query.length())));
    }
    return args;
  }

  private static RequestException tooLong(int max) {
    return RequestException.tooLarge(
        "query longer than %d characters (server.maxQueryLength); send fewer segments per request", max);
  }

  /** The form body's arguments, refused when longer than {@code room}, what the query string left. */
  private static QueryArguments formBody(HttpServletRequest req, int max, int room) throws IOException {
    String type = req.getContentType();
    if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded")) {
      return QueryArguments.empty();
    }
    if (req.getContentLengthLong() > room) {
      throw tooLong(max);
    }
    try (InputStream in = req.getInputStream()) {
      byte[] body = in.readNBytes(room + 1);
      if (body.length > room) {
        throw tooLong(max);
      }
      return QueryArguments.parse(new String(body, StandardCharsets.ISO_8859_1));
    }
  }
}
