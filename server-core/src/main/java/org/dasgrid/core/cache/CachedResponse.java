package org.dasgrid.core.cache;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * The serialized bytes of a hot response, with its gzip form made once on first demand and kept beside it:
 * complete ({@link #gzipped}, a DAS answer) or left open for a per-request tail ({@link #openGzip}, an analytics
 * answer, whose timings are its own on every request).
 */
public final class CachedResponse {
  private final byte[] body;
  private final String contentType;
  private final String capabilities;
  private final java.util.Map<String, String> headers;
  private volatile byte[] gzipped;
  private volatile OpenGzip openGzip;

  public CachedResponse(byte[] body, String contentType, String capabilities) {
    this(body, contentType, capabilities, java.util.Map.of());
  }

  /** With the headers the answer went out with beyond the DAS ones (e.g. which cluster nodes answered). */
  public CachedResponse(byte[] body, String contentType, String capabilities, java.util.Map<String, String> headers) {
    this.body = body;
    this.contentType = contentType;
    this.capabilities = capabilities;
    this.headers = java.util.Map.copyOf(headers);
  }

  public byte[] body() {
    return body;
  }

  public String contentType() {
    return contentType;
  }

  public String capabilities() {
    return capabilities;
  }

  public java.util.Map<String, String> headers() {
    return headers;
  }

  /** The body gzip-compressed (made once, at the default level, since it is then reused). */
  public byte[] gzipped() {
    byte[] g = gzipped;
    if (g == null) {
      g = gzip(body);
      gzipped = g;
    }
    return g;
  }

  /**
   * The body compressed (once, at the default level, as {@link #gzipped}) and left open, for answers that end
   * with bytes of their own after it.
   */
  public OpenGzip openGzip() {
    OpenGzip g = openGzip;
    if (g == null) {
      g = OpenGzip.of(body);
      openGzip = g;
    }
    return g;
  }

  /** Bytes held, counting a gzip form at the expected size before it exists (a cache weighs an entry once). */
  public int weight() {
    byte[] g = gzipped;
    OpenGzip o = openGzip;
    int compressed = g != null ? g.length : o != null ? o.weight() : body.length / 8;
    return body.length + compressed + 128;
  }

  static byte[] gzip(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, body.length / 6));
    try (GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16) {
          {
            def.setLevel(Deflater.DEFAULT_COMPRESSION);
          }
        }) {
      gz.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
