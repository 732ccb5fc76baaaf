package org.dasgrid.core.config;

import java.util.List;
import java.util.Objects;

/**
 * {@code server.auth}: whose bearer JWTs are accepted ({@code issuers}) and whose GA4GH Passport visas are
 * trusted ({@code visaIssuers}); {@code clockSkewSeconds} is the leeway on {@code exp}/{@code nbf}/{@code
 * asserted} (default 60); {@code keysCacheSeconds} how long fetched JWKS keys are used before they are fetched
 * again (default 300), and {@code keysOutageSeconds} how long cached keys keep serving when their URL cannot be
 * reached (default 86400).
 */
public record AuthSettings(List<TrustedIssuer> issuers, List<TrustedIssuer> visaIssuers, Integer clockSkewSeconds,
    Integer keysCacheSeconds, Integer keysOutageSeconds) {
  public static final AuthSettings NONE = new AuthSettings(null, null, null, null, null);

  public AuthSettings {
    issuers = issuers == null ? List.of() : issuers.stream().filter(Objects::nonNull).toList();
    visaIssuers = visaIssuers == null ? List.of() : visaIssuers.stream().filter(Objects::nonNull).toList();
    clockSkewSeconds = clockSkewSeconds == null ? 60 : clockSkewSeconds;
    if (clockSkewSeconds < 0 || clockSkewSeconds > 600) {
      throw new IllegalArgumentException("server.auth.clockSkewSeconds must be in 0..600, not " + clockSkewSeconds);
    }
    keysCacheSeconds = Settings.positive(keysCacheSeconds, 300, "auth.keysCacheSeconds");
    keysOutageSeconds = Settings.positive(keysOutageSeconds, 86_400, "auth.keysOutageSeconds");
  }

  /** Whether bearer JWTs are checked at all (some issuer is configured). */
  public boolean enabled() {
    return !issuers.isEmpty();
  }

  /**
   * One trusted issuer: its {@code iss}, where its public keys are ({@code jwks}: an {@code http(s)} URL or a
   * JWKS file, relative to the config's folder) and, for token issuers, the {@code aud} a token must name.
   */
  public record TrustedIssuer(String issuer, String jwks, String audience) {
    /** Whether the keys are fetched from a URL rather than read from a file. */
    public boolean remoteKeys() {
      return jwks != null && (jwks.startsWith("https://") || jwks.startsWith("http://"));
    }
  }
}
