package org.dasgrid.perf.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.access.Caller;
import org.dasgrid.core.access.Passports;
import org.dasgrid.core.access.Refusal;
import org.dasgrid.core.access.TokenMint;
import org.dasgrid.core.access.TokenRejected;
import org.dasgrid.core.config.AccessLevel;
import org.dasgrid.core.config.AuthSettings;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.config.Tier;
import org.dasgrid.core.config.Tiers;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What controlled access costs a request, with warm key caches (docs/benchmarks.md, "Controlled access"): the
 * check every request makes — the bearer's caller (from a new copy of the token's text, as a request brings it) (a passport with a ResearcherStatus and a
 * ControlledAccessGrants visa, RS256, from a test issuer made here) and the tier decision — as it runs with the
 * verified token kept ({@code kept}), and the full check of a token seen for the first time, three RSA
 * signatures and the claims ({@code firstSight}). Sample time, so JMH reports p50 and p99.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PassportCheckBenchmark {
  private static final String DATASET = "https://dac.bench/datasets/A";
  private Path dir;
  private Passports passports;
  private String token;
  private SourceConfig source;

  @Setup(Level.Trial)
  public void setUp() throws IOException, TokenRejected {
    dir = Files.createTempDirectory("passport-bench");
    TokenMint login = TokenMint.generate("https://login.bench", "l1");
    TokenMint dac = TokenMint.generate("https://dac.bench", "d1");
    Files.writeString(dir.resolve("login.jwks.json"), login.publicJwks());
    Files.writeString(dir.resolve("dac.jwks.json"), dac.publicJwks());
    passports = new Passports(new AuthSettings(
        List.of(new AuthSettings.TrustedIssuer("https://login.bench", "login.jwks.json", "dasgrid")),
        List.of(new AuthSettings.TrustedIssuer("https://dac.bench", "dac.jwks.json", null)), null, null, null), dir);
    Instant later = Instant.now().plus(Duration.ofHours(2));
    token = login.token("bench", "dasgrid", later, List.of(
        dac.visa("bench", "ResearcherStatus", "bona fide", "so", Instant.now().minusSeconds(60), later),
        dac.visa("bench", "ControlledAccessGrants", DATASET, "dac", Instant.now().minusSeconds(60), later)));
    source = SourceConfig.of("cohort", "vcf", dir.resolve("cohort.vcf.gz")).withAccessTiers(DATASET,
        new Tiers(AccessLevel.PUBLIC, AccessLevel.REGISTERED, AccessLevel.CONTROLLED), 5);
    passports.identify(token); // the keys fetched (read) and the token kept: warm
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    passports.close();
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(dir);
  }

  @Benchmark
  public boolean kept() throws TokenRejected {
    // a new String each time, as each request's header is: its hash is computed again, as in the server
    Caller c = passports.identify(new String(token.toCharArray()));
    return Refusal.check(c, source, Tier.GENOTYPES).isEmpty();
  }

  @Benchmark
  public boolean firstSight() throws TokenRejected {
    Caller c = passports.verifyNow(token);
    return Refusal.check(c, source, Tier.GENOTYPES).isEmpty();
  }
}
