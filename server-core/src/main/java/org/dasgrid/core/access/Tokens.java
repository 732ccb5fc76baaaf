package org.dasgrid.core.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.dasgrid.core.config.TokenDigest;

/**
 * Bearer tokens as the config stores them: never in clear, only as SHA-256 hex digests (optionally written
 * {@code sha256:<hex>}), compared in constant time.
 */
public final class Tokens {
  private static final String PREFIX = TokenDigest.PREFIX;

  private Tokens() {}

  /** The digest to put in the config for a token ({@code java -jar dasgrid.jar --hash-token TOKEN}). */
  public static String hash(String token) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
      return PREFIX + HexFormat.of().formatHex(d);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** Whether a presented token hashes to one of the configured digests. */
  public static boolean matches(String presented, List<String> digests) {
    if (presented == null || presented.isEmpty() || digests.isEmpty()) {
      return false;
    }
    byte[] mine = hash(presented).getBytes(StandardCharsets.US_ASCII);
    boolean found = false;
    for (String d : digests) {
      String normal = d.toLowerCase(Locale.ROOT).startsWith(PREFIX) ? d.toLowerCase(Locale.ROOT)
          : PREFIX + d.toLowerCase(Locale.ROOT);
      // no early exit: the time taken does not tell which digest matched
      found |= MessageDigest.isEqual(mine, normal.getBytes(StandardCharsets.US_ASCII));
    }
    return found;
  }

  /** Whether a configured value looks like a digest rather than a token pasted in clear. */
  public static boolean isDigest(String value) {
    return TokenDigest.isDigest(value);
  }
}
