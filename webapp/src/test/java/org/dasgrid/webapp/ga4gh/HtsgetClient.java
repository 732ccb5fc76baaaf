package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dasgrid.webapp.Http;

/** Follows htsget tickets as a client does, and runs the command-line tools the tests compare with. */
final class HtsgetClient {
  private static final ObjectMapper JSON = new ObjectMapper();

  private HtsgetClient() {}

  /** The ticket's JSON, checked for its shape. */
  static JsonNode ticket(Http.Response r) throws IOException {
    assertThat(r.status()).as(r.text()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("application/vnd.ga4gh.htsget.v1.3.0+json");
    JsonNode t = JSON.readTree(r.text()).get("htsget");
    assertThat(t.get("format").asText()).isEqualTo("VCF");
    for (JsonNode u : t.get("urls")) {
      assertThat(u.get("class").asText()).isIn("header", "body");
    }
    return t;
  }

  /** Fetches every URL of a ticket (data: URIs decoded, others with their headers) and concatenates them. */
  static byte[] follow(JsonNode ticket) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (JsonNode u : ticket.get("urls")) {
      String url = u.get("url").asText();
      if (url.startsWith("data:")) {
        out.writeBytes(Base64.getDecoder().decode(url.substring(url.indexOf(',') + 1)));
        continue;
      }
      List<String> headers = new ArrayList<>();
      if (u.has("headers")) {
        u.get("headers").fields().forEachRemaining(e -> {
          headers.add(e.getKey());
          headers.add(e.getValue().asText());
        });
      }
      Http.Response r = Http.get(url, headers.toArray(String[]::new));
      assertThat(r.status()).as(url).isEqualTo(200);
      out.writeBytes(r.body());
    }
    return out.toByteArray();
  }

  /** Runs a tool and returns its standard output; a missing tool or a failure fails the test. */
  static String run(Path dir, String... command) {
    try {
      Path err = Files.createTempFile(dir, "tool", ".err");
      Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err.toFile()).start();
      byte[] out = p.getInputStream().readAllBytes();
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s finished", String.join(" ", command)).isTrue();
      assertThat(p.exitValue()).as("%s: %s", String.join(" ", command), Files.readString(err)).isZero();
      return new String(out, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError("cannot run " + command[0] + " (is it installed?): " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
