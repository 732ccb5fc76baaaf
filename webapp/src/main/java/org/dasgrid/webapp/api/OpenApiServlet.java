package org.dasgrid.webapp.api;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * {@code /openapi.json}: the OpenAPI 3.1 description of the JSON endpoints (DAS with {@code format=json}, genotype
 * queries, health, the status API), kept as a hand-written document beside the code and checked against real
 * responses by the tests. Its {@code servers} entry is the context the request came through, so the document is
 * right both at the root (embedded) and under {@code /dasgrid} (WAR).
 */
final class OpenApiServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  static final String RESOURCE = "openapi/openapi.json";

  private final transient ObjectMapper mapper = new ObjectMapper();
  private final transient ObjectNode document;

  OpenApiServlet() {
    try (InputStream in = OpenApiServlet.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + RESOURCE);
      }
      document = (ObjectNode) mapper.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + RESOURCE, e);
    }
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    ObjectNode doc = document.deepCopy();
    String context = req.getContextPath();
    doc.putArray("servers").addObject().put("url", context.isEmpty() ? "/" : context)
        .put("description", "this server");
    resp.setContentType("application/json");
    resp.setHeader("Cache-Control", "no-cache");
    mapper.writerWithDefaultPrettyPrinter().writeValue(resp.getOutputStream(), doc);
  }
}
