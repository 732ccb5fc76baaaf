package org.dasgrid.perf.cohort;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * A minimal blocking HTTP/1.1 client on one keep-alive connection, for latency benchmarks: the JDK's
 * HttpClient hands each exchange between threads, which on a busy 2-core machine costs more than the
 * server's answer. It reads through one direct buffer, as a C client would: a {@code java.net.Socket}
 * stream copies every byte twice (kernel to a temporary direct buffer, then to the caller's array). {@link
 * #get} keeps the whole body (Content-Length or chunked) in an array reused from request to request; {@link
 * #timed} keeps only its last {@value #TAIL} bytes, so that a 500 KB answer costs the client no copy at all
 * beyond the kernel's, and the round trip it measures is the server's and the network stack's. Not for
 * general use; one thread.
 */
final class KeepAliveClient implements AutoCloseable {
  /** The end of the body {@link #timed} keeps (an answer's summary comes last). */
  static final int TAIL = 16 * 1024;

  private final String host;
  private final int port;
  private SocketChannel channel;
  private final ByteBuffer in = ByteBuffer.allocateDirect(1 << 20);
  private byte[] body = new byte[1 << 16];
  /** Bytes of the body kept so far, and how many the body has had (more than kept in tail mode). */
  private int kept;
  private long seen;
  private boolean tailOnly;

  KeepAliveClient(String host, int port) throws IOException {
    this.host = host;
    this.port = port;
    connect();
  }

  /** (Re)connects: the server closes a keep-alive connection after maxKeepAliveRequests. */
  private void connect() throws IOException {
    if (channel != null) {
      channel.close();
    }
    channel = SocketChannel.open(new InetSocketAddress(host, port));
    channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
    in.clear().flip(); // nothing buffered
  }

  /**
   * A response: status and body, the body being the first {@code length} bytes of {@code bytes} (an array the
   * client reuses: valid until its next request); for {@link #timed}, its last bytes only, of {@code
   * bodyLength} in all.
   */
  record Response(int status, byte[] bytes, int length, long bodyLength) {
    /** A copy of the bytes kept. */
    byte[] body() {
      return Arrays.copyOf(bytes, length);
    }
  }

  /** The whole body. */
  Response get(String pathAndQuery, String accept) throws IOException {
    return exchange(pathAndQuery, accept, false);
  }

  /** The body's last {@value #TAIL} bytes at most; {@link Response#bodyLength} says how long it was. */
  Response timed(String pathAndQuery, String accept) throws IOException {
    return exchange(pathAndQuery, accept, true);
  }

  private Response exchange(String pathAndQuery, String accept, boolean tail) throws IOException {
    ByteBuffer req = ByteBuffer.wrap(("GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + host + "\r\nAccept: "
        + accept + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
    String status;
    try {
      send(req);
      status = line();
    } catch (IOException e) {
      // the server closed the kept-alive connection while it was idle (keepAliveTimeout, e.g. during a long
      // bcftools run): nothing of this answer was read, so ask again on a new connection
      connect();
      send(req.rewind());
      status = line();
    }
    int code = Integer.parseInt(status.split(" ")[1]);
    long length = -1;
    boolean chunked = false;
    boolean close = false;
    for (String h = line(); !h.isEmpty(); h = line()) {
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Long.parseLong(h.substring(15).trim());
      } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
        chunked = true;
      } else if (lower.startsWith("connection:") && lower.contains("close")) {
        close = true;
      }
    }
    kept = 0;
    seen = 0;
    tailOnly = tail;
    if (chunked) {
      for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
        consume(size);
        line();
      }
      line();
    } else {
      consume(Math.max(0, length));
    }
    Response r = new Response(code, body, kept, seen);
    if (close) {
      connect();
    }
    return r;
  }

  private void send(ByteBuffer req) throws IOException {
    while (req.hasRemaining()) {
      channel.write(req);
    }
  }

  /** Takes {@code size} body bytes from the connection, keeping them all, or in tail mode the last ones. */
  private void consume(long size) throws IOException {
    while (size > 0) {
      if (!in.hasRemaining()) {
        fill();
      }
      int n = (int) Math.min(size, in.remaining());
      keep(n);
      size -= n;
      seen += n;
    }
  }

  /** Keeps the next {@code n} buffered bytes (of those in tail mode, only what may end the body). */
  private void keep(int n) {
    if (!tailOnly) {
      if (body.length < kept + n) {
        body = Arrays.copyOf(body, Math.max(kept + n, 2 * body.length));
      }
      in.get(body, kept, n);
      kept += n;
      return;
    }
    int skip = Math.max(0, n - TAIL);
    in.position(in.position() + skip);
    n -= skip;
    if (kept + n > TAIL) { // drop the oldest kept bytes
      int drop = kept + n - TAIL;
      System.arraycopy(body, drop, body, 0, kept - drop);
      kept -= drop;
    }
    in.get(body, kept, n);
    kept += n;
  }

  private void fill() throws IOException {
    in.clear();
    int r = channel.read(in);
    in.flip();
    if (r < 0) {
      throw new IOException("connection closed");
    }
  }

  private String line() throws IOException {
    StringBuilder sb = new StringBuilder(64);
    while (true) {
      if (!in.hasRemaining()) {
        fill();
      }
      byte c = in.get();
      if (c == '\n') {
        return sb.toString();
      }
      if (c != '\r') {
        sb.append((char) c);
      }
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
