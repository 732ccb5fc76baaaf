package org.dasgrid.datasources.vcf;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.TextInput;

/**
 * The identity of a VCF that a genotype index remembers ({@link SourceIdentity}): size, modification time,
 * and SHA-256 of the header lines, of the first record line (both decompressed) and of the last 64 KiB of the
 * file as stored. Costs reading the header and one record, and one seek: no pass over the file.
 */
final class VcfIdentity {
  static final int TAIL = 1 << 16;

  private VcfIdentity() {}

  static SourceIdentity of(Path vcf) throws SourceLoadException {
    try {
      long size = Files.size(vcf);
      long modified = Files.getLastModifiedTime(vcf).toMillis();
      MessageDigest header = sha256();
      MessageDigest first = sha256();
      try (TextInput input = TextInput.open(vcf);
          InputStream in = new BufferedInputStream(input.stream(), 1 << 16)) {
        boolean lineStart = true;
        boolean inHeader = true;
        for (int b = in.read(); b >= 0; b = in.read()) {
          if (lineStart) {
            inHeader = b == '#';
            lineStart = false;
          }
          (inHeader ? header : first).update((byte) b);
          if (b == '\n') {
            if (!inHeader) {
              break;
            }
            lineStart = true;
          }
        }
      }
      MessageDigest tail = sha256();
      try (RandomAccessFile f = new RandomAccessFile(vcf.toFile(), "r")) {
        byte[] last = new byte[(int) Math.min(TAIL, size)];
        f.seek(size - last.length);
        f.readFully(last);
        tail.update(last);
      }
      HexFormat hex = HexFormat.of();
      return new SourceIdentity(size, modified, hex.formatHex(header.digest()), hex.formatHex(first.digest()),
          hex.formatHex(tail.digest()));
    } catch (IOException e) {
      throw SourceLoadException.badFile(vcf, TextInput.describe(e));
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
