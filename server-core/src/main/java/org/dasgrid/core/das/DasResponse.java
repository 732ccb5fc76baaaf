package org.dasgrid.core.das;

import java.io.IOException;
import java.io.OutputStream;

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
  default java.util.Map<String, String> headers() {
    return java.util.Map.of();
  }

  /**
   * The cached answer this response is, when the command found its key in the response cache before doing
   * the work (so the writer need not look it up again).
   */
  default java.util.Optional<org.dasgrid.core.cache.CachedResponse> cached() {
    return java.util.Optional.empty();
  }

  /** A response that is a cached answer: its bytes, and the headers it first went out with. */
  static DasResponse fromCache(String cacheKey, org.dasgrid.core.cache.CachedResponse c) {
    return new DasResponse() {
      @Override
      public String contentType() {
        return c.contentType();
      }

      @Override
      public String cacheKey() {
        return cacheKey;
      }

      @Override
      public String capabilities() {
        return c.capabilities();
      }

      @Override
      public void writeTo(OutputStream out) throws IOException {
        out.write(c.body());
      }

      @Override
      public java.util.Map<String, String> headers() {
        return c.headers();
      }

      @Override
      public java.util.Optional<org.dasgrid.core.cache.CachedResponse> cached() {
        return java.util.Optional.of(c);
      }
    };
  }

  /** A response whose body is written by {@code writer}. */
  static DasResponse of(String contentType, String cacheKey, String capabilities, BodyWriter writer) {
    return new DasResponse() {
      @Override
      public String contentType() {
        return contentType;
      }

      @Override
      public String cacheKey() {
        return cacheKey;
      }

      @Override
      public String capabilities() {
        return capabilities;
      }

      @Override
      public void writeTo(OutputStream out) throws IOException {
        writer.write(out);
      }
    };
  }

  /** Writes a body. */
  @FunctionalInterface
  interface BodyWriter {
    void write(OutputStream out) throws IOException;
  }
}
