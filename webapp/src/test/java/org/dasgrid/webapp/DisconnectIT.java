package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that hang up in the middle of a large streamed answer free their request threads: after dozens of
 * them the Tomcat pool is idle again and the server answers normally. Both streaming paths: DAS features XML
 * (the bundled examples) and genotype NDJSON (a cohort written here, whose answer is megabytes).
 */
@ExtendWith(DisconnectIT.Server.class)
class DisconnectIT {
  /** Sites of the generated cohort: one variant line of NDJSON each, some 100 bytes, so about 12 MB in all. */
  static final int SITES = 120_000;
  static final int SAMPLES = 10;
  static TestServer server;
  @TempDir static Path dir;
  static TestServer cohort;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      server = TestServer.examples(context);
    }
  }

  @BeforeAll
  static void startCohort() throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("cohort.vcf"))) {
      w.write("##fileformat=VCFv4.2\n##contig=<ID=1,length=249250621>\n");
      w.write("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
      w.write("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
      for (int s = 0; s < SAMPLES; s++) {
        w.write("\tS" + s);
      }
      w.write('\n');
      for (int i = 0; i < SITES; i++) {
        w.write("1\t" + (1_000_000 + i * 10) + "\trs" + i + "\tA\tG\t.\tPASS\t.\tGT");
        for (int s = 0; s < SAMPLES; s++) {
          w.write((i + s) % 3 == 0 ? "\t0/1" : (i + s) % 3 == 1 ? "\t1|1" : "\t0/0");
        }
        w.write('\n');
      }
    }
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        server:
          rateLimit: {enabled: false}
        sources:
          - {id: cohort, format: vcf, path: cohort.vcf, genotypes: true}
        """);
    cohort = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stopCohort() {
    cohort.close();
  }

  /**
   * Sends a GET on a raw socket, reads the first bytes of the answer, then resets the connection (a browser
   * tab closed), and returns what was read.
   */
  static String hangUpMidStream(TestServer on, String path, String... headers) throws IOException {
    URI base = URI.create(on.base());
    try (Socket s = new Socket(base.getHost(), base.getPort())) {
      StringBuilder req = new StringBuilder("GET ").append(path).append(" HTTP/1.1\r\nHost: x\r\n");
      for (int i = 0; i + 1 < headers.length; i += 2) {
        req.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
      }
      OutputStream out = s.getOutputStream();
      out.write(req.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      byte[] some = new byte[16 * 1024];
      int n = in.read(some);
      assertThat(n).isPositive();
      s.setSoLinger(true, 0); // reset rather than a graceful close
      return new String(some, 0, n, StandardCharsets.ISO_8859_1);
    }
  }

  static void assertThreadsFreed(TestServer on) throws InterruptedException {
    Instant until = Instant.now().plus(Duration.ofSeconds(30));
    var pool = (org.apache.tomcat.util.threads.ThreadPoolExecutor) on.server().connectorExecutor();
    while (pool.getActiveCount() > 1 && Instant.now().isBefore(until)) {
      Thread.sleep(100);
    }
    assertThat(pool.getActiveCount()).isLessThanOrEqualTo(1);
  }

  @Test
  void clientsHangingUpMidStreamFreeTheirThreads() throws Exception {
    for (int i = 0; i < 50; i++) {
      // a different large segment each time, so the answer is streamed, not served from the cache
      String head = hangUpMidStream(server, "/das/dmel/features?segment=2L:1," + (1_500_000 + i * 1000));
      assertThat(head).startsWith("HTTP/1.1 200").containsIgnoringCase("Transfer-Encoding: chunked");
    }
    assertThreadsFreed(server);
    Http.Response r = Http.get(server.das() + "/dmel/features?segment=2L:1,27772");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.xml().getElementsByTagName("FEATURE").getLength()).isEqualTo(550);
  }

  @Test
  void clientsHangingUpMidGenotypeNdjsonFreeTheirThreads() throws Exception {
    for (int i = 0; i < 30; i++) {
      String path = "/genotypes/cohort/variants?segment=1:" + (1_000_000 + i * 10) + ",3000000&zygosity=any";
      String head = i % 3 == 0
          ? hangUpMidStream(cohort, path, "Accept", "application/x-ndjson", "Accept-Encoding", "gzip")
          : hangUpMidStream(cohort, path, "Accept", "application/x-ndjson");
      // streamed (no Content-Length: too large to buffer), not refused
      assertThat(head).startsWith("HTTP/1.1 200").containsIgnoringCase("application/x-ndjson")
          .containsIgnoringCase("Transfer-Encoding: chunked");
    }
    assertThreadsFreed(cohort);
    Http.Response r = Http.get(cohort.base() + "/genotypes/cohort/count?segment=1");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.text()).contains("\"variants\":" + SITES);
  }
}
