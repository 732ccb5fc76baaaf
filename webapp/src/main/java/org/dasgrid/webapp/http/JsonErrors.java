package org.dasgrid.webapp.http;

import com.fasterxml.jackson.core.JsonGenerator;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.dasgrid.core.render.JsonOutput;

/**
 * The one writer of DasGrid's JSON error bodies, {@code {"error":{"status":N,"message":"..."}}}, for every JSON
 * API (genotypes, {@code /api}, {@code /files}, admin, health, the rate limit); GA4GH and Beacon answer in their
 * specs' own shapes. The body replaces whatever was buffered (the headers the filters set, CORS and request
 * id, stay), is never cached, and carries its length.
 */
public final class JsonErrors {
  /** The media type of every JSON error body. */
  public static final String CONTENT_TYPE = "application/json;charset=UTF-8";

  private JsonErrors() {}

  /** Sends the error, unless the answer has begun (then there is nothing left to tell the client). */
  public static void write(HttpServletResponse resp, int status, String message) throws IOException {
    if (resp.isCommitted()) {
      return;
    }
    resp.resetBuffer();
    resp.setStatus(status);
    resp.setContentType(CONTENT_TYPE);
    resp.setHeader("Cache-Control", "no-store");
    byte[] body = body(status, message);
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }

  /** The bytes of an error body, ending with a newline. */
  public static byte[] body(int status, String message) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(96 + message.length());
    try (JsonGenerator g = JsonOutput.generator(bytes)) {
      g.writeStartObject();
      g.writeObjectFieldStart("error");
      g.writeNumberField("status", status);
      g.writeStringField("message", message);
      g.writeEndObject();
      g.writeEndObject();
      g.writeRaw('\n');
    }
    return bytes.toByteArray();
  }
}
