package org.dasgrid.core.access;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.io.IOException;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.dasgrid.core.config.AuthSettings;

/**
 * Turns a bearer JWT into a {@link Caller}, with nimbus-jose-jwt doing every check (contract section 11): the
 * token must be a JWS signed with an asymmetric algorithm (RS, PS or ES: {@code alg: none} and HMAC are refused)
 * by a key of its issuer's JWKS ({@link IssuerKeys}: cached, refreshed for an unknown {@code kid}); its {@code
 * iss} must be a configured issuer, its {@code aud} that issuer's audience, {@code exp}/{@code nbf} within the
 * clock skew. Each GA4GH Passport visa in its {@code ga4gh_passport_v1} claim is a JWT checked the same way
 * against the visa issuers, with its own {@code exp} and an {@code asserted} time not in the future; a visa that
 * fails is ignored (noted), not the token. {@code ResearcherStatus} with a {@code by} makes the caller
 * registered; {@code ControlledAccessGrants} grants its {@code value}, a dataset.
 *
 * <p>A verified token's caller is kept (keyed by its signature, taken only for the same whole token) until the earliest
 * {@code exp} of the token and its visas, at most {@code keysCacheSeconds}: a client sends the same token with
 * every request, and a lookup costs far less than the signatures.
 */
public final class Passports implements AutoCloseable {
  /** Asymmetric algorithms only: a token signed with a shared secret could be forged by anyone holding it. */
  private static final Set<JWSAlgorithm> ALGORITHMS = java.util.stream.Stream.concat(
      JWSAlgorithm.Family.RSA.stream(), JWSAlgorithm.Family.EC.stream())
      .collect(java.util.stream.Collectors.toUnmodifiableSet());
  static final String PASSPORT_CLAIM = "ga4gh_passport_v1";
  static final String VISA_CLAIM = "ga4gh_visa_v1";

  private final Map<String, Verifier> tokenIssuers = new LinkedHashMap<>();
  private final Map<String, Verifier> visaIssuers = new LinkedHashMap<>();
  private final int skewSeconds;
  private final long maxKeepMillis;
  private final Cache<String, Verified> verified;

  /** One issuer's processor over its keys. */
  private record Verifier(IssuerKeys keys, DefaultJWTProcessor<SecurityContext> processor, String audience) {}

  /** A verified token's caller and when it stops being valid (epoch millis). */
  private record Verified(Caller caller, long validUntil) {}

  /**
   * The key a token is kept under: its signature, unique to its header and claims and far shorter than the whole
   * token (whose hash every request would compute again); a hit is taken only when the whole token is the same.
   */
  private static String keyOf(String bearer) {
    int dot = bearer.lastIndexOf('.');
    return dot >= 0 && bearer.length() - dot > 16 ? bearer.substring(dot + 1) : bearer;
  }

  public Passports(AuthSettings auth, Path baseDir) {
    this.skewSeconds = auth.clockSkewSeconds();
    this.maxKeepMillis = auth.keysCacheSeconds() * 1000L;
    for (AuthSettings.TrustedIssuer t : auth.issuers()) {
      tokenIssuers.put(t.issuer(), verifier(t, baseDir, auth, true));
    }
    for (AuthSettings.TrustedIssuer t : auth.visaIssuers()) {
      visaIssuers.put(t.issuer(), verifier(t, baseDir, auth, false));
    }
    this.verified = Caffeine.newBuilder().maximumSize(50_000).expireAfter(new Expiry<String, Verified>() {
      @Override
      public long expireAfterCreate(String key, Verified v, long now) {
        return Math.max(0, (v.validUntil() - System.currentTimeMillis()) * 1_000_000L);
      }

      @Override
      public long expireAfterUpdate(String key, Verified v, long now, long current) {
        return expireAfterCreate(key, v, now);
      }

      @Override
      public long expireAfterRead(String key, Verified v, long now, long current) {
        return current;
      }
    }).build();
  }

