package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.dasgrid.core.access.Tokens;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The hostile-input matrix: malformed and malicious requests over every kind of endpoint (DAS XML and JSON,
 * genotypes, admin, status API, static page, metrics, health). Each gets the expected status and a short
 * message, nothing the client sent comes back as markup, no stack trace leaks, and a good request right
 * after it succeeds. The admin endpoints are probed twice: on the examples server, where they are off, and
 * on a server of their own with an admin token configured, with malformed input and missing, wrong or
 * malformed tokens.
 */
@ExtendWith(HostileInputIT.Server.class)
class HostileInputIT {
  static final String ADMIN = "hostile-admin-token";
  static TestServer server;
  @TempDir static Path dir;
  /** A small server with {@code server.adminTokens} set, so the admin endpoints are on. */
  static TestServer admin;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      server = TestServer.examples(context);
    }
  }

  @BeforeAll
  static void startAdmin() throws IOException {
    admin = TestServer.ceWithAdminToken(dir, ADMIN);
  }

  @AfterAll
  static void stopAdmin() {
    admin.close();
  }

  /**
   * One hostile request: method, path and query exactly as sent (raw, so malformed escapes go through),
   * extra headers and body, and the status it must get.
   */
  record Case(String name, String method, String target, List<String> headers, String body, int status) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Case get(String name, String target, int status, String... headers) {
    return new Case(name, "GET", target, List.of(headers), null, status);
  }

  static Case send(String name, String method, String target, String body, int status, String... headers) {
    return new Case(name, method, target, List.of(headers), body, status);
  }

  static final String XSS = "%3Cscript%3Ealert(1)%3C%2Fscript%3E";
  static final String IMG = "%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E";

  static Stream<Case> cases() {
    List<Case> c = new ArrayList<>();
    String segs1001 = "segment=2L:1,2;".repeat(1001);
    // DAS XML: grammar, encodings, numbers
    c.add(get("bad percent escape", "/das/dmel/features?segment=%ZZ", 402));
    c.add(get("truncated percent escape", "/das/dmel/features?segment=2L%3", 402));
    c.add(get("overlong UTF-8", "/das/dmel/features?segment=%C0%AF", 402));
    c.add(get("UTF-8 surrogate", "/das/dmel/features?segment=%ED%A0%80", 402));
    c.add(get("lone continuation byte", "/das/dmel/features?segment=%80abc", 402));
    c.add(get("NUL in segment", "/das/dmel/features?segment=2L:1,10%00", 402));
    c.add(get("1001 segments", "/das/dmel/features?" + segs1001, 402));
    c.add(get("repeated maxbins", "/das/dmel/features?segment=2L:1,9&maxbins=1&maxbins=2", 402));
    c.add(get("huge coordinate", "/das/dmel/features?segment=2L:99999999999999999999999,1", 402));
    c.add(get("negative range reversed", "/das/dmel/features?segment=2L:-1,-5", 402));
    c.add(get("zero coordinates", "/das/dmel/features?segment=2L:0,0", 200));
    c.add(get("past int range", "/das/dmel/features?segment=2L:2147483648,2147483649", 200));
    c.add(get("rows overflow", "/das/dmel/features?segment=2L:1,9&rows=1-99999999999", 402));
    c.add(get("negative rows", "/das/dmel/entry_points?rows=-1-5", 402));
    c.add(get("SQL in segment", "/das/dmel/features?segment=2L%27%20OR%201%3D1--:1,10", 402));
    c.add(get("SQL without spaces", "/das/dmel/features?segment=2L%27OR%271%27=%271:1,10", 200));
    c.add(get("script as reference", "/das/dmel/features?segment=%22%3E" + XSS + ":1,10", 200));
    c.add(get("CDATA as type", "/das/dmel/features?segment=2L:1,9&type=%3C!%5BCDATA%5Bx%5D%5D%3E", 200));
    c.add(get("markup as feature id", "/das/dmel/features?feature_id=" + IMG, 200));
    c.add(get("markup as type filter", "/das/dmel/types?type=" + XSS, 200));
    c.add(get("markup as format", "/das/dmel/stylesheet?format=" + XSS, 402));
    c.add(get("sequence past the end", "/das/ce_ws199/sequence?segment=I:1,10;segment=I:1,20000001", 405));
    c.add(get("overlong sequence", "/das/ce_ws199/sequence?" + "segment=I:1,100;".repeat(300), 200));
    // DAS paths
    c.add(get("traversal as source, encoded slashes", "/das/..%2F..%2Fetc%2Fpasswd/features", 401));
    c.add(get("dot-dot path", "/das/%2e%2e/%2e%2e/etc/passwd", 400));
    c.add(get("NUL in path", "/das/dmel%00/features", 400));
    c.add(get("script as source", "/das/" + XSS + "/features", 401));
    c.add(get("script as command", "/das/dmel/" + XSS, 400));
    c.add(get("too deep", "/das/dmel/features/x/y", 400));
    c.add(get("backslash traversal", "/das/..%5C..%5Cwindows/features", 400));
    // DAS JSON
    c.add(get("JSON, script as reference", "/das/dmel/features?format=json&segment=" + XSS + ":1,2", 200));
    c.add(get("JSON, unknown source", "/das/" + IMG + "/features?format=json", 401));
    c.add(get("JSON, bad segment", "/das/dmel/features?format=json&segment=2L:x,y", 402));
    c.add(get("JSON injection as feature id", "/das/dmel/features?format=json&feature_id=%22%7D%2C%22x%22%3A%22", 200));
    c.add(get("JSON injection as sample",
        "/genotypes/ceu/variants?segment=1:1,1000&samples=%22%7D%2C%22error%22%3A%7B%22status%22%3A200", 400));
    c.add(get("XML injection as type", "/das/dmel/types?segment=2L:1,9&type=%3C%2FTYPE%3E%3CTYPE%20id%3D%22x%22%3E", 200));
    // methods and bodies
    c.add(send("PUT", "PUT", "/das/dmel/features?segment=2L:1,9", "x", 400));
    c.add(send("DELETE", "DELETE", "/das/sources", null, 400));
    c.add(send("TRACE", "TRACE", "/das/sources", null, 400));
    c.add(send("PATCH on genotypes", "PATCH", "/genotypes/ceu/variants?segment=1:1,10", "x", 405));
    c.add(send("POST bad escape", "POST", "/das/dmel/features", "segment=%ZZ", 402,
        "Content-Type", "application/x-www-form-urlencoded"));
    c.add(send("POST over maxQueryLength", "POST", "/das/dmel/features", "segment=2L:1,2&".repeat(5000), 402,
        "Content-Type", "application/x-www-form-urlencoded"));
    c.add(send("POST not a form", "POST", "/das/dmel/features?segment=2L:2501,2550", "<xml/>", 200,
        "Content-Type", "text/xml"));
    // headers
    c.add(get("Range ignored", "/das/dmel/features?segment=2L:2501,2550", 200, "Range", "bytes=0-0"));
    c.add(get("Range beyond", "/das/dmel/features?segment=2L:2501,2550", 200, "Range", "bytes=999999999-"));
    c.add(get("Range garbage", "/das/dmel/features?segment=2L:2501,2550", 200, "Range", "items=<script>"));
    c.add(get("Accept-Encoding nonsense", "/das/dmel/features?segment=2L:2501,2550", 200,
        "Accept-Encoding", "gzip;q=1e999, br;q=, *;q=-1"));
    c.add(get("Accept-Encoding overlong", "/das/dmel/features?segment=2L:2501,2550", 200,
        "Accept-Encoding", "x,".repeat(2000)));
    c.add(get("If-None-Match star", "/das/dmel/features?segment=2L:2501,2550", 304, "If-None-Match", "*"));
    c.add(get("huge bearer token", "/das/dmel/types", 200, "Authorization", "Bearer " + "A".repeat(4000)));
    c.add(get("markup as request id", "/das/dmel/types", 200, "X-Request-Id", "<script>alert(1)</script>"));
    c.add(get("markup as Host", "/das/dmel/features?segment=2L:2501,2550", 400, "Host", "<script>"));
    // over server.http.maxHeaderBytes (72 KiB): refused by Tomcat, answered as a DAS document (ApiErrorReportValve)
    c.add(get("headers over the limit", "/das/dmel/types", 402, "X-Big", "x".repeat(80_000)));
    // genotypes
    c.add(get("genotypes, bad segment", "/genotypes/ceu/variants?segment=1:x", 400));
    c.add(get("genotypes, markup as zygosity", "/genotypes/ceu/variants?segment=1:1,1000&zygosity=" + XSS, 400));
    c.add(get("genotypes, markup as sample", "/genotypes/ceu/variants?segment=1:1,1000&samples=" + IMG, 400));
    c.add(get("genotypes, negative limit", "/genotypes/ceu/variants?segment=1:1,1000&limit=-5", 400));
    c.add(get("genotypes, huge limit", "/genotypes/ceu/variants?segment=1:1,1000&limit=99999999999999", 400));
    c.add(get("genotypes, unknown source", "/genotypes/" + XSS + "/variants?segment=1:1,10", 404));
    c.add(get("genotypes, traversal", "/genotypes/..%2F..%2Fetc%2Fpasswd/variants?segment=1:1,10", 404));
    c.add(get("genotypes, unknown query", "/genotypes/ceu/" + IMG, 404));
    c.add(get("genotypes, 1001 segments", "/genotypes/ceu/variants?" + "segment=1:1,2&".repeat(1001), 400));
    c.add(get("genotypes, unknown argument", "/genotypes/ceu/variants?segment=1:1,10&evil=%3Cx%3E", 400));
    c.add(get("genotypes, no genotypes", "/genotypes/dmel/count?segment=2L:1,10", 404));
    c.add(get("genotypes, bad escape", "/genotypes/ceu/variants?segment=%ZZ", 400));
    c.add(get("genotypes, invalid UTF-8", "/genotypes/ceu/variants?segment=%FF%FE:1,2", 400));
    // admin (no admin tokens configured here: the admin endpoints are off)
    c.add(send("admin reload without token", "POST", "/admin/reload/dmel", null, 403));
    c.add(send("admin traversal", "POST", "/admin/reload/..%2F..%2Fetc", null, 403));
    c.add(get("admin with a wrong token", "/admin/status", 403, "Authorization", "Bearer x"));
    // status API, static page, metrics, health
    c.add(get("api, markup as source", "/api/sources/" + XSS, 404));
    c.add(get("api, markup as search", "/api/sources/dmel/search?q=" + XSS, 200));
    c.add(get("api, long search", "/api/sources/dmel/search?q=" + "a".repeat(5000), 200));
    c.add(get("api, unknown resource", "/api/" + IMG, 404));
    c.add(get("static traversal", "/..%2F..%2Fetc%2Fpasswd", 404));
    c.add(get("static WEB-INF", "/WEB-INF/web.xml", 404));
    c.add(get("static dot-dot", "/static/%2e%2e/%2e%2e/etc/passwd", 400));
    c.add(get("page with markup in query", "/index.html?" + XSS, 200));
    c.add(get("openapi with markup in query", "/openapi.json?x=" + XSS, 200));
    c.add(get("metrics with markup in query", "/metrics?name=" + XSS, 200));
    c.add(get("health, markup as check", "/health/" + XSS, 404));
    return c.stream();
  }

  /** The admin endpoints with admin tokens configured: every way to get the token or the input wrong. */
  static Stream<Case> adminCases() {
    String ok = "Bearer " + ADMIN;
    List<Case> c = new ArrayList<>();
    // missing, wrong and malformed tokens
    c.add(get("status without a token", "/admin/status", 401));
    c.add(send("reload without a token", "POST", "/admin/reload/ce", null, 401));
    c.add(get("a wrong token", "/admin/status", 403, "Authorization", "Bearer wrong"));
    c.add(send("reload with a wrong token", "POST", "/admin/reload/ce", null, 403, "Authorization", "Bearer wrong"));
    c.add(get("the token's digest as token", "/admin/status", 403, "Authorization", "Bearer " + Tokens.hash(ADMIN)));
    c.add(get("the token with a suffix", "/admin/status", 403, "Authorization", ok + "x"));
    c.add(get("the token and more words", "/admin/status", 403, "Authorization", ok + " extra"));
    c.add(get("Basic scheme", "/admin/status", 401, "Authorization", "Basic " + ADMIN));
    c.add(get("Bearer without a token", "/admin/status", 401, "Authorization", "Bearer "));
    c.add(get("scheme only", "/admin/status", 401, "Authorization", "Bearer"));
    c.add(get("huge token", "/admin/status", 403, "Authorization", "Bearer " + "A".repeat(8000)));
    c.add(get("markup as token", "/admin/status", 403, "Authorization", "Bearer <script>alert(1)</script>"));
    c.add(get("token in the query", "/admin/status?access_token=" + ADMIN, 401));
    c.add(send("token in a form", "POST", "/admin/reload/ce", "access_token=" + ADMIN, 401,
        "Content-Type", "application/x-www-form-urlencoded"));
    c.add(get("two Authorization headers, the first wrong", "/admin/status", 403, "Authorization", "Bearer x",
        "Authorization", ok));
    // malformed input with the right token
    c.add(send("reload of a script id", "POST", "/admin/reload/" + XSS, null, 404, "Authorization", ok));
    c.add(send("reload of an image id", "POST", "/admin/reload/" + IMG, null, 404, "Authorization", ok));
    c.add(send("reload traversal, encoded", "POST", "/admin/reload/..%2F..%2Fetc%2Fpasswd", null, 404,
        "Authorization", ok));
    // normalised by Tomcat to /etc, outside /admin: the home page's servlet refuses the POST
    c.add(send("reload traversal, dot-dot", "POST", "/admin/reload/%2e%2e/%2e%2e/etc", null, 405,
        "Authorization", ok));
    c.add(send("reload of nothing", "POST", "/admin/reload/", null, 404, "Authorization", ok));
    c.add(send("reload of an overlong id", "POST", "/admin/reload/" + "x".repeat(5000), null, 404,
        "Authorization", ok));
    c.add(send("reload with a bad escape", "POST", "/admin/reload/ce%ZZ", null, 400, "Authorization", ok));
    c.add(send("reload with invalid UTF-8", "POST", "/admin/reload/%C0%AF", null, 400, "Authorization", ok));
    c.add(send("reload, markup as wait", "POST", "/admin/reload/ce?wait=" + XSS, null, 200, "Authorization", ok));
    c.add(send("reload, bad escape in wait", "POST", "/admin/reload/ce?wait=%ZZ", null, 200, "Authorization", ok));
    c.add(send("reload, junk body", "POST", "/admin/reload/ce?wait=false", "\u0000<x>", 202,
        "Authorization", ok, "Content-Type", "application/x-www-form-urlencoded"));
    c.add(get("reload by GET", "/admin/reload/ce", 405, "Authorization", ok));
    c.add(send("PUT on reload", "PUT", "/admin/reload/ce", "x", 405, "Authorization", ok));
    c.add(send("DELETE on status", "DELETE", "/admin/status", null, 405, "Authorization", ok));
    c.add(send("TRACE on status", "TRACE", "/admin/status", null, 405, "Authorization", ok));
    c.add(get("unknown admin resource", "/admin/" + XSS, 405, "Authorization", ok));
    c.add(get("status, markup in query", "/admin/status?x=" + XSS, 200, "Authorization", ok));
    c.add(get("status, lower-case scheme", "/admin/status", 200, "Authorization", "bearer " + ADMIN));
    return c.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void hostileRequestsGetTheirStatusAndNothingLeaks(Case c) {
    check(server, c);
    aGoodRequestStillSucceeds(server, "dmel", "2L:2501,2550", 4);
    assertThat(Http.get(server.base() + "/genotypes/ceu/count?segment=1:1105366,1200000").status()).isEqualTo(200);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("adminCases")
  void hostileAdminRequestsGetTheirStatusAndNothingLeaks(Case c) {
    check(admin, c);
    aGoodRequestStillSucceeds(admin, "ce", "I:12759582,12764949", 92);
    Http.Response status = Http.get(admin.base() + "/admin/status", "Authorization", "Bearer " + ADMIN);
    assertThat(status.status()).isEqualTo(200);
    assertThat(status.text()).contains("\"id\":\"ce\"");
  }

  static void aGoodRequestStillSucceeds(TestServer on, String source, String segment, int features) {
    Http.Response r = Http.get(on.das() + "/" + source + "/features?segment=" + segment);
    assertThat(r.status()).as("a good request right after").isEqualTo(200);
    assertThat(r.xml().getElementsByTagName("FEATURE").getLength()).isEqualTo(features);
  }

  static void check(TestServer on, Case c) {
    List<String> headers = new ArrayList<>(c.headers());
    if (c.body() != null) {
      headers.add("Content-Length");
      headers.add(Integer.toString(c.body().getBytes(java.nio.charset.StandardCharsets.UTF_8).length));
    }
    Http.Response r = Http.raw(on.base(), c.method(), c.target(), headers, c.body());
    assertThat(r.status()).as("%s %s", c.method(), c.target()).isEqualTo(c.status());
    String body = r.text();
    String type = String.valueOf(r.header("Content-Type"));
    // the payloads' markup never comes back as markup (the home page itself has script tags of its own): JSON is
    // plain text (a message shows '<' as the docs do), so markup may be quoted only in a body a browser never
    // renders — application/json with nosniff; XML and HTML escape it
    boolean plainJson = type.startsWith("application/json") && "nosniff".equals(r.header("X-Content-Type-Options"));
    if (!plainJson) {
      assertThat(body).doesNotContain("<script>alert").doesNotContain("<img src=x").doesNotContain("<![CDATA[x");
    }
    assertThat(body).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("org.dasgrid.");
    if (type.startsWith("application/json") && !body.isEmpty()) {
      try {
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(body); // injected quotes did not break it
      } catch (java.io.IOException e) {
        throw new AssertionError("not valid JSON: " + body, e);
      }
    }
    if (type.startsWith("text/xml") && !body.isEmpty()) {
      r.xml(); // injected markup did not break the document
    }
    String requestId = r.header("X-Request-Id");
    if (requestId != null) {
      assertThat(requestId).doesNotContain("<");
    }
    if (r.status() >= 400 && !body.isEmpty()) {
      assertThat(body.length()).as("a short message").isLessThan(1200);
    }
    assertThat(r.header("X-Content-Type-Options")).satisfiesAnyOf(
        v -> assertThat(v).isEqualTo("nosniff"),
        // refused by Tomcat itself before any filter runs (bad URI, WEB-INF, TRACE, oversized headers)
        v -> assertThat(c.status()).isIn(400, 404, 405));
  }
}
