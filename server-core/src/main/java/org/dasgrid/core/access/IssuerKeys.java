package org.dasgrid.core.access;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSetCacheRefreshEvaluator;
import com.nimbusds.jose.jwk.source.JWKSetSource;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.jwk.source.URLBasedJWKSetSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.nio.file.Path;
import java.text.ParseException;
import java.time.Instant;
import java.util.Optional;
import org.dasgrid.core.config.AuthSettings;

/**
 * One issuer's public keys, from its JWKS URL or file, with what nimbus' {@link JWKSourceBuilder} adds on top:
 * a cache (fetched again after {@code keysCacheSeconds}, and at once when a token names a {@code kid} the cache
 * lacks, at most twice in a rate-limit interval) and outage tolerance (when the URL cannot be reached, the last
 * keys fetched keep serving for {@code keysOutageSeconds}). This class is the innermost source: it fetches, and
 * remembers how the last fetch went, for {@code /health/ready} and for the message of a refused token.
 */
final class IssuerKeys implements JWKSetSource<SecurityContext> {
  private final String issuer;
  private final String location;
  private final JWKSetSource<SecurityContext> fetch;
  private final JWKSource<SecurityContext> cached;
  private volatile Fetch last;

  /** How the last fetch went. */
  private record Fetch(Instant at, int keys, String error) {}

  IssuerKeys(AuthSettings.TrustedIssuer trusted, Path baseDir, AuthSettings settings) {
    this.issuer = trusted.issuer();
    if (trusted.remoteKeys()) {
      this.location = trusted.jwks();
      try {
        // 2 s to connect and to read, 1 MB at most: a key set is a few KB
        this.fetch = new URLBasedJWKSetSource<>(URI.create(trusted.jwks()).toURL(),
            new DefaultResourceRetriever(2000, 2000, 1 << 20));
      } catch (MalformedURLException | IllegalArgumentException e) {
        throw new IllegalArgumentException("bad jwks URL of issuer " + issuer + ": " + trusted.jwks(), e);
      }
    } else {
      Path file = baseDir.resolve(trusted.jwks()).normalize();
      this.location = file.toString();
      this.fetch = new FileKeys(file);
    }
    long ttl = settings.keysCacheSeconds() * 1000L;
    this.cached = JWKSourceBuilder.create(this)
        .cache(ttl, 15_000)
        .refreshAheadCache(false)
        .rateLimited(Math.min(30_000, ttl / 2))
        .outageTolerant(settings.keysOutageSeconds() * 1000L)
        .retrying(false)
        .build();
  }

  /** A JWKS file, read again whenever the cache asks (after its time to live, or for an unknown kid). */
  private record FileKeys(Path file) implements JWKSetSource<SecurityContext> {
    @Override
    public JWKSet getJWKSet(JWKSetCacheRefreshEvaluator refresh, long time, SecurityContext context)
        throws KeySourceException {
      try {
        return JWKSet.load(file.toFile());
      } catch (IOException | ParseException e) {
        throw new KeySourceException("cannot read JWKS file " + file + ": " + e.getMessage(), e);
      }
    }

    @Override
    public void close() {
      // nothing held open
    }
  }

  /** The keys as the processors see them: cached, refreshed on an unknown kid, tolerant of outages. */
  JWKSource<SecurityContext> source() {
    return cached;
  }

  @Override
  public JWKSet getJWKSet(JWKSetCacheRefreshEvaluator refresh, long time, SecurityContext context)
      throws KeySourceException {
    try {
      JWKSet set = fetch.getJWKSet(refresh, time, context);
      last = new Fetch(Instant.now(), set.size(), null);
      return set;
    } catch (KeySourceException | RuntimeException e) {
      last = new Fetch(last == null ? null : last.at(), last == null ? 0 : last.keys(), describe(e));
      throw e;
    }
  }

  private static String describe(Exception e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    return root == e ? m : e.getMessage() + " (" + m + ")";
  }

  /** The last fetch's error, if it failed. */
  Optional<String> lastError() {
    Fetch f = last;
    return f == null ? Optional.empty() : Optional.ofNullable(f.error());
  }

  String issuer() {
    return issuer;
  }

  String location() {
    return location;
  }

  KeyStatus status() {
    Fetch f = last;
    if (f == null) {
      return new KeyStatus(issuer, location, true, Optional.empty(), 0, Optional.empty());
    }
    return new KeyStatus(issuer, location, f.error() == null, Optional.ofNullable(f.at()), f.keys(),
        Optional.ofNullable(f.error()));
  }

  /** Fetches the keys now (start-up), so that health tells at once whether the issuer is reachable. */
  void prefetch() {
    try {
      cached.get(new com.nimbusds.jose.jwk.JWKSelector(new com.nimbusds.jose.jwk.JWKMatcher.Builder().build()),
          null);
    } catch (KeySourceException e) {
      // remembered in last: health says so; tokens say so when they need the keys
    }
  }

  @Override
  public void close() throws IOException {
    fetch.close();
  }
}
