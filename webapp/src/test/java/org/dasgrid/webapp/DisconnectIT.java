package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Clients that hang up in the middle of a large streamed answer free their request threads: after fifty of
 * them the Tomcat pool is idle again and the server answers normally.
 */
@ExtendWith(DisconnectIT.Server.class)
class DisconnectIT {
  static TestServer server;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      server = TestServer.examples(context);
    }
  }

  @Test
  void clientsHangingUpMidStreamFreeTheirThreads() throws Exception {
    URI base = URI.create(server.base());
    for (int i = 0; i < 50; i++) {
      try (Socket s = new Socket(base.getHost(), base.getPort())) {
        // a different large segment each time, so the answer is streamed, not served from the cache
        String path = "/das/dmel/features?segment=2L:1," + (1_500_000 + i * 1000);
        OutputStream out = s.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = s.getInputStream();
        byte[] some = new byte[16 * 1024];
        int n = in.read(some);
        assertThat(n).isPositive();
        s.setSoLinger(true, 0); // reset rather than a graceful close, like a browser tab closed
      }
    }
    Instant until = Instant.now().plus(Duration.ofSeconds(30));
    var pool = (org.apache.tomcat.util.threads.ThreadPoolExecutor) server.server().connectorExecutor();
    while (pool.getActiveCount() > 1 && Instant.now().isBefore(until)) {
      Thread.sleep(100);
    }
    assertThat(pool.getActiveCount()).isLessThanOrEqualTo(1);
    Http.Response r = Http.get(server.das() + "/dmel/features?segment=2L:1,27772");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.xml().getElementsByTagName("FEATURE").getLength()).isEqualTo(550);
  }
}
