package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * The WAR on a real standalone Tomcat 10.1 (Debian's {@code tomcat10} package): a private CATALINA_BASE with
 * the package's configuration, the connector moved to a free loopback port, {@code dasgrid.war} dropped in
 * webapps, and the DAS root queried at {@code /dasgrid/das}.
 */
class WarDeploymentIT {
  private static final Path CATALINA_HOME = Path.of(System.getProperty("tomcat.home", "/usr/share/tomcat10"));
  private static final Path PACKAGE_CONF = Path.of(System.getProperty("tomcat.conf", "/etc/tomcat10"));

  @TempDir Path base;

  @Test
  void warServesDasOnAStockTomcat() throws Exception {
    assertThat(CATALINA_HOME.resolve("bin/catalina.sh"))
        .as("Tomcat 10.1 (apt-get install tomcat10) at %s", CATALINA_HOME).isRegularFile();
    int port = freePort();
    int grpcPort = freePort();
    prepareBase(port);
    // the WAR's context listener starts the gRPC sidecar too when its context parameters give a port
    Files.createDirectories(base.resolve("conf/Catalina/localhost"));
    Files.writeString(base.resolve("conf/Catalina/localhost/dasgrid.xml"), """
        <Context>
          <Parameter name="dasgrid.nodeId" value="war1" override="false"/>
          <Parameter name="dasgrid.grpcPort" value="%d" override="false"/>
          <Parameter name="dasgrid.grpcBind" value="127.0.0.1" override="false"/>
        </Context>
        """.formatted(grpcPort));
    ProcessBuilder pb = new ProcessBuilder(CATALINA_HOME.resolve("bin/catalina.sh").toString(), "run")
        .redirectErrorStream(true)
        .redirectOutput(base.resolve("logs/console.log").toFile());
    pb.environment().put("CATALINA_HOME", CATALINA_HOME.toString());
    pb.environment().put("CATALINA_BASE", base.toString());
    pb.environment().put("CATALINA_TMPDIR", base.resolve("temp").toString());
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("CATALINA_OPTS", "-Xmx512m -Djava.io.tmpdir=" + base.resolve("temp"));
    Process tomcat = pb.start();
    try {
      String root = "http://127.0.0.1:" + port + "/dasgrid";
      awaitReady(root + "/health/ready", tomcat);
      Http.Response sources = Http.get(root + "/das/sources");
      assertThat(sources.status()).isEqualTo(200);
      assertThat(sources.header("X-DAS-Version")).isEqualTo("DAS/1.6");
      Element cap = (Element) sources.xml().getElementsByTagName("CAPABILITY").item(0);
      assertThat(cap.getAttribute("query_uri")).startsWith(root + "/das/dmel/");
      Http.Response features = Http.get(root + "/das/dmel/features?segment=2L:1,27772", "Accept-Encoding", "gzip");
      assertThat(features.status()).isEqualTo(200);
      assertThat(features.header("Content-Encoding")).isEqualTo("gzip");
      assertThat(features.xml().getElementsByTagName("FEATURE").getLength()).isEqualTo(550);
      assertThat(Http.get(root + "/das/ce_ws199/sequence?segment=I:1,10").text()).contains(">gcctaagcct<");
      // long GETs within the documented bound, and what the container ends in error, in the API's format
      String thousand = java.util.stream.IntStream.range(0, 1000)
          .mapToObj(i -> "segment=2L:" + (1_000_001 + i * 10) + "," + (1_000_010 + i * 10))
          .collect(java.util.stream.Collectors.joining("&"));
      Http.Response many = Http.get(root + "/das/dmel/features?" + thousand);
      assertThat(many.status()).isEqualTo(200);
      assertThat(many.xml().getElementsByTagName("SEGMENT").getLength()).isEqualTo(1000);
      String over = thousand + "&" + thousand + "&" + thousand.substring(0, thousand.length() / 2); // 67 KB
      Http.Response tooLong = Http.get(root + "/das/dmel/features?" + over);
      assertThat(tooLong.status()).isEqualTo(402);
      assertThat(tooLong.xml().getDocumentElement().getTextContent()).contains("(server.maxQueryLength)");
      Http.Response put = Http.method("PUT", root + "/api/sources", "x");
      assertThat(put.status()).isEqualTo(405);
      assertThat(put.header("Content-Type")).startsWith("application/json");
      assertThat(put.text()).startsWith("{\"error\":{\"status\":405,");
      Http.Response error = Http.get(root + "/das/nope/features?segment=2L:1,10");
      assertThat(error.status()).isEqualTo(401);
      assertThat(error.header("Access-Control-Allow-Origin")).isEqualTo("*");
      // the page, its igv.js, the status API and the operations endpoints, all under the context path
      Http.Response page = Http.get(root + "/");
      assertThat(page.status()).isEqualTo(200);
      assertThat(page.text()).contains("vendor/igv/dist/igv.min.js");
      assertThat(Http.get(root + "/vendor/igv/dist/igv.min.js").status()).isEqualTo(200);
      assertThat(Http.get(root + "/api/sources").text()).contains("\"links\":{\"sources\":\"" + root + "/das/dmel\"");
      assertThat(Http.get(root + "/openapi.json").text()).contains("\"url\" : \"/dasgrid\"");
      Http.Response metrics = Http.get(root + "/metrics");
      assertThat(metrics.status()).isEqualTo(200);
      assertThat(metrics.text()).contains("dasgrid_requests_seconds_count{api=\"das\",command=\"features\",source=\"dmel\"");
      assertThat(features.header("X-Request-Id")).isNotBlank();
      // the sidecar serves this node's sources over gRPC, from inside Tomcat
      var grpc = org.dasgrid.proto.sidecar.GrpcNodeClient.connect(
          new org.dasgrid.core.config.ClusterConfig.Node("war1", "127.0.0.1:" + grpcPort, null),
          java.util.Optional.empty());
      try {
        var status = grpc.status(System.nanoTime() + TimeUnit.SECONDS.toNanos(20)).get();
        assertThat(status.nodeId()).isEqualTo("war1");
        assertThat(status.source("dmel")).isPresent();
        var eps = grpc.catalog("ce_ws199", System.nanoTime() + TimeUnit.SECONDS.toNanos(20)).get().entryPoints();
        assertThat(eps).extracting(org.dasgrid.core.source.EntryPoint::name).contains("I", "X");
      } finally {
        grpc.close();
      }
      // the page in a browser under the context path: every URL it uses must be relative to it
      HomePageBrowserIT.runBrowserTest(root + "/", TestServer.root().resolve("webapp/target/browser-test-war"));
    } finally {
      tomcat.destroy();
      if (!tomcat.waitFor(30, TimeUnit.SECONDS)) {
        tomcat.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  private void prepareBase(int port) throws IOException {
    for (String d : List.of("conf", "webapps", "logs", "temp", "work", "lib")) {
      Files.createDirectories(base.resolve(d));
    }
    for (String f : List.of("catalina.properties", "context.xml", "jaspic-providers.xml", "logging.properties",
        "tomcat-users.xml", "web.xml")) {
      Files.copy(PACKAGE_CONF.resolve(f), base.resolve("conf").resolve(f));
    }
    String server = Files.readString(PACKAGE_CONF.resolve("server.xml"))
        .replace("port=\"8005\"", "port=\"-1\"")
        // as docs/deployment.md says: a GET reaches server.maxQueryLength
        .replace("port=\"8080\"", "port=\"" + port + "\" address=\"127.0.0.1\" maxHttpHeaderSize=\"73728\"");
    assertThat(server).contains("port=\"" + port + "\"");
    Files.writeString(base.resolve("conf/server.xml"), server);
    Path war = TestServer.root().resolve("webapp/target/dasgrid.war");
    assertThat(war).as("build the WAR first (mvn package)").isRegularFile();
    Files.copy(war, base.resolve("webapps/dasgrid.war"));
  }

  private void awaitReady(String url, Process tomcat) throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
    while (Instant.now().isBefore(deadline)) {
      if (!tomcat.isAlive()) {
        throw new AssertionError("Tomcat exited: " + Files.readString(base.resolve("logs/console.log")));
      }
      try {
        if (Http.get(url).status() == 200) {
          return;
        }
      } catch (IllegalStateException notYet) {
        // connection refused while Tomcat starts
      }
      Thread.sleep(500);
    }
    throw new AssertionError("DasGrid in Tomcat not ready in 3 minutes: " + Files.readString(base.resolve("logs/console.log")));
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
