package org.dasgrid.core.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.dasgrid.core.config.AccessLevel;
import org.dasgrid.core.config.AuthSettings;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.config.Tier;
import org.dasgrid.core.config.Tiers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bearer JWTs and GA4GH Passport visas from test issuers made here (keys generated in the test, JWKS in files
 * or served on loopback): what opens what, and every token that must be refused, with the reason named.
 */
class PassportsTest {
  static final String LOGIN = "https://login.test";
  static final String DAC = "https://dac.test";
  static final String AUD = "dasgrid";
  static final String A = "https://dac.test/datasets/A";
  static final String B = "https://dac.test/datasets/B";
  @TempDir static Path dir;
  static TokenMint login;
  static TokenMint dac;
  static Passports passports;

  @BeforeAll
  static void issuers() throws IOException {
    login = TokenMint.generate(LOGIN, "login-1");
    dac = TokenMint.generate(DAC, "dac-1");
    Files.writeString(dir.resolve("login.jwks.json"), login.publicJwks());
    Files.writeString(dir.resolve("dac.jwks.json"), dac.publicJwks());
    passports = new Passports(auth("login.jwks.json", "dac.jwks.json"), dir);
  }

  static AuthSettings auth(String loginJwks, String dacJwks) {
    return new AuthSettings(List.of(new AuthSettings.TrustedIssuer(LOGIN, loginJwks, AUD)),
        List.of(new AuthSettings.TrustedIssuer(DAC, dacJwks, null)), 30, 300, 3600);
  }

  static Instant in(Duration d) {
    return Instant.now().plus(d);
  }

  static String researcher(String sub) {
    return dac.visa(sub, "ResearcherStatus", "https://doi.org/10.1038/s41431-018-0219-y", "so",
        Instant.now().minusSeconds(3600), in(Duration.ofHours(1)));
  }

  static String grant(String sub, String dataset, Instant expires) {
    return dac.visa(sub, "ControlledAccessGrants", dataset, "dac", Instant.now().minusSeconds(3600), expires);
  }

  static SourceConfig source(String id, String dataset) {
    return SourceConfig.of(id, "vcf", dir.resolve(id + ".vcf")).withAccessTiers(dataset,
        new Tiers(AccessLevel.PUBLIC, AccessLevel.REGISTERED, AccessLevel.CONTROLLED), 5);
  }

  @Test
  void visasMakeTheCallerRegisteredAndGrantTheirDatasetOnly() throws TokenRejected {
    String token = login.token("alice", AUD, in(Duration.ofMinutes(10)),
        List.of(researcher("alice"), grant("alice", A, in(Duration.ofHours(1)))));
    Caller alice = passports.identify(token);
    assertThat(alice.subject()).isEqualTo("alice");
    assertThat(alice.issuer()).isEqualTo(LOGIN);
    assertThat(alice.registered()).isTrue();
    assertThat(alice.datasets()).containsExactly(A);
    assertThat(alice.toString()).contains("alice").doesNotContain(token);
    assertThat(Refusal.check(alice, source("a", A), Tier.GENOTYPES)).isEmpty();
    // a visa for dataset A never opens B
    Refusal b = Refusal.check(alice, source("b", B), Tier.GENOTYPES).orElseThrow();
    assertThat(b.httpStatus()).isEqualTo(403);
    assertThat(b.missing()).isEqualTo("ControlledAccessGrants visa for dataset " + B);
    assertThat(Refusal.check(alice, source("b", B), Tier.VARIANTS)).isEmpty();
    assertThat(AccessCheck.of(alice, Tier.GENOTYPES).mayRead(source("a", A))).isTrue();
    assertThat(AccessCheck.of(alice, Tier.GENOTYPES).mayRead(source("b", B))).isFalse();
  }

  @Test
  void anonymousIsRefusedWith401AndATokenWithoutVisasWith403() throws TokenRejected {
    Refusal anon = Refusal.check(Caller.anonymous(null), source("a", A), Tier.VARIANTS).orElseThrow();
    assertThat(anon.httpStatus()).isEqualTo(401);
    assertThat(anon.message()).contains("variants tier", "registered", "ResearcherStatus");
    assertThat(Refusal.check(Caller.anonymous(null), source("a", A), Tier.AGGREGATE)).isEmpty();
    Caller bare = passports.identify(login.token("bob", AUD, in(Duration.ofMinutes(5)), List.of()));
    Refusal r = Refusal.check(bare, source("a", A), Tier.VARIANTS).orElseThrow();
    assertThat(r.httpStatus()).isEqualTo(403);
    assertThat(r.missing()).isEqualTo("ResearcherStatus visa");
  }

