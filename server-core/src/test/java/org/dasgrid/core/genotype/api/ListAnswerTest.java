package org.dasgrid.core.genotype.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
    JsonNode n = JSON.readTree(write(false));
    assertThat(JSON.writeValueAsString(n)).isEqualTo(
        "{\"title\":\"t\",\"rows\":[{\"n\":1,\"half\":0.5},{\"n\":2,\"half\":null},{\"n\":3,\"half\":1.5}],"
            + "\"truncated\":false}");
  }

  @Test
  void ndjsonIsOneLinePerRowThenTheClosingAndTailFields() throws IOException {
    List<String> lines = write(true).lines().toList();
    assertThat(lines).containsExactly("{\"n\":1,\"half\":0.5}", "{\"n\":2,\"half\":null}", "{\"n\":3,\"half\":1.5}",
        "{\"shown\":3,\"truncated\":false}");
  }

  @Test
  void variantFieldsWriteADotIdAsNull() throws IOException {
    ListAnswer<String> a = ListAnswer.of("v", List.of(".", "rs1"), (g, id) -> ListAnswer.variant(g, "chr1", 5, id,
        "A", "G"));
    assertThat(new String(bytes(a, false), StandardCharsets.UTF_8)).isEqualTo(
        "{\"v\":[{\"chrom\":\"chr1\",\"pos\":5,\"id\":null,\"ref\":\"A\",\"alt\":\"G\"},"
            + "{\"chrom\":\"chr1\",\"pos\":5,\"id\":\"rs1\",\"ref\":\"A\",\"alt\":\"G\"}]}");
  }

  private String write(boolean ndjson) throws IOException {
    return new String(bytes(answer, ndjson), StandardCharsets.UTF_8);
  }

  private static byte[] bytes(CohortApi.Answer a, boolean ndjson) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    a.write(out, ndjson);
    return out.toByteArray();
  }
}
