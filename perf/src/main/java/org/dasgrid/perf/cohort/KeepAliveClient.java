package org.dasgrid.perf.cohort;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A minimal blocking HTTP/1.1 client on one keep-alive connection, for latency benchmarks: the JDK's
 * HttpClient hands each exchange between threads, which on a busy 2-core machine costs more than the
 * server's answer. Reads Content-Length and chunked bodies; not for general use.
 */
final class KeepAliveClient implements AutoCloseable {
  private final String host;
  private final int port;
  private Socket socket;
  private InputStream in;
  private OutputStream out;

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
    in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
    out = socket.getOutputStream();
  }

  /** A response: status and body. */
  record Response(int status, byte[] body) {}

  Response get(String pathAndQuery, String accept) throws IOException {
    String req = "GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + host + "\r\nAccept: " + accept + "\r\n\r\n";
    out.write(req.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
    String status = line();
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
    Response r = new Response(code, chunked ? chunkedBody() : in.readNBytes(Math.max(0, length)));
    if (close) {
      connect();
    }
    return r;
  }

  private byte[] chunkedBody() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
      body.write(in.readNBytes(size));
      line();
    }
    line();
    return body.toByteArray();
  }

  private String line() throws IOException {
    StringBuilder sb = new StringBuilder(64);
    for (int c = in.read(); c != '\n'; c = in.read()) {
      if (c < 0) {
        throw new IOException("connection closed");
      }
      if (c != '\r') {
        sb.append((char) c);
      }
    }
    return sb.toString();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
