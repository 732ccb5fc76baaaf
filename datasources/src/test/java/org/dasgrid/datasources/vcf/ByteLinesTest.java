package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteLinesTest {
  @ParameterizedTest
  @ValueSource(ints = {16, 17, 64, 1 << 20})
  void splitsLinesAcrossBufferRefillsAndGrowth(int bufferSize) throws Exception {
    Random rnd = new Random(bufferSize);
    List<String> expected = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 500; i++) {
      String line = "x".repeat(rnd.nextInt(i % 50 == 0 ? 300 : 20)) + i;
      expected.add(line);
      text.append(line).append(i % 7 == 0 ? "\r\n" : "\n");
    }
    text.append("last without newline");
    expected.add("last without newline");
    ByteLines lines = new ByteLines(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)), bufferSize);
    List<String> actual = new ArrayList<>();
    while (lines.next()) {
      actual.add(lines.text());
    }
    assertThat(actual).containsExactlyElementsOf(expected);
    assertThat(lines.lineNumber()).isEqualTo(501);
  }

  /**
   * Lines whose ends the reader finds itself ({@link ByteLines#nextStart}, {@link ByteLines#endAt}) are the lines
   * {@link ByteLines#next} gives, after a header read the usual way, across refills and growth: each starts
   * where the last ended and is whole before {@link ByteLines#limit()}.
   */
  @ParameterizedTest
  @ValueSource(ints = {16, 17, 64, 1 << 20})
  void linesEndedByTheReaderAreTheLinesNextGives(int bufferSize) throws Exception {
    Random rnd = new Random(bufferSize);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 500; i++) {
      text.append("x".repeat(rnd.nextInt(i % 50 == 0 ? 300 : 20))).append(i).append(i % 7 == 0 ? "\r\n" : "\n");
      if (i % 60 == 0) {
        text.append(i % 120 == 0 ? "\n" : "\r\n"); // empty lines
      }
    }
    text.append("last without newline");
    byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
    List<String> expected = new ArrayList<>();
    ByteLines usual = new ByteLines(new ByteArrayInputStream(bytes), bufferSize);
    while (usual.next()) {
      expected.add(usual.text());
    }
    ByteLines lines = new ByteLines(new ByteArrayInputStream(bytes), bufferSize);
    List<String> actual = new ArrayList<>();
    for (int header = 0; header < 3 && lines.next(); header++) {
      actual.add(lines.text());
    }
    while (lines.nextStart()) {
      byte[] b = lines.buffer();
      assertThat(lines.limit()).isGreaterThan(lines.start()).isLessThanOrEqualTo(b.length);
      int nl = ByteLines.newline(b, lines.start(), lines.limit());
      if (nl < 0) { // no newline before the limit: only the input's last line
        assertThat(new String(b, lines.start(), lines.limit() - lines.start(), StandardCharsets.UTF_8))
            .isEqualTo("last without newline");
      }
      lines.endAt(nl < 0 ? lines.limit() : nl);
      actual.add(lines.text());
    }
    assertThat(actual).containsExactlyElementsOf(expected);
    assertThat(lines.lineNumber()).isEqualTo(usual.lineNumber()).isEqualTo(510);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 7, 8, 9, 15, 16, 31, 32, 33, 39, 63, 64, 95, 96, 100})
  void findsTheFirstNewlineAtAnyOffset(int at) {
    byte[] b = new byte[120];
    java.util.Arrays.fill(b, (byte) 'A');
    b[at] = '\n';
    b[119] = '\n';
    for (int from = 0; from <= at; from++) {
      assertThat(ByteLines.newline(b, from, b.length)).isEqualTo(at);
    }
    assertThat(ByteLines.newline(b, at + 1, 119)).isEqualTo(-1);
  }
}
