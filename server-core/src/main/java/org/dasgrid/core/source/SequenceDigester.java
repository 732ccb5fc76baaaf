package org.dasgrid.core.source;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Computes MD5 and SHA-512 of a sequence appended to it piece by piece, as refget defines them: letters only,
 * upper-cased (line breaks, gaps and other symbols do not count).
 */
public final class SequenceDigester implements Appendable {
  private final MessageDigest md5 = digest("MD5");
  private final MessageDigest sha512 = digest("SHA-512");
  private final byte[] buffer = new byte[1 << 16];
  private int filled;

  @Override
  public Appendable append(CharSequence csq) {
    return append(csq, 0, csq.length());
  }

  @Override
  public Appendable append(CharSequence csq, int start, int end) {
    for (int i = start; i < end; i++) {
      append(csq.charAt(i));
    }
    return this;
  }

  @Override
  public Appendable append(char c) {
    char u = c >= 'a' && c <= 'z' ? (char) (c - 32) : c;
    if (u >= 'A' && u <= 'Z') {
      buffer[filled++] = (byte) u;
      if (filled == buffer.length) {
        drain();
      }
    }
    return this;
  }

  private void drain() {
    md5.update(buffer, 0, filled);
    sha512.update(buffer, 0, filled);
    filled = 0;
  }

  /** The checksums of everything appended. */
  public SequenceDigests.Digest finish(String ref, int length, boolean circular) {
    drain();
    byte[] sha = Arrays.copyOf(sha512.digest(), 24);
    return new SequenceDigests.Digest(ref, length, HexFormat.of().formatHex(md5.digest()),
        "SQ." + Base64.getUrlEncoder().withoutPadding().encodeToString(sha), HexFormat.of().formatHex(sha), circular);
  }

  /** The GA4GH digest ({@code SQ.}...) of a sequence given whole; for tests and small sequences. */
  public static String ga4gh(CharSequence sequence) {
    SequenceDigester d = new SequenceDigester();
    d.append(sequence);
    return d.finish("-", Math.max(1, sequence.length()), false).ga4gh();
  }

  private static MessageDigest digest(String name) {
    try {
      return MessageDigest.getInstance(name);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(name + " is a required JDK algorithm", e);
    }
  }
}
