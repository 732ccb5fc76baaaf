package org.dasgrid.webapp.access;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.dasgrid.core.access.Refusal;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.DasService;
import org.dasgrid.core.das.DasStatus;
import org.dasgrid.core.ga4gh.beacon.BeaconIdentity;
import org.dasgrid.core.ga4gh.beacon.BeaconService;

/**
 * The answers of {@link AccessGuard}: 401 for a missing or invalid token, 403 for a token without the visa,
 * with {@code WWW-Authenticate} (RFC 6750) and a body saying what is missing — a {@code beaconErrorResponse}
 * under {@code /beacon}, a DAS error document under {@code /das}, else the JSON error of the other APIs
 * ({@code {"error":{"status","message",...}}}).
 */
final class RefusalResponses {
  private final ObjectMapper mapper = new ObjectMapper();
  private final BeaconService beacon;
  private final String server;

  RefusalResponses(String version) {
    this.beacon = new BeaconService(BeaconIdentity.dasgrid(version));
    this.server = "DasGrid/" + version;
  }

  void refuse(HttpServletRequest req, HttpServletResponse resp, Route route, Refusal r) throws IOException {
    resp.setHeader("WWW-Authenticate", r.unauthenticated() ? "Bearer realm=\"dasgrid\""
        : "Bearer realm=\"dasgrid\", error=\"insufficient_scope\", error_description=\"" + quoted(r.missing())
            + "\"");
    ObjectNode error = mapper.createObjectNode();
    error.put("status", r.httpStatus());
    error.put("message", r.message());
    error.put("missing", r.missing());
    error.put("source", r.source());
    error.put("tier", r.tier().label());
    error.put("needs", r.needed().label());
    write(req, resp, route.api(), r.httpStatus(), error);
  }

  void invalidToken(HttpServletRequest req, HttpServletResponse resp, String path, String message)
      throws IOException {
    resp.setHeader("WWW-Authenticate", "Bearer realm=\"dasgrid\", error=\"invalid_token\", error_description=\""
        + quoted(message) + "\"");
    ObjectNode error = mapper.createObjectNode();
    error.put("status", 401);
    error.put("message", "bearer token refused: " + message);
    error.put("missing", "valid bearer token");
    String api = path.startsWith("/beacon/") ? "beacon" : path.startsWith("/das/") || path.equals("/das") ? "das"
        : "other";
    write(req, resp, api, 401, error);
  }

  private void write(HttpServletRequest req, HttpServletResponse resp, String api, int status, ObjectNode error)
      throws IOException {
    if (api.equals("das")) {
      writeDas(req, resp, status, error.get("message").asText());
      return;
    }
    ObjectNode doc;
    if (api.equals("beacon")) {
      doc = beacon.error(status, error.get("message").asText());
    } else {
      doc = mapper.createObjectNode();
      doc.set("error", error);
    }
    byte[] body = mapper.writeValueAsBytes(doc);
    resp.setStatus(status);
    resp.setContentType("application/json");
    resp.setCharacterEncoding(StandardCharsets.UTF_8.name());
    resp.setHeader("Cache-Control", "no-store");
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }

  /**
   * A DAS client gets a DAS error document (XML, or its JSON form with {@code format=json}) as for any other DAS
   * error, its message naming the tier and the missing token or visa. DAS 1.6 has no status for "not allowed":
   * the HTTP status is the refusal's (401/403, as every API answers), and {@code X-DAS-Status} says 401 "bad data
   * source" — this source cannot be used by this caller — rather than DAS's 403, which means a bad reference.
   */
  private void writeDas(HttpServletRequest req, HttpServletResponse resp, int status, String message)
      throws IOException {
    DasResponse body = DasService.error(status, message, wantsDasJson(req.getQueryString()));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    body.writeTo(bytes);
    resp.setStatus(status);
    resp.setHeader("X-DAS-Version", "DAS/1.6");
    resp.setHeader("X-DAS-Status", Integer.toString(DasStatus.BAD_DATA_SOURCE.code()));
    resp.setHeader("X-DAS-Server", server);
    resp.setContentType(body.contentType());
    resp.setHeader("Cache-Control", "no-store");
    resp.setContentLength(bytes.size());
    bytes.writeTo(resp.getOutputStream());
  }

  /** Whether a raw query string asks for DAS's JSON form, read without parsing it (the request is refused). */
  private static boolean wantsDasJson(String query) {
    return query != null && query.contains("format=json");
  }

  /** A header's quoted-string: no quotes, backslashes or control characters. */
  private static String quoted(String s) {
    String t = s.replaceAll("[\"\\\\\\p{Cntrl}]", "'");
    return t.length() <= 300 ? t : t.substring(0, 297) + "...";
  }
}
