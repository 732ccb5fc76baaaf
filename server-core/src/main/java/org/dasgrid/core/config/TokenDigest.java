package org.dasgrid.core.config;

import java.util.Locale;

/**
 * How the config stores a bearer token: never in clear, only as its SHA-256 hex digest, optionally written
 * {@code sha256:<hex>}. Here, below {@code access}, so that validating a config needs nothing above it.
 */
public final class TokenDigest {
  /** The optional prefix of a stored digest. */
  public static final String PREFIX = "sha256:";

  private TokenDigest() {}

  /** Whether a configured value looks like a digest rather than a token pasted in clear. */
  public static boolean isDigest(String value) {
    String hex = value.toLowerCase(Locale.ROOT).startsWith(PREFIX) ? value.substring(PREFIX.length()) : value;
    return hex.length() == 64 && hex.chars().allMatch(c -> Character.digit(c, 16) >= 0);
  }
}
