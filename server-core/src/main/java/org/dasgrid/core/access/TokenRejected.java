package org.dasgrid.core.access;

/**
 * A bearer token that cannot be accepted: not a signed JWT, signed with an algorithm or key not allowed, from an
 * issuer not configured, expired, for another audience... The message says which, for the 401 answer.
 */
public final class TokenRejected extends Exception {
  private static final long serialVersionUID = 1L;

  public TokenRejected(String message) {
    super(message, null, false, false);
  }
}
