package org.dasgrid.webapp.page;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;

/** One file of the page, in memory with its gzip form, content type and ETag. */
record StaticFile(byte[] body, byte[] gzipped, String contentType, String etag, boolean immutableName) {

  static StaticFile of(byte[] body, String contentType, String etag, boolean immutableName) {
    return new StaticFile(body, gzip(body), contentType, etag, immutableName);
  }

  private static byte[] gzip(byte[] body) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, body.length / 4));
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
