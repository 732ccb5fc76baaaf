package org.dasgrid.core.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The config's controlled-access part (contract section 11) checked at start-up: {@code server.auth}'s issuers,
 * and each source's {@code tiers}, {@code dataset} and {@code minCount}. A tiered source without issuers to
 * check its tokens would refuse everyone, so that is a mistake, said here.
 */
final class AccessConfigCheck {
  private AccessConfigCheck() {}

  static void check(DasGridConfig config) {
    String name = config.file().getFileName().toString();
    AuthSettings auth = config.server().auth();
    Path base = config.file().getParent();
    issuers(name + ": server.auth.issuers", auth.issuers(), true, base);
    issuers(name + ": server.auth.visaIssuers", auth.visaIssuers(), false, base);
    for (int i = 0; i < config.sources().size(); i++) {
      SourceConfig s = config.sources().get(i);
      String where = name + ": sources[" + i + "] (" + s.id() + ")";
      if (s.minCount() < 1) {
        throw new ConfigException(where + ": minCount must be at least 1, not " + s.minCount());
      }
      Tiers t = s.tiers();
      if (t.variants().compareTo(t.aggregate()) < 0 || t.genotypes().compareTo(t.variants()) < 0) {
        throw new ConfigException(where + ": tiers: a higher tier may not need less than a lower one (aggregate "
            + t.aggregate().label() + ", variants " + t.variants().label() + ", genotypes " + t.genotypes().label()
            + "): what a record shows, its count shows too");
      }
      if (!t.restricted()) {
        continue;
      }
      if (s.access() == Access.TOKEN) {
        throw new ConfigException(where + ": 'tiers' and 'access: token' cannot be combined: protect the source"
            + " with static tokens or with tiers");
      }
      if (auth.issuers().isEmpty() || auth.visaIssuers().isEmpty()) {
        throw new ConfigException(where + ": tiers above public need server.auth.issuers (whose tokens) and"
            + " server.auth.visaIssuers (whose visas) to tell who a caller is");
      }
    }
  }

  private static void issuers(String where, List<AuthSettings.TrustedIssuer> issuers, boolean tokens, Path base) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < issuers.size(); i++) {
      AuthSettings.TrustedIssuer t = issuers.get(i);
      String at = where + "[" + i + "]";
      if (t.issuer() == null || t.issuer().isBlank()) {
        throw new ConfigException(at + ": missing 'issuer' (the iss its tokens carry)");
      }
      if (!seen.add(t.issuer())) {
        throw new ConfigException(at + ": issuer '" + t.issuer() + "' is listed twice");
      }
      if (t.jwks() == null || t.jwks().isBlank()) {
        throw new ConfigException(at + " (" + t.issuer() + "): missing 'jwks' (a JWKS URL or file)");
      }
      if (!t.remoteKeys() && !Files.isRegularFile(base.resolve(t.jwks()))) {
        throw new ConfigException(at + " (" + t.issuer() + ").jwks: file not found: " + base.resolve(t.jwks()));
      }
      if (tokens && (t.audience() == null || t.audience().isBlank())) {
        throw new ConfigException(at + " (" + t.issuer() + "): missing 'audience' (the aud a token for this"
            + " server carries, e.g. the client id registered at the broker)");
      }
    }
  }
}