  private DefaultJWTProcessor<SecurityContext> processor(IssuerKeys keys, AuthSettings.TrustedIssuer t,
      boolean token) {
    DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
    // OIDC access tokens are "JWT" or "at+jwt" (RFC 9068); visas "JWT" or none
    p.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"),
        null));
    p.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys.source()));
    JWTClaimsSet exact = new JWTClaimsSet.Builder().issuer(t.issuer()).build();
    DefaultJWTClaimsVerifier<SecurityContext> claims = token
        ? new DefaultJWTClaimsVerifier<>(Set.of(t.audience()), exact, Set.of("sub", "exp"), null)
        : new DefaultJWTClaimsVerifier<>(null, exact, Set.of("exp", VISA_CLAIM), null);
    claims.setMaxClockSkew(skewSeconds);
    p.setJWTClaimsSetVerifier(claims);
    return p;
  }

  private Verifier verifier(AuthSettings.TrustedIssuer t, Path baseDir, AuthSettings auth, boolean token) {
    IssuerKeys keys = new IssuerKeys(t, baseDir, auth);
    return new Verifier(keys, processor(keys, t, token), t.audience());
  }

  /** Fetches every issuer's keys in the background, so that health can tell at once which are reachable. */
  public CompletableFuture<Void> prefetchKeys() {
    List<CompletableFuture<Void>> all = new ArrayList<>();
    for (Verifier v : allVerifiers()) {
      all.add(CompletableFuture.runAsync(v.keys()::prefetch));
    }
    return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
  }

  private List<Verifier> allVerifiers() {
    List<Verifier> all = new ArrayList<>(tokenIssuers.values());
    all.addAll(visaIssuers.values());
    return all;
  }

  /** Whether a bearer token is a JWT (three base64url parts, a JSON header) rather than a static token. */
  public static boolean looksLikeJwt(String bearer) {
    if (bearer == null || !bearer.startsWith("eyJ")) {
      return false;
    }
    int first = bearer.indexOf('.');
    return first > 0 && bearer.indexOf('.', first + 1) > first;
  }

  /** The caller a bearer JWT stands for, or why it cannot be accepted. */
  public Caller identify(String bearer) throws TokenRejected {
    String key = keyOf(bearer);
    Verified kept = verified.getIfPresent(key);
    if (kept != null && kept.validUntil() > System.currentTimeMillis() && kept.caller().bearer().equals(bearer)) {
      return kept.caller();
    }
    Verified now = verify(bearer);
    verified.put(key, now);
    return now.caller();
  }

  /**
   * Checks a token and its visas now, signatures included, without the verified tokens kept by {@link
   * #identify} (what a token costs the first time; the benchmarks measure it).
   */
  public Caller verifyNow(String bearer) throws TokenRejected {
    return verify(bearer).caller();
  }

  private Verified verify(String bearer) throws TokenRejected {
    SignedJWT jwt = signed(bearer, "token");
    String iss = issuer(jwt, "token");
    Verifier v = tokenIssuers.get(iss);
    if (v == null) {
      throw new TokenRejected("token issuer '" + shorten(iss) + "' is not one of this server's issuers "
          + tokenIssuers.keySet());
    }
    JWTClaimsSet claims = process(v, jwt, "token");
    long validUntil = Math.min(claims.getExpirationTime().getTime() + skewSeconds * 1000L,
        System.currentTimeMillis() + maxKeepMillis);
    boolean registered = false;
    Set<String> datasets = new HashSet<>();
    List<String> notes = new ArrayList<>();
    List<String> visas = visas(claims, notes);
    for (int i = 0; i < visas.size(); i++) {
      Optional<Visa> visa = visa(visas.get(i), i, notes);
      if (visa.isEmpty()) {
        continue;
      }
      Visa ok = visa.get();
      switch (ok.type()) {
        case "ResearcherStatus" -> {
          if (ok.by() == null || ok.by().isBlank()) {
            notes.add("visa " + (i + 1) + " (ResearcherStatus) ignored: it says by whom ('by') nowhere");
            continue;
          }
          registered = true;
        }
        case "ControlledAccessGrants" -> datasets.add(ok.value());
        default -> {
          continue; // AffiliationAndRole, AcceptedTermsAndPolicies, LinkedIdentities: nothing to open here
        }
      }
      validUntil = Math.min(validUntil, ok.expires());
    }
    return new Verified(new Caller(claims.getSubject(), iss, registered, datasets, bearer, notes), validUntil);
  }

  /** A visa that passed: its type, value, by, and when it expires (epoch millis, with the skew). */
  private record Visa(String type, String value, String by, long expires) {}

  private static List<String> visas(JWTClaimsSet claims, List<String> notes) throws TokenRejected {
    Object raw = claims.getClaim(PASSPORT_CLAIM);
    if (raw == null) {
      return List.of();
    }
    if (!(raw instanceof List<?> list)) {
      throw new TokenRejected("claim " + PASSPORT_CLAIM + " must be a list of visa JWTs");
    }
    List<String> out = new ArrayList<>();
    for (Object o : list) {
      if (o instanceof String s) {
        out.add(s);
      } else {
        notes.add("a " + PASSPORT_CLAIM + " entry that is not a JWT string was ignored");
      }
    }
    return out;
  }

  private Optional<Visa> visa(String compact, int index, List<String> notes) {
    String which = "visa " + (index + 1);
    try {
      SignedJWT jwt = signed(compact, which);
      String iss = issuer(jwt, which);
      Verifier v = visaIssuers.get(iss);
      if (v == null) {
        notes.add(which + " ignored: issuer '" + shorten(iss) + "' is not a trusted visa issuer");
        return Optional.empty();
      }
      JWTClaimsSet claims = process(v, jwt, which);
      Map<String, Object> body = claims.getJSONObjectClaim(VISA_CLAIM);
      String type = text(body, "type");
      String value = text(body, "value");
      Object asserted = body.get("asserted");
      if (type == null || value == null || !(asserted instanceof Number when)) {
        notes.add(which + " ignored: its " + VISA_CLAIM + " needs type, value and asserted");
        return Optional.empty();
      }
      if (body.get("conditions") != null) {
        // GA4GH AAI: a visa whose conditions the server does not evaluate must not be honoured
        notes.add(which + " (" + type + ") ignored: visas with conditions are not supported");
        return Optional.empty();
      }
      if (when.longValue() > System.currentTimeMillis() / 1000 + skewSeconds) {
        notes.add(which + " (" + type + ") ignored: asserted in the future");
        return Optional.empty();
      }
      return Optional.of(new Visa(type, value, text(body, "by"),
          claims.getExpirationTime().getTime() + skewSeconds * 1000L));
    } catch (TokenRejected e) {
      notes.add(which + " ignored: " + e.getMessage());
      return Optional.empty();
    } catch (ParseException e) {
      notes.add(which + " ignored: " + VISA_CLAIM + " is not a JSON object");
      return Optional.empty();
    }
  }

  private static String text(Map<String, Object> m, String key) {
    return m != null && m.get(key) instanceof String s ? s : null;
  }

  private static SignedJWT signed(String compact, String what) throws TokenRejected {
    JWT jwt;
    try {
      jwt = JWTParser.parse(compact);
    } catch (ParseException e) {
      throw new TokenRejected(what + " is not a JWT: " + e.getMessage());
    }
    if (jwt instanceof PlainJWT) {
      throw new TokenRejected(what + " is unsigned (alg none): refused");
    }
    if (!(jwt instanceof SignedJWT s)) {
      throw new TokenRejected(what + " is encrypted (JWE): only signed tokens are accepted");
    }
    JWSAlgorithm alg = s.getHeader().getAlgorithm();
    if (!ALGORITHMS.contains(alg)) {
      throw new TokenRejected(what + " is signed with " + alg + ", which is refused: only the issuer's"
          + " public-key algorithms (RS*, PS*, ES*) are accepted");
    }
    return s;
  }

  private static String issuer(SignedJWT jwt, String what) throws TokenRejected {
    try {
      String iss = jwt.getJWTClaimsSet().getIssuer();
      if (iss == null) {
        throw new TokenRejected(what + " has no iss claim");
      }
      return iss;
    } catch (ParseException e) {
      throw new TokenRejected(what + "'s claims are not JSON: " + e.getMessage());
    }
  }

  private JWTClaimsSet process(Verifier v, SignedJWT jwt, String what) throws TokenRejected {
    try {
      return v.processor().process(jwt, null);
    } catch (BadJOSEException e) {
      String kid = jwt.getHeader().getKeyID();
      if (e.getMessage() != null && e.getMessage().contains("no matching key")) {
        String fetch = v.keys().lastError().map(err -> ", and they could not be fetched again from "
            + v.keys().location() + " (" + err + "): keys new since the last fetch cannot be checked until it"
            + " answers").orElse(" (fetched again for it)");
        throw new TokenRejected(what + " is signed with key '" + kid + "', which is not among the keys of issuer "
            + v.keys().issuer() + fetch);
      }
      String aud = e.getMessage() != null && e.getMessage().contains("aud claim") && v.audience() != null
          ? " (this server's audience for " + v.keys().issuer() + " is '" + v.audience() + "')" : "";
      throw new TokenRejected(what + " refused: " + e.getMessage() + aud);
    } catch (JOSEException e) {
      throw new TokenRejected(what + " cannot be checked: the keys of issuer " + v.keys().issuer()
          + " cannot be fetched from " + v.keys().location() + ": " + v.keys().lastError().orElse(e.getMessage()));
    }
  }

  /** How each issuer's keys stand, token issuers first. */
  public List<KeyStatus> keyStatus() {
    return allVerifiers().stream().map(v -> v.keys().status()).toList();
  }

  /** Forgets every verified token (tests of expiry and key rotation; an operator's reload). */
  public void forgetVerified() {
    verified.invalidateAll();
  }

  private static String shorten(String s) {
    String t = s.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 80 ? t : t.substring(0, 77) + "...";
  }

  @Override
  public void close() {
    for (Verifier v : allVerifiers()) {
      try {
        v.keys().close();
      } catch (IOException e) {
        // nothing held that outlives the process
      }
    }
  }
}
