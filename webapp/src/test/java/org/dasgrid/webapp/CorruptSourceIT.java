package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A truncated source beside a good one, over HTTP: the server starts, says why, and serves the good one. */
class CorruptSourceIT {
  @TempDir Path dir;

  @Test
  void aBrokenSourceIsReportedWithFileAndLineAndTheOthersServe() throws Exception {
    Path root = Path.of(System.getProperty("dasgrid.root", ".."));
    byte[] gff = Files.readAllBytes(root.resolve("webapp/src/main/resources/examples/data/dmel-2L.gff3"));
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(gz)) {
      out.write(gff);
    }
    Files.write(dir.resolve("cut.gff3.gz"), Arrays.copyOf(gz.toByteArray(), gz.size() / 3));
    Files.write(dir.resolve("dmel.gff3"), gff);
    Path config = Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - id: broken
            format: gff3
            path: cut.gff3.gz
          - id: dmel
            format: gff3
            path: dmel.gff3
        """);
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try (EmbeddedServer server = EmbeddedServer.start(
        ServerOptions.defaults().withConfig(config).withPort(0).withBind("127.0.0.1").withWarmupSeconds(0),
        new PrintStream(console, true, StandardCharsets.UTF_8))) {
      assertThat(server.awaitLoaded(60, TimeUnit.SECONDS)).isTrue();
      HttpClient http = HttpClient.newHttpClient();

      HttpResponse<String> ready = get(http, server, "/health/ready");
      assertThat(ready.statusCode()).as("%s %s", ready.headers().map(), ready.body()).isEqualTo(200);
      assertThat(ready.body()).containsPattern(
          "\"id\":\"broken\",\"state\":\"failed\",\"error\":\"cut.gff3.gz:\\d+: truncated gzip data");

      HttpResponse<String> broken = get(http, server, "/das/broken/features?segment=2L:1,1000");
      assertThat(broken.statusCode()).isEqualTo(500);
      assertThat(broken.headers().firstValue("X-DAS-Status")).hasValue("500");
      assertThat(broken.body()).containsPattern("data source 'broken' is unavailable: cut.gff3.gz:\\d+: truncated");

      HttpResponse<String> good = get(http, server, "/das/dmel/features?segment=2L:2501,2550");
      assertThat(good.statusCode()).isEqualTo(200);
      assertThat(good.body()).contains("<FEATURE id=");

      String out = console.toString(StandardCharsets.UTF_8);
      assertThat(out).containsPattern("FAILED broken: cut.gff3.gz:\\d+: truncated gzip data[^\\n]*\\(source marked"
          + " unavailable\\)").doesNotContain("Exception").doesNotContain("\tat ");
    }
  }

  private static HttpResponse<String> get(HttpClient http, EmbeddedServer server, String path) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(server.localUrl() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
