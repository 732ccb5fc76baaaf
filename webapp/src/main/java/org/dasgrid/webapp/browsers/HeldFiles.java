package org.dasgrid.webapp.browsers;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Optional;
import org.dasgrid.datasources.export.ExportedFile;

/**
 * The bytes of small export files (indexes, and data files up to {@link #MAX_FILE}), held in memory once read,
 * by path and entity tag. A genome browser reads an export as many small ranges (the index whole, then a few
 * KB to 1 MB at a time); opening, sizing and closing the file for each of them cost about a third of a small
 * range's throughput (measured with {@code perf/ab/browser-ranges.sh}). The tag is part of the key, so a remade
 * file (new version, new CRC) is never answered with another version's bytes; a file whose length on disk is
 * not the one listed is not held, and the caller reads it from disk as before.
 */
final class HeldFiles {
  /** Larger files are sent from disk (sendfile above 48 KB): holding them would crowd the heap for little. */
  static final long MAX_FILE = 8L << 20;

  private final Cache<String, byte[]> bytes;

  HeldFiles(long maxBytes) {
    this.bytes = Caffeine.newBuilder()
        .maximumWeight(maxBytes)
        .<String, byte[]>weigher((k, v) -> v.length + k.length())
        .build();
  }

  /** The file's bytes if it is small enough to hold and still the length listed; empty otherwise. */
  Optional<byte[]> get(ExportedFile file) {
    if (file.length() > MAX_FILE) {
      return Optional.empty();
    }
    String key = file.path() + "\n" + file.etag();
    byte[] held = bytes.getIfPresent(key);
    if (held != null) {
      return Optional.of(held);
    }
    try {
      byte[] read = Files.readAllBytes(file.path());
      if (read.length != file.length()) {
        return Optional.empty();
      }
      bytes.put(key, read);
      return Optional.of(read);
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
