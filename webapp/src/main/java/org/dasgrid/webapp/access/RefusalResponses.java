package org.dasgrid.webapp.access;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.dasgrid.core.access.Refusal;
import org.dasgrid.core.ga4gh.beacon.BeaconIdentity;
import org.dasgrid.core.ga4gh.beacon.BeaconService;

/**
 * The answers of {@link AccessGuard}: 401 for a missing or invalid token, 403 for a token without the visa,
 * with {@code WWW-Authenticate} (RFC 6750) and a body saying what is missing — a {@code beaconErrorResponse}
 * under {@code /beacon}, else the JSON error of the other APIs ({@code {"error":{"status","message",...}}}),
 * with the DAS headers under {@code /das}.
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
    write(resp, route.api(), r.httpStatus(), error);
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
    write(resp, api, 401, error);
  }

  private void write(HttpServletResponse resp, String api, int status, ObjectNode error) throws IOException {
    ObjectNode doc;
    if (api.equals("beacon")) {
      doc = beacon.error(status, error.get("message").asText());
    } else {
      doc = mapper.createObjectNode();
      doc.set("error", error);
    }
    if (api.equals("das")) {
      resp.setHeader("X-DAS-Version", "DAS/1.6");
      resp.setHeader("X-DAS-Status", Integer.toString(status));
      resp.setHeader("X-DAS-Server", server);
    }
    byte[] body = mapper.writeValueAsBytes(doc);
    resp.setStatus(status);
    resp.setContentType("application/json");
    resp.setCharacterEncoding(StandardCharsets.UTF_8.name());
    resp.setHeader("Cache-Control", "no-store");
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }

  /** A header's quoted-string: no quotes, backslashes or control characters. */
  private static String quoted(String s) {
    String t = s.replaceAll("[\"\\\\\\p{Cntrl}]", "'");
    return t.length() <= 300 ? t : t.substring(0, 297) + "...";
  }
}
