package org.dasgrid.core.registry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * A short version string derived from a source's files, so that it changes exactly when the data change and
 * is the same on every node holding the same files (ETags and cached answers stay valid across restarts and
 * cluster nodes). Files up to {@value #CONTENT_HASH_LIMIT} bytes are hashed by content; larger ones by size
 * and modification time, since reading a genome-scale file twice at start-up is not worth it.
 */
final class SourceVersion {
  static final long CONTENT_HASH_LIMIT = 256L << 20;

  private SourceVersion() {}

  static String of(List<Path> files) throws IOException {
    CRC32C crc = new CRC32C();
    long mix = 0;
    byte[] buf = new byte[1 << 16];
    for (Path p : files) {
      long size = Files.size(p);
      if (size <= CONTENT_HASH_LIMIT) {
        try (InputStream in = Files.newInputStream(p)) {
          int n;
          while ((n = in.read(buf)) > 0) {
            crc.update(buf, 0, n);
          }
        }
      } else {
        mix = mix * 31 + Files.getLastModifiedTime(p).toMillis();
      }
      mix = mix * 31 + size;
    }
    long v = (crc.getValue() << 20) ^ mix;
    return Long.toHexString(v & 0xFFFFFFFFFFFFL);
  }
}
