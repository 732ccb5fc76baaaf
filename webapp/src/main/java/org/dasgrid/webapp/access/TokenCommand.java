package org.dasgrid.webapp.access;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.access.TokenMint;

/**
 * {@code java -jar dasgrid.jar token init|mint}: a local test issuer, to try controlled access without a broker
 * (docs/access.md). {@code init --dir D} makes a login issuer and a DAC (visa issuer), each with a new RSA key,
 * writes their public JWKS ({@code login.jwks.json}, {@code dac.jwks.json}) and their private keys ({@code
 * test-issuers.json}: keep it out of any config), and prints the {@code server.auth} section to paste. {@code
 * mint --dir D --sub NAME [--registered] [--grant DATASET]... [--minutes N] [--expired-visas]} prints a bearer
 * token with the visas asked for. Never for production: a real broker issues real tokens.
 */
public final class TokenCommand {
  static final String USAGE = """
      usage: java -jar dasgrid.jar token init --dir DIR [--login-issuer URL] [--dac-issuer URL] [--audience AUD]
             java -jar dasgrid.jar token mint --dir DIR --sub NAME [--registered] [--grant DATASET]...
                                              [--minutes N] [--expired-visas]
        init  makes a test login issuer and DAC in DIR and prints the server.auth section for the config
        mint  prints a bearer token for NAME: --registered adds a ResearcherStatus visa, --grant a
              ControlledAccessGrants visa for DATASET (a source's dataset: value); valid N minutes (60)""";
  static final String FILE = "test-issuers.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  private TokenCommand() {}

  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      err.println(USAGE);
      return 2;
    }
    try {
      Options o = Options.parse(java.util.Arrays.copyOfRange(args, 1, args.length));
      switch (args[0]) {
        case "init" -> init(o, out);
        case "mint" -> out.println(mint(o));
        default -> throw new IllegalArgumentException("unknown token command '" + args[0] + "'");
      }
      return 0;
    } catch (IllegalArgumentException e) {
      err.println("dasgrid token: " + e.getMessage());
      err.println(USAGE);
      return 2;
    } catch (IOException e) {
      err.println("dasgrid token: " + e.getMessage());
      return 1;
    }
  }

  /** The options of both commands. */
  record Options(Path dir, String loginIssuer, String dacIssuer, String audience, String sub, boolean registered,
      List<String> grants, int minutes, boolean expiredVisas) {
    static Options parse(String[] args) {
      Path dir = null;
      String login = "https://login.local";
      String dac = "https://dac.local";
      String aud = "dasgrid";
      String sub = null;
      boolean registered = false;
      List<String> grants = new ArrayList<>();
      int minutes = 60;
      boolean expired = false;
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        switch (a) {
          case "--dir" -> dir = Path.of(value(args, ++i, a));
          case "--login-issuer" -> login = value(args, ++i, a);
          case "--dac-issuer" -> dac = value(args, ++i, a);
          case "--audience" -> aud = value(args, ++i, a);
          case "--sub" -> sub = value(args, ++i, a);
          case "--registered" -> registered = true;
          case "--grant" -> grants.add(value(args, ++i, a));
          case "--expired-visas" -> expired = true;
          case "--minutes" -> {
            try {
              minutes = Integer.parseInt(value(args, ++i, a));
            } catch (NumberFormatException e) {
              throw new IllegalArgumentException("--minutes needs a number");
            }
          }
          default -> throw new IllegalArgumentException("unknown option '" + a + "'");
        }
      }
      if (dir == null) {
        throw new IllegalArgumentException("--dir is required");
      }
      return new Options(dir, login, dac, aud, sub, registered, grants, minutes, expired);
    }

    private static String value(String[] args, int i, String name) {
      if (i >= args.length) {
        throw new IllegalArgumentException(name + " needs a value");
      }
      return args[i];
    }
  }

  static void init(Options o, PrintStream out) throws IOException {
    Files.createDirectories(o.dir());
    TokenMint login = TokenMint.generate(o.loginIssuer(), "login-" + Instant.now().getEpochSecond());
    TokenMint dac = TokenMint.generate(o.dacIssuer(), "dac-" + Instant.now().getEpochSecond());
    Files.writeString(o.dir().resolve("login.jwks.json"), login.publicJwks());
    Files.writeString(o.dir().resolve("dac.jwks.json"), dac.publicJwks());
    ObjectNode keys = JSON.createObjectNode();
    keys.put("audience", o.audience());
    keys.putObject("login").put("issuer", login.issuer()).set("key", JSON.readTree(login.privateJwk()));
    keys.putObject("dac").put("issuer", dac.issuer()).set("key", JSON.readTree(dac.privateJwk()));
    Path secrets = o.dir().resolve(FILE);
    Files.writeString(secrets, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(keys));
    try {
      Files.setPosixFilePermissions(secrets, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: the file stays as the platform made it
    }
    out.printf("""
        wrote %s and %s (public keys) and %s (private keys: test only)
        add to the config's server section (paths relative to the config file):
          auth:
            issuers: [{issuer: "%s", jwks: "%s", audience: %s}]
            visaIssuers: [{issuer: "%s", jwks: "%s"}]
        """, o.dir().resolve("login.jwks.json"), o.dir().resolve("dac.jwks.json"), secrets, login.issuer(),
        o.dir().resolve("login.jwks.json"), o.audience(), dac.issuer(), o.dir().resolve("dac.jwks.json"));
  }

  static String mint(Options o) throws IOException {
    if (o.sub() == null) {
      throw new IllegalArgumentException("mint needs --sub NAME");
    }
    Path secrets = o.dir().resolve(FILE);
    if (!Files.isRegularFile(secrets)) {
      throw new IllegalArgumentException(secrets + " not found: run 'token init --dir " + o.dir() + "' first");
    }
    JsonNode keys = JSON.readTree(secrets.toFile());
    TokenMint login = TokenMint.fromPrivateJwk(keys.at("/login/issuer").asText(), keys.at("/login/key").toString());
    TokenMint dac = TokenMint.fromPrivateJwk(keys.at("/dac/issuer").asText(), keys.at("/dac/key").toString());
    Instant now = Instant.now();
    Instant visaEnd = o.expiredVisas() ? now.minusSeconds(60) : now.plus(Duration.ofDays(1));
    List<String> visas = new ArrayList<>();
    if (o.registered()) {
      visas.add(dac.visa(o.sub(), "ResearcherStatus", "https://doi.org/10.1038/s41431-018-0219-y", "so",
          now.minusSeconds(60), visaEnd));
    }
    for (String g : o.grants()) {
      visas.add(dac.visa(o.sub(), "ControlledAccessGrants", g, "dac", now.minusSeconds(60), visaEnd));
    }
    return login.token(o.sub(), keys.path("audience").asText("dasgrid"), now.plus(Duration.ofMinutes(o.minutes())),
        visas);
  }
}
