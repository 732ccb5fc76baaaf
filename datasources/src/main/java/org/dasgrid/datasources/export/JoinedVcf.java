package org.dasgrid.datasources.export;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The one VCF a source of several VCFs stands for (contract section 10), for the exports and htsget that copy a
 * VCF: the first file whole (its header is the source's), then the records of the others, their headers left out.
 * Written plain, next to the export being made, and deleted with it.
 */
final class JoinedVcf {
  private JoinedVcf() {}

  /** The source's VCF: its only file, or the files joined into {@code dir}. */
  static Path of(List<Path> vcfs, Path dir) throws IOException {
    if (vcfs.size() == 1) {
      return vcfs.get(0);
    }
    Path out = dir.resolve("joined.vcf");
    try (OutputStream w = new java.io.BufferedOutputStream(Files.newOutputStream(out), 1 << 16)) {
      for (int i = 0; i < vcfs.size(); i++) {
        copy(vcfs.get(i), w, i == 0);
      }
    }
    return out;
  }

  private static void copy(Path vcf, OutputStream w, boolean withHeader) throws IOException {
    try (InputStream in = open(vcf)) {
      byte[] buf = new byte[1 << 16];
      boolean lineStart = true;
      boolean skipping = false;
      int n;
      while ((n = in.read(buf)) > 0) {
        for (int i = 0; i < n; i++) {
          byte b = buf[i];
          if (lineStart) {
            skipping = !withHeader && b == '#';
          }
          if (!skipping) {
            w.write(b);
          }
          lineStart = b == '\n';
        }
      }
      if (!lineStart && !skipping) {
        w.write('\n');
      }
    }
  }

  private static InputStream open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    in.mark(2);
    int b1 = in.read();
    int b2 = in.read();
    in.reset();
    // GZIPInputStream reads every member, so bgzip's concatenated blocks too
    return b1 == 0x1f && b2 == 0x8b ? new GZIPInputStream(in, 1 << 16) : in;
  }
}
