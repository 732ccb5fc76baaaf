package org.dasgrid.webapp.browsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.access.Tokens;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exports across a reload (a client holding the old tag gets the whole new file; the old version's files
 * go) and for a token-protected source (unknown without the token, like everywhere else; readable with it, and
 * then without CORS), on a server of its own with {@code server.exportDir} set.
 */
class BrowserFilesReloadIT {
  static final String ADMIN = "admin-token-21";
  static final String READER = "reader-token-21";
  @TempDir static Path dir;
  static TestServer server;

  @BeforeAll
  static void start() throws Exception {
    List<String> dmel = Files.readAllLines(TestServer.example("dmel-2L.gff3"));
    Files.write(dir.resolve("g.gff3"), dmel.subList(0, 6000));
    Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("secret.gff"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          adminTokens: ["%s"]
          exportDir: exports
        sources:
          - {id: g, format: gff3, path: g.gff3}
          - {id: vault, format: gff2, path: secret.gff, access: token, tokens: ["%s"]}
        """.formatted(Tokens.hash(ADMIN), Tokens.hash(READER)));
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aRangeAcrossAReloadNeverMixesVersions() throws Exception {
    String url = server.base() + "/files/g/g.gff3.gz";
    Http.Response v1 = Http.get(url);
    String tag1 = v1.header("ETag");
    assertThat(Http.get(url, "Range", "bytes=0-99", "If-Range", tag1).status()).isEqualTo(206);
    Path oldFolder = dir.resolve("exports/g");
    assertThat(Files.list(oldFolder).count()).isEqualTo(1);

    List<String> lines = Files.readAllLines(dir.resolve("g.gff3"));
    Files.write(dir.resolve("g.gff3"), lines.subList(0, 2500));
    Http.Response reload = Http.method("POST", server.base() + "/admin/reload/g", null,
        "Authorization", "Bearer " + ADMIN);
    assertThat(reload.status()).as(reload.text()).isEqualTo(200);

    Http.Response stale = Http.get(url, "Range", "bytes=0-99", "If-Range", tag1);
    assertThat(stale.status()).isEqualTo(200);
    String tag2 = stale.header("ETag");
    assertThat(tag2).isNotEqualTo(tag1);
    byte[] v2 = stale.body();
    assertThat(v2.length).isLessThan(v1.body().length);
    assertThat(Http.get(url).body()).isEqualTo(v2);
    Http.Response tail = Http.get(url, "Range", "bytes=-50");
    assertThat(tail.header("Content-Range")).isEqualTo("bytes " + (v2.length - 50) + "-" + (v2.length - 1) + "/"
        + v2.length);
    assertThat(tail.body()).isEqualTo(Arrays.copyOfRange(v2, v2.length - 50, v2.length));
    // the old version's folder is gone: one version on disk
    assertThat(Files.list(oldFolder).map(p -> p.getFileName().toString()).toList()).hasSize(1)
        .doesNotContain(tag1.substring(1, tag1.indexOf('-')));

    CommandLine.require("tabix");
    List<String> das = Http.get(server.base() + "/das/g/features?segment=2L:1,200000&format=gff3").text().lines()
        .filter(l -> !l.startsWith("#")).toList();
    assertThat(CommandLine.run("tabix", url, "2L:1-200000")).isNotEmpty().isEqualTo(das);
  }

  @Test
  void aProtectedSourcesFilesNeedItsToken() {
    String base = server.base();
    Http.Response unknown = Http.get(base + "/files/nosuc/nosuc.gff3.gz");
    for (Http.Response r : List.of(Http.get(base + "/files/vault/vault.gff3.gz"),
        Http.get(base + "/files/vault/vault.gff3.gz", "Authorization", "Bearer wrong"))) {
      assertThat(r.status()).isEqualTo(unknown.status()).isEqualTo(404);
      assertThat(r.text().replace("vault", "nosuc")).isEqualTo(unknown.text());
    }
    Http.Response ok = Http.get(base + "/files/vault/vault.gff3.gz", "Authorization", "Bearer " + READER,
        "Range", "bytes=0-3", "Origin", "https://example.org");
    assertThat(ok.status()).isEqualTo(206);
    assertThat(ok.body()).startsWith(0x1f, 0x8b);
    assertThat(ok.header("Access-Control-Allow-Origin")).isNull();

    assertThat(Http.get(base + "/jbrowse/config.json").text()).contains("\"g\"").doesNotContain("vault");
    assertThat(Http.get(base + "/igv/session.json?assembly=vault").status()).isEqualTo(404);
    assertThat(Http.get(base + "/jbrowse/config.json", "Authorization", "Bearer " + READER).text())
        .contains("/files/vault/vault.gff3.gz");
  }
}
