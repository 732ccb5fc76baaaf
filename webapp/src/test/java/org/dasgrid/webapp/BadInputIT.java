package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Malformed and malicious DAS requests: each gets the right status and a short, well-formed message; no
 * stack trace; nothing the client sent comes back unescaped; and the server keeps answering.
 */
@ExtendWith(BadInputIT.Server.class)
class BadInputIT {
  static String das;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      das = TestServer.examples(context).das();
    }
  }

  static Stream<Arguments> requests() {
    String many = "segment=2L:1,2;".repeat(1001);
    String manyIds = "feature_id=x;".repeat(1001);
    return Stream.of(
        bad("/dmel/features?segment=2L:x,y", 402, "malformed segment"),
        bad("/dmel/features?segment=2L:10,5", 402, "start 10 is after stop 5"),
        bad("/dmel/features?segment=2L:1,99999999999999999999", 402, "malformed segment"),
        bad("/dmel/features?segment=", 402, "empty segment"),
        bad("/dmel/features?segment=:1,10", 402, "no reference name"),
        bad("/dmel/features?segment=2L:1,2,3", 402, "malformed segment"),
        bad("/dmel/features?segment=2L:1.5,10", 402, "malformed segment"),
        bad("/dmel/features?segment=2L:1,10'%20OR%20'1'='1", 402, "malformed segment"),
        bad("/dmel/features?segment=%202L:1,10", 402, "whitespace"),
        bad("/dmel/features?segment=2L%00:1,10", 402, "control characters"),
        bad("/dmel/features?segment=%ZZ", 402, "percent-encoding"),
        bad("/dmel/features?segment=2L%3A1%2C", 402, "malformed segment"),
        bad("/dmel/features?segment=%C3%28:1,10", 402, "not valid UTF-8"),
        bad("/dmel/features?maxbins=-1;segment=2L:1,10", 402, "maxbins"),
        bad("/dmel/features?maxbins=abc;segment=2L:1,10", 402, "maxbins"),
        bad("/dmel/features?maxbins=1;maxbins=2;segment=2L:1,10", 402, "given 2 times"),
        bad("/dmel/features?rows=b-a;segment=2L:1,10", 402, "rows"),
        bad("/dmel/features?format=html;segment=2L:1,10", 402, "format must be"),
        bad("/dmel/features?format=%3Cscript%3E", 402, "format must be"),
        bad("/dmel/features?" + many, 402, "at most 1000"),
        bad("/dmel/features?" + manyIds, 402, "at most 1000"),
        bad("/dmel/features?feature_id=", 402, "empty feature_id"),
        bad("/nope/features?segment=2L:1,10", 401, "unknown data source"),
        bad("/%3Cscript%3Ealert(1)%3C%2Fscript%3E/features", 401, "unknown data source"),
        bad("/dmel%27%20OR%201=1/features", 401, "unknown data source"),
        bad("/dmel/nope", 400, "unknown command"),
        bad("/dmel/%3Cimg%20src=x%3E", 400, "unknown command"),
        bad("/dmel/features/extra", 400, "no such DAS resource"),
        bad("/sources/features/x", 400, "no such DAS resource"),
        bad("/nope", 401, "unknown data source"),
        bad("/dmel/sequence?segment=2L:1,10", 501, "has no sequence"),
        bad("/ce_ws199/sequence?segment=chrZ:1,10", 403, "unknown reference"),
        bad("/ce_ws199/sequence?segment=I:1,1000", 405, "outside"),
        bad("/ce_ws199/sequence?segment=I:0,10", 405, "outside"),
        bad("/ce_ws199/sequence", 402, "needs at least one segment"),
        bad("/dmel/entry_points?rows=0-5", 402, "rows"),
        bad("/dmel/types?segment=2L:5,1", 402, "start 5 is after stop 1"),
        bad("/dmel/types?format=xls", 402, "format must be"),
        bad("/sources?format=yaml", 402, "format must be"));
  }

  private static Arguments bad(String path, int status, String message) {
    return Arguments.of(path, status, message);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @MethodSource("requests")
  void badRequestsGetTheRightStatusAndAShortMessage(String path, int status, String message) {
    Http.Response r = path.contains("%ZZ") ? Http.raw(das, "/das" + path) : Http.get(das + path);
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.header("X-DAS-Status")).isEqualTo(Integer.toString(status));
    assertThat(r.header("Access-Control-Allow-Origin")).isEqualTo("*");
    String body = r.text();
    assertThat(r.xml().getDocumentElement().getTagName()).isEqualTo("DASERROR");
    assertThat(r.xml().getDocumentElement().getTextContent()).contains(message).hasSizeLessThan(300);
    assertNothingLeaks(body);
  }

  static void assertNothingLeaks(String body) {
    assertThat(body).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("org.dasgrid")
        .doesNotContain("<script").doesNotContain("<img").doesNotContain("alert(1)</");
  }

  /** Requests that are fine as DAS but carry hostile text: the text comes back escaped, inside a 200. */
  @ParameterizedTest
  @MethodSource("hostileButValid")
  void hostileTextInValidRequestsIsEscaped(String query, String mustContain) {
    Http.Response r = Http.get(das + "/dmel/features?" + query);
    assertThat(r.status()).isEqualTo(200);
    r.xml();
    assertThat(r.text()).contains(mustContain);
    assertNothingLeaks(r.text());
  }

  static Stream<Arguments> hostileButValid() {
    return Stream.of(
        Arguments.of("segment=%3Cscript%3Ealert(1)%3C/script%3E:1,10", "&lt;script>alert(1)&lt;/script>"),
        Arguments.of("feature_id=%3Cimg%20src=x%20onerror=alert(1)%3E", "&lt;img src=x onerror=alert(1)>"),
        Arguments.of("segment=2L:1,10;type=%3Cscript%3E", "<SEGMENT id=\"2L\""),
        Arguments.of("segment=%22%3E%3C/SEGMENT%3E:1,2", "id=\"&quot;>&lt;/SEGMENT>\""),
        Arguments.of("segment=2L:-5,10", "<ERRORSEGMENT id=\"2L\" start=\"-5\" stop=\"10\"/>"),
        Arguments.of("segment=2L:0,0", "<ERRORSEGMENT id=\"2L\" start=\"0\" stop=\"0\"/>"),
        Arguments.of("segment=2L:1,9999999999", "<ERRORSEGMENT id=\"2L\" start=\"1\" stop=\"9999999999\"/>"),
        Arguments.of("segment=2L:2501,2550;category=%0d%0aSet-Cookie:x", "<SEGMENT id=\"2L\""),
        Arguments.of("segment=2L:2501,2550;unknown_argument=1;maxbins=800", "<FEATURE"));
  }

  @Test
  void methodAbuseIsRefusedWithoutABody() {
    for (String m : List.of("PUT", "DELETE", "PATCH")) {
      Http.Response r = Http.method(m, das + "/dmel/features?segment=2L:1,10", "x");
      assertThat(r.status()).as(m).isEqualTo(400);
      assertThat(r.header("Allow")).contains("GET");
      assertNothingLeaks(r.text());
    }
    // Tomcat refuses TRACE itself; the answer is still DAS's, a bad command as for PUT (ApiErrorReportValve)
    Http.Response trace = Http.method("TRACE", das + "/dmel/features", null);
    assertThat(trace.status()).isEqualTo(400);
    assertThat(trace.header("X-DAS-Status")).isEqualTo("400");
    assertThat(trace.xml().getDocumentElement().getTagName()).isEqualTo("DASERROR");
  }

  @Test
  void bogusHeadersAreIgnored() {
    String url = das + "/dmel/features?segment=2L:2501,2550";
    assertThat(Http.get(url, "Range", "bytes=0-10").status()).isEqualTo(200);
    assertThat(Http.get(url, "Range", "bytes=garbage").status()).isEqualTo(200);
    Http.Response enc = Http.get(url, "Accept-Encoding", "br;q=abc, gzip;q=x, zz");
    assertThat(enc.status()).isEqualTo(200);
    assertThat(enc.header("Content-Encoding")).isNull();
    assertThat(Http.get(url, "If-None-Match", "\"" + "x".repeat(2000) + "\"").status()).isEqualTo(200);
  }

  @AfterAll
  static void serverStillAnswers() {
    Http.Response r = Http.get(das + "/dmel/features?segment=2L:2501,2550");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.xml().getElementsByTagName("FEATURE").getLength()).isEqualTo(4);
  }
}
