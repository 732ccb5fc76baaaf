package org.dasgrid.core.access;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * A local test issuer: an RSA key pair, its public JWKS, and signed tokens and GA4GH visas made with it. For
 * trying controlled access without a broker ({@code java -jar dasgrid.jar token}, docs/access.md), for the tests
 * and the benchmarks; never for production tokens, which a real broker issues.
 */
public final class TokenMint {
  private final String issuer;
  private final RSAKey key;
  private final RSASSASigner signer;

  private TokenMint(String issuer, RSAKey key) {
    this.issuer = Objects.requireNonNull(issuer, "issuer");
    this.key = key;
    try {
      this.signer = new RSASSASigner(key);
    } catch (JOSEException e) {
      throw new IllegalArgumentException("not an RSA private key: " + e.getMessage(), e);
    }
  }

  /** A new issuer with a fresh 2048-bit RSA key named {@code kid}. */
  public static TokenMint generate(String issuer, String kid) {
    try {
      return new TokenMint(issuer, new RSAKeyGenerator(2048).keyID(kid).keyUse(KeyUse.SIGNATURE)
          .algorithm(JWSAlgorithm.RS256).generate());
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot generate an RSA key: " + e.getMessage(), e);
    }
  }

  /** An issuer from its private key as a JWK (what {@link #privateJwk} wrote). */
  public static TokenMint fromPrivateJwk(String issuer, String privateJwkJson) {
    try {
      RSAKey k = RSAKey.parse(privateJwkJson);
      if (!k.isPrivate()) {
        throw new IllegalArgumentException("the JWK holds no private key");
      }
      return new TokenMint(issuer, k);
    } catch (ParseException e) {
      throw new IllegalArgumentException("not an RSA JWK: " + e.getMessage(), e);
    }
  }

  public String issuer() {
    return issuer;
  }

  public String keyId() {
    return key.getKeyID();
  }

  /** The public key set to give the server ({@code jwks:}). */
  public String publicJwks() {
    return new JWKSet(key.toPublicJWK()).toString();
  }

  /** The private key, to keep for minting more tokens later. */
  public String privateJwk() {
    return key.toJSONString();
  }

  /** An access token for {@code subject} and {@code audience}, valid until {@code expires}, with these visas. */
  public String token(String subject, String audience, Instant expires, List<String> visas) {
    JWTClaimsSet.Builder c = new JWTClaimsSet.Builder().issuer(issuer).subject(subject).audience(audience)
        .issueTime(new Date()).expirationTime(Date.from(expires)).jwtID(UUID.randomUUID().toString());
    if (!visas.isEmpty()) {
      c.claim(Passports.PASSPORT_CLAIM, List.copyOf(visas));
    }
    return sign(c.build());
  }

  /**
   * A GA4GH visa ({@code ga4gh_visa_v1}: type, asserted, value, source, by) for {@code subject}, valid until
   * {@code expires}.
   */
  public String visa(String subject, String type, String value, String by, Instant asserted, Instant expires) {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("type", type);
    v.put("asserted", asserted.getEpochSecond());
    v.put("value", value);
    v.put("source", issuer);
    if (by != null) {
      v.put("by", by);
    }
    return sign(new JWTClaimsSet.Builder().issuer(issuer).subject(subject).issueTime(new Date())
        .expirationTime(Date.from(expires)).jwtID(UUID.randomUUID().toString())
        .claim(Passports.VISA_CLAIM, v).build());
  }

  /** Any claims, signed RS256 with this issuer's key (tests of odd tokens). */
  public String sign(JWTClaimsSet claims) {
    SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID())
        .type(JOSEObjectType.JWT).build(), claims);
    try {
      jwt.sign(signer);
    } catch (JOSEException e) {
      throw new IllegalStateException("cannot sign: " + e.getMessage(), e);
    }
    return jwt.serialize();
  }
}
