package org.dasgrid.core.das;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.cache.CachedResponse;

/**
 * A validated answer, ready to be written. Everything that can fail because of the request has failed
 * before one exists, so writing it never changes the status of a response already under way.
 */
public interface DasResponse {
  String contentType();

  /**
   * Identifies the bytes this response writes: equal keys mean equal bytes (the source version is part of
   * it). Used for ETags and the response cache; empty when the response must not be cached.
   */
  String cacheKey();

  /** The X-DAS-Capabilities of the source (or server) that answered. */
  String capabilities();

  /** Writes the body to {@code out}, which the caller buffers; does not close it. */
  void writeTo(OutputStream out) throws IOException;

  /** Headers beyond the DAS ones (which cluster nodes answered, whether the answer is partial). */
  default Map<String, String> headers() {
    return Map.of();
  }

  /**
   * The cached answer this response is, when the command found its key in the response cache before doing
   * the work (so the writer need not render it).
   */
  default Optional<CachedResponse> cached() {
    return Optional.empty();
  }

  /** A response that is a cached answer: its bytes, and the headers it first went out with. */
  static DasResponse fromCache(String cacheKey, CachedResponse c) {
    return new Parts(c.contentType(), cacheKey, c.capabilities(), out -> out.write(c.body()), c.headers(),
        Optional.of(c));
  }

  /** A response whose body is written by {@code writer}. */
  static DasResponse of(String contentType, String cacheKey, String capabilities, BodyWriter writer) {
    return new Parts(contentType, cacheKey, capabilities, writer, Map.of(), Optional.empty());
  }

  /** The same response under another cache key and with other headers. */
  default DasResponse with(String cacheKey, Map<String, String> headers) {
    return new Parts(contentType(), cacheKey, capabilities(), this::writeTo, headers, cached());
  }

  /** Writes a body. */
  @FunctionalInterface
  interface BodyWriter {
    void write(OutputStream out) throws IOException;
  }

  /** A response made of its parts. */
  record Parts(String contentType, String cacheKey, String capabilities, BodyWriter writer,
      Map<String, String> headers, Optional<CachedResponse> cached) implements DasResponse {
    @Override
    public void writeTo(OutputStream out) throws IOException {
      writer.write(out);
    }
  }
}
