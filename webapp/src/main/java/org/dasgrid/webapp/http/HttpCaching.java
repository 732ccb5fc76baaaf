package org.dasgrid.webapp.http;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** ETags from cache keys and the request headers that decide 304s and gzip. */
public final class HttpCaching {
  private HttpCaching() {}

  /**
   * The ETag of the bytes a cache key names (the key holds the source version and DAS root, so equal keys
   * mean equal content). Strong for the plain body; weak for gzip, whose bytes are the same content but not
   * always the same bytes: a miss streams them compressed at the fastest level, the cache compresses once at
   * the default level for later hits.
   */
  public static String etag(String cacheKey, boolean gzip) {
    long h = 0xcbf29ce484222325L;
    for (byte b : cacheKey.getBytes(StandardCharsets.UTF_8)) {
      h ^= b;
      h *= 0x100000001b3L;
    }
    long h2 = cacheKey.hashCode() * 0x9E3779B97F4A7C15L;
    String tag = Long.toHexString(h) + Long.toHexString(h2 >>> 32);
    return gzip ? "W/\"" + tag + "-gz\"" : "\"" + tag + "\"";
  }

  /** Whether If-None-Match names this resource (either encoding's tag, or {@code *}). */
  public static boolean notModified(HttpServletRequest req, String cacheKey) {
    String inm = req.getHeader("If-None-Match");
    if (inm == null || cacheKey.isEmpty()) {
      return false;
    }
    String plain = etag(cacheKey, false);
    String gz = etag(cacheKey, true).substring(2); // compared without its W/, as the header's tags are
    for (String tag : inm.split(",")) {
      String t = tag.trim();
      if (t.startsWith("W/")) {
        t = t.substring(2);
      }
      if (t.equals("*") || t.equals(plain) || t.equals(gz)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the client accepts gzip ({@code gzip;q=0} refuses it). */
  public static boolean acceptsGzip(HttpServletRequest req) {
    var values = req.getHeaders("Accept-Encoding");
    while (values != null && values.hasMoreElements()) {
      for (String part : values.nextElement().split(",")) {
        String[] p = part.trim().split(";");
        String coding = p[0].trim().toLowerCase(Locale.ROOT);
        if (!coding.equals("gzip") && !coding.equals("*")) {
          continue;
        }
        double q = 1.0;
        for (int i = 1; i < p.length; i++) {
          String param = p[i].trim();
          if (param.startsWith("q=")) {
            try {
              q = Double.parseDouble(param.substring(2));
            } catch (NumberFormatException e) {
              q = 0;
            }
          }
        }
        if (q > 0) {
          return true;
        }
      }
    }
    return false;
  }
}
