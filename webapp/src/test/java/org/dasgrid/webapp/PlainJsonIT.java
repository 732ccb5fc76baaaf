package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JSON answers are plain JSON: a message quoting what the client sent shows {@code '} and {@code <} as themselves
 * (as the docs print them), not as {@code \u0027} and {@code \u003C}; the answer says {@code application/json}
 * with {@code nosniff}, so no browser takes it for markup. The body is read as text, and parsed back to the same
 * message.
 */
@ExtendWith(PlainJsonIT.Server.class)
class PlainJsonIT {
  static String base;

  static final class Server implements BeforeAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
      base = TestServer.examples(context).base();
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
    "/genotypes/ceu/variants?segment=1:1,1000&zygosity=%3Cb%3E%27x | 400 | <b>'x",
    "/das/dmel/%3Cb%3E?format=json | 400 | <b>",
    "/api/sources/nope | 404 | 'nope'",
    "/files/dmel/x%3Cy.gz | 404 | 'x<y.gz'",
  })
  void errorMessagesAreWrittenAsPlainJson(String path, int status, String quoted) throws IOException {
    Http.Response r = Http.get(base + path);
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
    String body = r.text();
    assertThat(body).contains(quoted).doesNotContain("\\u00");
    String message = new ObjectMapper().readTree(body).path("error").path("message").asText();
    assertThat(body).contains(message);
  }
}
