package org.dasgrid.perf.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The benchmark client against canned HTTP/1.1 answers on 127.0.0.1: whole bodies and tails. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class KeepAliveClientTest {
  private static final String BIG = "x".repeat(700_000) + "{\"count\":3,\"elapsed_ms\":1.5}";

  /** Answers each request on one connection with the next of {@code answers}, then closes. */
  private static Thread serve(ServerSocket server, List<byte[]> answers) {
    Thread t = new Thread(() -> {
      try (Socket s = server.accept()) {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        for (byte[] answer : answers) {
          readRequest(in);
          // in small pieces, so the client's reads end in the middle of headers and chunks
          for (int at = 0; at < answer.length; at += 7_001) {
            out.write(answer, at, Math.min(7_001, answer.length - at));
            out.flush();
          }
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    t.start();
    return t;
  }

  private static void readRequest(InputStream in) throws IOException {
    int state = 0; // counts the bytes of \r\n\r\n seen in a row
    while (state < 4) {
      int c = in.read();
      if (c < 0) {
        throw new IOException("closed");
      }
      state = (c == '\r' && state % 2 == 0) || (c == '\n' && state % 2 == 1) ? state + 1 : 0;
    }
  }

  private static byte[] fixed(String body) {
    return ("HTTP/1.1 200 OK\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body)
        .getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] chunked(String body, int chunk) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    for (int at = 0; at < bytes.length; at += chunk) {
      int n = Math.min(chunk, bytes.length - at);
      b.write((Integer.toHexString(n) + "\r\n").getBytes(StandardCharsets.US_ASCII));
      b.write(bytes, at, n);
      b.write("\r\n".getBytes(StandardCharsets.US_ASCII));
    }
    b.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    return b.toByteArray();
  }

  @Test
  void readsWholeBodiesAndTailsOfFixedAndChunkedAnswersOnOneConnection() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread t = serve(server, List.of(fixed("small"), chunked(BIG, 65_536), fixed(BIG), chunked(BIG, 100),
          chunked("", 10), fixed("after")));
      try (KeepAliveClient client = new KeepAliveClient("127.0.0.1", server.getLocalPort())) {
        KeepAliveClient.Response small = client.get("/a", "*/*");
        assertThat(small.status()).isEqualTo(200);
        assertThat(new String(small.body(), StandardCharsets.UTF_8)).isEqualTo("small");

        KeepAliveClient.Response whole = client.get("/b", "*/*");
        assertThat(new String(whole.body(), StandardCharsets.UTF_8)).isEqualTo(BIG);
        assertThat(whole.bodyLength()).isEqualTo(BIG.length());

        for (int i = 0; i < 2; i++) { // fixed, then chunked in pieces smaller than the reads
          KeepAliveClient.Response tail = client.timed("/c", "*/*");
          assertThat(tail.bodyLength()).isEqualTo(BIG.length());
          assertThat(tail.length()).isEqualTo(KeepAliveClient.TAIL);
          assertThat(new String(tail.body(), StandardCharsets.UTF_8)).isEqualTo(BIG.substring(BIG.length()
              - KeepAliveClient.TAIL));
        }

        KeepAliveClient.Response empty = client.timed("/d", "*/*");
        assertThat(empty.bodyLength()).isZero();
        assertThat(empty.length()).isZero();
        assertThat(new String(client.timed("/e", "*/*").body(), StandardCharsets.UTF_8)).isEqualTo("after");
      }
      t.join();
    }
  }
}
