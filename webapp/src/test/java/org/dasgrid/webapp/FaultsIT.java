package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data file deleted or corrupted while the server runs, then reloaded: the old data keep serving, the
 * failure is reported by the reload, in /admin/status and in the console, and a repaired file reloads.
 */
class FaultsIT {
  static final String ADMIN = "faults-admin-token";
  @TempDir static Path dir;
  static TestServer server;
  static Path gff;

  @BeforeAll
  static void start() throws IOException {
    server = TestServer.ceWithAdminToken(dir, ADMIN);
    gff = dir.resolve("ce.gff");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static Http.Response reload() {
    return Http.method("POST", server.base() + "/admin/reload/ce", "", "Authorization", "Bearer " + ADMIN);
  }

  static String message(Http.Response r) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.text()).at("/error/message").asText();
    } catch (IOException e) {
      throw new AssertionError(r.text(), e);
    }
  }

  static int features() {
    Http.Response r = Http.get(server.das() + "/ce/features?segment=I:12759582,12764949");
    assertThat(r.status()).isEqualTo(200);
    return r.xml().getElementsByTagName("FEATURE").getLength();
  }

  @Test
  void deletedThenCorruptedFilesKeepTheOldDataServing() throws IOException {
    int before = features();
    assertThat(before).isGreaterThan(50);
    String version = Http.get(server.base() + "/admin/status", "Authorization", "Bearer " + ADMIN).text();

    Files.delete(gff);
    Http.Response deleted = reload();
    assertThat(deleted.status()).isEqualTo(422);
    assertThat(message(deleted)).contains("ce.gff").contains("keeps serving");
    assertThat(features()).isEqualTo(before);

    Files.writeString(gff, "I\tx\texon\t100\t50\t.\t+\t.\tNote \"backwards\"\n");
    Http.Response corrupt = reload();
    assertThat(corrupt.status()).isEqualTo(422);
    assertThat(message(corrupt)).contains("ce.gff:1: end 50 < start 100");
    assertThat(features()).isEqualTo(before);
    String status = Http.get(server.base() + "/admin/status", "Authorization", "Bearer " + ADMIN).text();
    assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(status).at("/sources/0/lastReloadError")
        .asText()).isEqualTo("ce.gff:1: end 50 < start 100");
    assertThat(server.console()).contains("RELOAD FAILED ce: ce.gff:1: end 50 < start 100 (the previous version keeps serving)");

    Files.copy(TestServer.example("ce_ws199.gff"), gff, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.writeString(gff, "I\tnew\texon\t12760000\t12760010\t.\t+\t.\tNote \"added\"\n",
        java.nio.file.StandardOpenOption.APPEND);
    Http.Response repaired = reload();
    assertThat(repaired.status()).isEqualTo(200);
    assertThat(features()).isEqualTo(before + 1);
    assertThat(Http.get(server.base() + "/admin/status", "Authorization", "Bearer " + ADMIN).text())
        .doesNotContain("lastReloadError").isNotEqualTo(version);
  }
}
