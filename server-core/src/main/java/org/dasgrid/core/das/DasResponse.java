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
