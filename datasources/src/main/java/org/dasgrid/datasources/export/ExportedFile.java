package org.dasgrid.datasources.export;

import java.nio.file.Path;

/**
 * One export file on disk, ready to serve: its path, its length, and a strong entity tag that changes whenever
 * its bytes do (the source version and a CRC-32 of the file), so {@code If-Range} never joins bytes of two
 * versions.
 */
public record ExportedFile(String name, Path path, long length, String etag) {
  /** The media type browsers and tools expect for the file's name. */
  public String mediaType() {
    if (name.endsWith(".fai")) {
      return "text/plain; charset=utf-8";
    }
    // bgzipped data, tabix and gzi indexes: binary; never announced as gzip-encoded, or a client would inflate
    // the bytes a range reader needs as they are
    return "application/octet-stream";
  }
}
