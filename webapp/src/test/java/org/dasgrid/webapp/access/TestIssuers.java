package org.dasgrid.webapp.access;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.access.TokenMint;

/**
 * A login issuer and a data access committee made for a test (keys generated here, JWKS written to files), and
 * the tokens of the three caller kinds: anonymous (none), registered (a ResearcherStatus visa), granted (also a
 * ControlledAccessGrants visa for dataset A).
 */
final class TestIssuers {
  static final String LOGIN = "https://login.test";
  static final String DAC = "https://dac.test";
  static final String AUDIENCE = "dasgrid";
  static final String DATASET_A = "https://dac.test/datasets/A";
  static final String DATASET_B = "https://dac.test/datasets/B";

  final TokenMint login = TokenMint.generate(LOGIN, "login-key-1");
  final TokenMint dac = TokenMint.generate(DAC, "dac-key-1");

  /** Writes login.jwks.json and dac.jwks.json into {@code dir}. */
  TestIssuers write(Path dir) throws IOException {
    Files.writeString(dir.resolve("login.jwks.json"), login.publicJwks());
    Files.writeString(dir.resolve("dac.jwks.json"), dac.publicJwks());
    return this;
  }

  /** The {@code server.auth} YAML for these issuers, indented for a {@code server:} section. */
  static String authYaml(String loginJwks) {
    return """
          auth:
            issuers: [{issuer: "%s", jwks: "%s", audience: %s}]
            visaIssuers: [{issuer: "%s", jwks: dac.jwks.json}]
        """.formatted(LOGIN, loginJwks, AUDIENCE, DAC);
  }

  String researcherVisa(String sub) {
    return dac.visa(sub, "ResearcherStatus", "https://doi.org/10.1038/s41431-018-0219-y", "so",
        Instant.now().minusSeconds(600), Instant.now().plus(Duration.ofHours(2)));
  }

  String grantVisa(String sub, String dataset, Instant expires) {
    return dac.visa(sub, "ControlledAccessGrants", dataset, "dac", Instant.now().minusSeconds(600), expires);
  }

  String registered() {
    return token("reggie", List.of(researcherVisa("reggie")));
  }

  String granted() {
    return token("grace", List.of(researcherVisa("grace"),
        grantVisa("grace", DATASET_A, Instant.now().plus(Duration.ofHours(2)))));
  }

  /** A token with the visas of {@code sub}. */
  String token(String sub, List<String> visas) {
    return login.token(sub, AUDIENCE, Instant.now().plus(Duration.ofHours(1)), new ArrayList<>(visas));
  }
}
