package org.dasgrid.perf.cohort;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * A minimal blocking HTTP/1.1 client on one keep-alive connection, for latency benchmarks: the JDK's
 * HttpClient hands each exchange between threads, which on a busy 2-core machine costs more than the
 * server's answer. Reads Content-Length and chunked bodies through its own buffer into one body array reused
 * from request to request (a 500 KB answer costs the client one copy, not a copy per chunk plus the doublings
 * of a growing stream), so the round trip it measures is mostly the server's. Not for general use; one thread.
 */
final class KeepAliveClient implements AutoCloseable {
  private final String host;
  private final int port;
  private Socket socket;
  private InputStream in;
  private OutputStream out;
  private final byte[] buf = new byte[1 << 16];
  private int pos;
  private int limit;
  private byte[] body = new byte[1 << 16];

  KeepAliveClient(String host, int port) throws IOException {
    this.host = host;
    this.port = port;
    connect();
  }

  /** (Re)connects: the server closes a keep-alive connection after maxKeepAliveRequests. */
  private void connect() throws IOException {
    if (socket != null) {
      socket.close();
    }
    socket = new Socket(host, port);
    socket.setTcpNoDelay(true);
    in = socket.getInputStream();
    out = socket.getOutputStream();
    pos = 0;
    limit = 0;
  }

  /**
   * A response: status and body, the body being the first {@code length} bytes of {@code bytes} (an array the
   * client reuses: valid until its next request).
   */
  record Response(int status, byte[] bytes, int length) {
    /** A copy of the body. */
    byte[] body() {
      return Arrays.copyOf(bytes, length);
    }
  }

  Response get(String pathAndQuery, String accept) throws IOException {
    byte[] req = ("GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + host + "\r\nAccept: " + accept + "\r\n\r\n")
        .getBytes(StandardCharsets.ISO_8859_1);
    String status;
    try {
      out.write(req);
      out.flush();
      status = line();
    } catch (IOException e) {
      // the server closed the kept-alive connection while it was idle (keepAliveTimeout, e.g. during a long
      // bcftools run): nothing of this answer was read, so ask again on a new connection
      connect();
      out.write(req);
      out.flush();
      status = line();
    }
    int code = Integer.parseInt(status.split(" ")[1]);
    int length = -1;
    boolean chunked = false;
    boolean close = false;
    for (String h = line(); !h.isEmpty(); h = line()) {
      String lower = h.toLowerCase(Locale.ROOT);
      if (lower.startsWith("content-length:")) {
        length = Integer.parseInt(h.substring(15).trim());
      } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
        chunked = true;
      } else if (lower.startsWith("connection:") && lower.contains("close")) {
        close = true;
      }
    }
    int n = chunked ? chunkedBody() : read(0, Math.max(0, length));
    Response r = new Response(code, body, n);
    if (close) {
      connect();
    }
    return r;
  }

  private int chunkedBody() throws IOException {
    int n = 0;
    for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
      n = read(n, size);
      line();
    }
    line();
    return n;
  }

  /** Reads {@code size} body bytes to {@code body[at]}; returns the body's length after them. */
  private int read(int at, int size) throws IOException {
    if (body.length < at + size) {
      body = Arrays.copyOf(body, Math.max(at + size, 2 * body.length));
    }
    int buffered = Math.min(size, limit - pos);
    System.arraycopy(buf, pos, body, at, buffered);
    pos += buffered;
    int done = buffered;
    while (done < size) {
      int r = in.read(body, at + done, size - done);
      if (r < 0) {
        throw new IOException("connection closed");
      }
      done += r;
    }
    return at + size;
  }

  private String line() throws IOException {
    StringBuilder sb = new StringBuilder(64);
    while (true) {
      if (pos == limit) {
        limit = in.read(buf, 0, buf.length);
        pos = 0;
        if (limit < 0) {
          limit = 0;
          throw new IOException("connection closed");
        }
      }
      byte c = buf[pos++];
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
    socket.close();
  }
}
