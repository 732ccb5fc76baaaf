package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dasgrid.core.access.Tokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Token-protected sources are invisible and unreadable without their token, indistinguishable from unknown
 * ones; the admin endpoints always need an admin token; CORS stays open for public sources only.
 */
class AccessControlIT {
  static final String TOKEN = "s3cret-reader-token";
  static final String ADMIN = "admin-token-42";
  @TempDir static Path dir;
  static TestServer server;

  @BeforeAll
  static void start() throws IOException {
    Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("ce.gff"));
    Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("secret.gff"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          adminTokens: ["%s"]
        sources:
          - {id: open, format: gff2, path: ce.gff}
          - {id: secret, format: gff2, path: secret.gff, access: token, tokens: ["%s"]}
        """.formatted(Tokens.hash(ADMIN), Tokens.hash(TOKEN)));
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static String auth(String token) {
    return "Bearer " + token;
  }

  @Test
  void protectedSourcesAreInvisibleWithoutTheirToken() {
    String das = server.das();
    assertThat(Http.get(das + "/sources").text()).contains("uri=\"open\"").doesNotContain("secret");
    assertThat(Http.get(das + "/dsn").text()).doesNotContain("secret");
    assertThat(Http.get(das + "/sources", "Authorization", auth(TOKEN)).text()).contains("uri=\"secret\"");

    Http.Response unknown = Http.get(das + "/nosuch/features?segment=I:1,100");
    for (Http.Response r : new Http.Response[] {
        Http.get(das + "/secret/features?segment=I:1,100"),
        Http.get(das + "/secret/features?segment=I:1,100", "Authorization", auth("wrong")),
        Http.get(das + "/secret/features?segment=I:1,100", "Authorization", "Basic " + TOKEN)}) {
      assertThat(r.status()).isEqualTo(unknown.status()).isEqualTo(401);
      assertThat(r.text().replace("secret", "nosuch")).isEqualTo(unknown.text());
    }
    Http.Response ok = Http.get(das + "/secret/features?segment=I:12759582,12764949", "Authorization", auth(TOKEN));
    assertThat(ok.status()).isEqualTo(200);
    assertThat(ok.xml().getElementsByTagName("FEATURE").getLength()).isGreaterThan(10);
  }

  @Test
  void corsIsOpenForPublicSourcesOnly() {
    assertThat(Http.get(server.das() + "/open/types").header("Access-Control-Allow-Origin")).isEqualTo("*");
    assertThat(Http.get(server.das() + "/secret/types", "Authorization", auth(TOKEN))
        .header("Access-Control-Allow-Origin")).isNull();
  }

  @Test
  void adminEndpointsAlwaysNeedAnAdminToken() {
    String admin = server.base() + "/admin/status";
    Http.Response none = Http.get(admin);
    assertThat(none.status()).isEqualTo(401);
    assertThat(none.header("WWW-Authenticate")).startsWith("Bearer");
    assertThat(Http.get(admin, "Authorization", auth(TOKEN)).status()).isEqualTo(403);
    Http.Response ok = Http.get(admin, "Authorization", auth(ADMIN));
    assertThat(ok.status()).isEqualTo(200);
    assertThat(ok.text()).contains("\"id\":\"secret\"").contains("\"access\":\"token\"");
  }
}