  @Test
  void anExpiredVisaInAValidPassportGrantsNothing() throws TokenRejected {
    Caller c = passports.identify(login.token("carol", AUD, in(Duration.ofMinutes(10)),
        List.of(researcher("carol"), grant("carol", A, Instant.now().minusSeconds(600)))));
    assertThat(c.registered()).isTrue();
    assertThat(c.datasets()).isEmpty();
    assertThat(c.notes()).singleElement().asString().contains("visa 2", "Expired");
    assertThat(Refusal.check(c, source("a", A), Tier.GENOTYPES).orElseThrow().message()).contains("Expired");
  }

  @Test
  void visasThatMustNotCountAreIgnored() throws TokenRejected {
    TokenMint rogue = TokenMint.generate("https://rogue.test", "r1");
    Instant hour = in(Duration.ofHours(1));
    String noBy = dac.visa("dan", "ResearcherStatus", "x", null, Instant.now().minusSeconds(5), hour);
    String future = dac.visa("dan", "ControlledAccessGrants", A, "dac", hour, in(Duration.ofHours(2)));
    String untrusted = rogue.visa("dan", "ControlledAccessGrants", A, "dac", Instant.now(), in(Duration.ofHours(1)));
    // signed by the token issuer, not a visa issuer: still untrusted as a visa
    String byLogin = login.visa("dan", "ResearcherStatus", "x", "so", Instant.now(), in(Duration.ofHours(1)));
    Caller c = passports.identify(login.token("dan", AUD, in(Duration.ofMinutes(10)),
        List.of(noBy, future, untrusted, byLogin)));
    assertThat(c.registered()).isFalse();
    assertThat(c.datasets()).isEmpty();
    assertThat(String.join("\n", c.notes())).contains("'by'", "asserted in the future",
        "'https://rogue.test' is not a trusted visa issuer", "'" + LOGIN + "' is not a trusted visa issuer");
  }

