package org.dasgrid.core.api.cohort;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.dasgrid.core.api.genotype.RequestTimer;
import org.junit.jupiter.api.Test;

class ListAnswerTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ListAnswer<Integer> answer = ListAnswer.<Integer>of("rows", List.of(1, 2, 3), (g, n) -> {
    g.writeNumberField("n", n);
    ListAnswer.number(g, "half", n == 2 ? Double.NaN : n / 2.0);
  }).head(g -> g.writeStringField("title", "t"))
      .closing(g -> g.writeNumberField("shown", 3))
      .tail(g -> g.writeBooleanField("truncated", false));

  @Test
  void jsonIsOneObjectWithHeadRowsAndTail() throws IOException {
    JsonNode n = JSON.readTree(untimed(write(false)));
    assertThat(JSON.writeValueAsString(n)).isEqualTo(
        "{\"title\":\"t\",\"rows\":[{\"n\":1,\"half\":0.5},{\"n\":2,\"half\":null},{\"n\":3,\"half\":1.5}],"
            + "\"truncated\":false}");
  }

  @Test
  void ndjsonIsOneLinePerRowThenTheClosingAndTailFields() throws IOException {
    List<String> lines = untimed(write(true)).lines().toList();
    assertThat(lines).containsExactly("{\"n\":1,\"half\":0.5}", "{\"n\":2,\"half\":null}", "{\"n\":3,\"half\":1.5}",
        "{\"shown\":3,\"truncated\":false}");
  }

  @Test
  void variantFieldsWriteADotIdAsNull() throws IOException {
    ListAnswer<String> a = ListAnswer.of("v", List.of(".", "rs1"), (g, id) -> ListAnswer.variant(g, "chr1", 5, id,
        "A", "G"));
    assertThat(untimed(new String(bytes(a, false), StandardCharsets.UTF_8))).isEqualTo(
        "{\"v\":[{\"chrom\":\"chr1\",\"pos\":5,\"id\":null,\"ref\":\"A\",\"alt\":\"G\"},"
            + "{\"chrom\":\"chr1\",\"pos\":5,\"id\":\"rs1\",\"ref\":\"A\",\"alt\":\"G\"}]}");
  }

  @Test
  void theTimingsEndTheAnswerAndElapsedIsFrozenAtTheEnd() throws IOException {
    RequestTimer timer = timer();
    String json = new String(bytes(answer, false, timer), StandardCharsets.UTF_8);
    assertThat(json).endsWith(",\"elapsed_db_ms\":1.234,\"elapsed_ms\":" + timer.finalElapsedMillis() + "}");
    assertThat(timer.finalElapsedMillis()).isGreaterThanOrEqualTo(0);
    String last = new String(bytes(answer, true, timer()), StandardCharsets.UTF_8).lines().reduce((a, b) -> b)
        .orElseThrow();
    assertThat(last).matches("\\{\"shown\":3,\"truncated\":false,\"elapsed_db_ms\":1\\.234,\"elapsed_ms\":[0-9.]+}");
  }

  /** The answer without its timings, once they are checked to end it. */
  private static String untimed(String answer) {
    String pattern = ",\"elapsed_db_ms\":1\\.234,\"elapsed_ms\":[0-9.]+}";
    assertThat(answer.strip()).containsPattern(pattern + "$");
    return answer.replaceAll(pattern + "(\\n?)$", "}$1");
  }

  /** A timer whose engine time is 1.234 ms. */
  private static RequestTimer timer() {
    RequestTimer t = new RequestTimer(System.nanoTime());
    t.useEngineNanos(1_234_000);
    return t;
  }

  private String write(boolean ndjson) throws IOException {
    return new String(bytes(answer, ndjson), StandardCharsets.UTF_8);
  }

  private static byte[] bytes(CohortApi.Answer a, boolean ndjson) throws IOException {
    return bytes(a, ndjson, timer());
  }

  private static byte[] bytes(CohortApi.Answer a, boolean ndjson, RequestTimer timer) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    a.write(out, ndjson, timer);
    return out.toByteArray();
  }
}
