package org.dasgrid.webapp;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.zip.GZIPInputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;

/** A real HTTP client (java.net.http) for integration tests, with helpers to read DAS answers. */
public final class Http {
  private static final HttpClient CLIENT = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(10))
      .version(HttpClient.Version.HTTP_1_1)
      .build();

  private Http() {}

  /** A response: status, headers, and the body as sent (not decompressed). */
  public record Response(int status, java.net.http.HttpHeaders headers, byte[] body) {
    public String header(String name) {
      return headers.firstValue(name).orElse(null);
    }

    /** The body, gunzipped if it was sent gzip-encoded, as UTF-8 text. */
    public String text() {
      return new String(decoded(), StandardCharsets.UTF_8);
    }

    public byte[] decoded() {
      if ("gzip".equalsIgnoreCase(header("Content-Encoding"))) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
          return in.readAllBytes();
        } catch (IOException e) {
          throw new IllegalStateException("bad gzip body", e);
        }
      }
      return body;
    }

    public Document xml() {
      try {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(decoded()));
      } catch (Exception e) {
        throw new AssertionError("not well-formed XML: " + e.getMessage() + "\n" + text(), e);
      }
    }
  }

  /**
   * Sends a request line exactly as given (java.net.URI refuses malformed escapes, which we want to send)
   * and reads the response until the server closes the connection.
   */
  public static Response raw(String base, String pathAndQuery) {
    return raw(base, "GET", pathAndQuery, java.util.List.of(), null);
  }

  /**
   * Sends a request exactly as given: method, target (java.net.URI refuses the malformed escapes we want to
   * send), header name/value pairs (a {@code Host} pair replaces the default) and an optional body; reads the
   * response until the server closes the connection.
   */
  public static Response raw(String base, String method, String target, java.util.List<String> headers,
      String body) {
    URI b = URI.create(base);
    try (java.net.Socket s = new java.net.Socket(b.getHost(), b.getPort())) {
      s.setSoTimeout(30_000);
      StringBuilder req = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
      boolean host = false;
      for (int i = 0; i + 1 < headers.size(); i += 2) {
        host |= headers.get(i).equalsIgnoreCase("Host");
        req.append(headers.get(i)).append(": ").append(headers.get(i + 1)).append("\r\n");
      }
      if (!host) {
        req.append("Host: ").append(b.getHost()).append("\r\n");
      }
      req.append("Connection: close\r\n\r\n");
      if (body != null) {
        req.append(body);
      }
      s.getOutputStream().write(req.toString().getBytes(StandardCharsets.UTF_8));
      byte[] all = s.getInputStream().readAllBytes();
      String text = new String(all, StandardCharsets.ISO_8859_1);
      int split = text.indexOf("\r\n\r\n");
      String[] lines = text.substring(0, split < 0 ? text.length() : split).split("\r\n");
      int status = Integer.parseInt(lines[0].split(" ")[1]);
      java.util.Map<String, java.util.List<String>> map = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      for (int i = 1; i < lines.length; i++) {
        int c = lines[i].indexOf(':');
        if (c > 0) {
          map.computeIfAbsent(lines[i].substring(0, c).trim(), k -> new java.util.ArrayList<>())
              .add(lines[i].substring(c + 1).trim());
        }
      }
      byte[] payload = split < 0 ? new byte[0] : java.util.Arrays.copyOfRange(all, split + 4, all.length);
      if (map.containsKey("Transfer-Encoding")) {
        payload = dechunk(payload);
      }
      return new Response(status, java.net.http.HttpHeaders.of(map, (k, v) -> true), payload);
    } catch (IOException e) {
      throw new IllegalStateException("raw request failed: " + e.getMessage(), e);
    }
  }

  private static byte[] dechunk(byte[] body) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    int i = 0;
    while (i < body.length) {
      int eol = i;
      while (body[eol] != '\r') {
        eol++;
      }
      int size = Integer.parseInt(new String(body, i, eol - i, StandardCharsets.ISO_8859_1).trim(), 16);
      if (size == 0) {
        break;
      }
      out.write(body, eol + 2, size);
      i = eol + 2 + size + 2;
    }
    return out.toByteArray();
  }

  public static Response get(String url, String... headers) {
    return send(HttpRequest.newBuilder(URI.create(url)).GET(), headers);
  }

  public static Response method(String method, String url, String body, String... headers) {
    HttpRequest.BodyPublisher p = body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(body);
    return send(HttpRequest.newBuilder(URI.create(url)).method(method, p), headers);
  }

  private static Response send(HttpRequest.Builder b, String... headers) {
    b.timeout(Duration.ofSeconds(60));
    for (int i = 0; i + 1 < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    try {
      HttpResponse<byte[]> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
      return new Response(r.statusCode(), r.headers(), r.body());
    } catch (IOException e) {
      throw new IllegalStateException("request failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