  @Test
  void refusesEveryBadToken() throws Exception {
    Instant later = in(Duration.ofMinutes(10));
    // alg none
    String none = new PlainJWT(new JWTClaimsSet.Builder().issuer(LOGIN).subject("eve").audience(AUD)
        .expirationTime(Date.from(later)).build()).serialize();
    assertRejected(none, "unsigned (alg none)");
    // HMAC with the issuer's public key as the secret (the RS256 -> HS256 confusion attack)
    RSAKey pub = JWKSet.parse(login.publicJwks()).getKeys().get(0).toRSAKey();
    SignedJWT hmac = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID("login-1").build(),
        new JWTClaimsSet.Builder().issuer(LOGIN).subject("eve").audience(AUD).expirationTime(Date.from(later))
            .build());
    hmac.sign(new MACSigner(pad(pub.toPublicJWK().toJSONString().getBytes(StandardCharsets.UTF_8))));
    assertRejected(hmac.serialize(), "signed with HS256, which is refused");
    // unknown issuer, even with a good signature
    assertRejected(TokenMint.generate("https://elsewhere.test", "e1").token("eve", AUD, later, List.of()),
        "'https://elsewhere.test' is not one of this server's issuers");
    // a kid the issuer's JWKS does not have, after reading it again
    TokenMint impostor = TokenMint.fromPrivateJwk(LOGIN, TokenMint.generate(LOGIN, "login-9").privateJwk());
    assertRejected(impostor.token("eve", AUD, later, List.of()),
        "key 'login-9', which is not among the keys of issuer " + LOGIN);
    // the right kid name on another key: the signature fails
    TokenMint forger = TokenMint.fromPrivateJwk(LOGIN, TokenMint.generate(LOGIN, "login-1").privateJwk());
    assertRejected(forger.token("eve", AUD, later, List.of()), "refused");
    // expired beyond the skew; not yet valid; another audience; no subject
    assertRejected(login.token("eve", AUD, Instant.now().minusSeconds(120), List.of()), "Expired JWT");
    assertRejected(login.sign(new JWTClaimsSet.Builder().issuer(LOGIN).subject("eve").audience(AUD)
        .notBeforeTime(Date.from(in(Duration.ofMinutes(5)))).expirationTime(Date.from(later)).build()),
        "before use time");
    assertRejected(login.token("eve", "someone-else", later, List.of()), "audience");
    assertRejected(login.sign(new JWTClaimsSet.Builder().issuer(LOGIN).audience(AUD)
        .expirationTime(Date.from(later)).build()), "sub");
    assertRejected("eyJhbGciOi.not.ajwt", "not a JWT");
  }

  @Test
  void toleratesClockSkewOnExpiry() throws TokenRejected {
    // 10 s past exp, within the 30 s skew
    assertThat(passports.identify(login.token("skew", AUD, Instant.now().minusSeconds(10), List.of())).subject())
        .isEqualTo("skew");
  }

  private static byte[] pad(byte[] secret) {
    return secret.length >= 32 ? secret : java.util.Arrays.copyOf(secret, 32);
  }

  private static void assertRejected(String token, String reason) {
    assertThatThrownBy(() -> passports.identify(token)).isInstanceOf(TokenRejected.class)
        .hasMessageContaining(reason);
  }

  @Test
  void aNewKeyInTheFileIsFoundByReadingItAgain() throws Exception {
    Path d = Files.createDirectories(dir.resolve("rotate"));
    TokenMint first = TokenMint.generate(LOGIN, "k1");
    TokenMint second = TokenMint.generate(LOGIN, "k2");
    Files.writeString(d.resolve("login.jwks.json"), first.publicJwks());
    Files.writeString(d.resolve("dac.jwks.json"), dac.publicJwks());
    try (Passports p = new Passports(auth("login.jwks.json", "dac.jwks.json"), d)) {
      assertThat(p.identify(first.token("x", AUD, in(Duration.ofMinutes(5)), List.of())).subject()).isEqualTo("x");
      Files.writeString(d.resolve("login.jwks.json"), new JWKSet(List.of(
          JWKSet.parse(first.publicJwks()).getKeys().get(0), JWKSet.parse(second.publicJwks()).getKeys().get(0)))
          .toString());
      assertThat(p.identify(second.token("y", AUD, in(Duration.ofMinutes(5)), List.of())).subject()).isEqualTo("y");
    }
  }

  @Test
  void whenTheJwksUrlGoesDownCachedKeysServeAndNewKidsAreRefusedSayingWhy() throws Exception {
    TokenMint first = TokenMint.generate(LOGIN, "u1");
    TokenMint second = TokenMint.generate(LOGIN, "u2");
    AtomicReference<String> served = new AtomicReference<>(first.publicJwks());
    HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    http.createContext("/jwks", ex -> {
      byte[] b = served.get().getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("Content-Type", "application/json");
      ex.sendResponseHeaders(200, b.length);
      ex.getResponseBody().write(b);
      ex.close();
    });
    http.start();
    String url = "http://127.0.0.1:" + http.getAddress().getPort() + "/jwks";
    Path d = Files.createDirectories(dir.resolve("url"));
    Files.writeString(d.resolve("dac.jwks.json"), dac.publicJwks());
    try (Passports p = new Passports(auth(url, "dac.jwks.json"), d)) {
      p.prefetchKeys().join();
      assertThat(p.keyStatus().get(0)).extracting(KeyStatus::ok, KeyStatus::keys).containsExactly(true, 1);
      String one = first.token("x", AUD, in(Duration.ofMinutes(5)), List.of());
      assertThat(p.identify(one).subject()).isEqualTo("x");
      http.stop(0);
      p.forgetVerified();
      // the key fetched before still checks tokens
      assertThat(p.identify(first.token("x2", AUD, in(Duration.ofMinutes(5)), List.of())).subject()).isEqualTo("x2");
      served.set(second.publicJwks());
      assertThatThrownBy(() -> p.identify(second.token("y", AUD, in(Duration.ofMinutes(5)), List.of())))
          .isInstanceOf(TokenRejected.class)
          .hasMessageContaining("key 'u2'")
          .hasMessageContaining("could not be fetched again from " + url);
      KeyStatus status = p.keyStatus().get(0);
      assertThat(status.ok()).isFalse();
      assertThat(status.error()).get().asString().isNotBlank();
    } finally {
      http.stop(0);
    }
  }

  @Test
  void aSecondTokenOfTheSameCallerIsVerifiedOnItsOwn() throws TokenRejected {
    String good = login.token("fay", AUD, in(Duration.ofMinutes(5)), List.of(researcher("fay")));
    assertThat(passports.identify(good).registered()).isTrue();
    // the same token once more comes from the verified cache; a tampered copy never does
    assertThat(passports.identify(good).registered()).isTrue();
    String tampered = good.substring(0, good.length() - 4) + (good.endsWith("AAAA") ? "BBBB" : "AAAA");
    assertThatThrownBy(() -> passports.identify(tampered)).isInstanceOf(TokenRejected.class);
  }
}
