package org.dasgrid.core.api.genotype;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.dasgrid.core.render.JsonOutput;
import org.junit.jupiter.api.Test;

/** Each piece {@link JsonBytes} writes, against a generator of the shared factory writing the same value. */
class JsonBytesTest {

  interface Piece {
    void write(JsonBytes json) throws IOException;
  }

  interface Value {
    void write(JsonGenerator g) throws IOException;
  }

  private static void assertSame(Piece ours, Value jackson) throws IOException {
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    try (JsonGenerator g = JsonOutput.generator(expected)) {
      jackson.write(g);
    }
    ByteArrayOutputStream actual = new ByteArrayOutputStream();
    JsonBytes json = new JsonBytes(actual, 0); // the smallest buffer: flushes often
    ours.write(json);
    json.flush();
    assertThat(actual.toString(StandardCharsets.UTF_8)).isEqualTo(expected.toString(StandardCharsets.UTF_8));
  }

  @Test
  void writesIntsAsJacksonDoes() throws IOException {
    int[] edges = {0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999_999, 100_000_000, 999_999_999,
        1_000_000_000, Integer.MAX_VALUE, -1, -10, Integer.MIN_VALUE};
    SplittableRandom rnd = new SplittableRandom(3);
    for (int i = 0; i < 5_000; i++) {
      int v = i < edges.length ? edges[i] : i % 2 == 0 ? rnd.nextInt() : rnd.nextInt(1 << (i % 31));
      assertSame(json -> json.number(v), g -> g.writeNumber(v));
      assertSame(json -> {
        json.reserve(JsonBytes.MAX_INT);
        json.putInt(v);
      }, g -> g.writeNumber(v));
      assertSame(json -> json.number((long) v * 1_000_003L), g -> g.writeNumber((long) v * 1_000_003L));
    }
  }

  @Test
  void writesEveryCountAndPositionRangeAsJacksonDoes() throws IOException {
    // every number up to 200,000 and around each power of ten: the table's lengths and paddings
    java.util.List<Integer> values = new java.util.ArrayList<>();
    for (int v = 0; v <= 200_000; v++) {
      values.add(v);
    }
    for (long p = 10; p <= Integer.MAX_VALUE; p *= 10) {
      for (long v = p - 1_001; v <= p + 1_001 && v <= Integer.MAX_VALUE; v++) {
        values.add((int) v);
      }
    }
    StringBuilder expected = new StringBuilder();
    ByteArrayOutputStream actual = new ByteArrayOutputStream();
    JsonBytes json = new JsonBytes(actual, 64);
    for (int v : values) {
      expected.append(v).append(',');
      json.reserve(JsonBytes.MAX_INT + 1);
      json.putInt(v);
      json.put(',');
    }
    json.flush();
    assertThat(actual.toString(StandardCharsets.US_ASCII)).isEqualTo(expected.toString());
  }

  @Test
  void theSharedFactoryWritesPlainTextAsItIs() throws IOException {
    // else the writers would check every byte of rows the engine vouched for (correct, but slower)
    assertThat(JsonBytes.writesPlainTextAsIs()).isTrue();
    String plain = " !#$%()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    try (JsonGenerator g = JsonOutput.generator(expected)) {
      g.writeString(plain);
    }
    assertThat(expected.toString(StandardCharsets.US_ASCII)).isEqualTo('"' + plain + '"');
  }

  @Test
  void escapesStringsAsJacksonDoes() throws IOException {
    StringBuilder everyAscii = new StringBuilder();
    for (char c = 0; c < 128; c++) {
      everyAscii.append(c);
    }
    String[] texts = {"", "rs123", "<DEL>", "A&B's \"quoted\" \\ back/slash", everyAscii.toString(), "caf\u00e9",
        "\u2028 \u2029", "\ud83d\ude00 emoji", "\u00ff\u0100\u07ff\u0800\uffff", "tab\there", "x".repeat(70_000)};
    for (String s : texts) {
      assertSame(json -> json.string(s), g -> g.writeString(s));
      byte[] utf8 = ("[" + s + "]").getBytes(StandardCharsets.UTF_8);
      assertSame(json -> json.string(utf8, 1, utf8.length - 1), g -> g.writeString(s));
    }
  }

  @Test
  void writesBytesThatAreNotUtf8AsTheStringTheyDecodeTo() throws IOException {
    byte[] bad = {'a', (byte) 0xC3, '<', (byte) 0xFF, 'b'};
    String decoded = new String(bad, StandardCharsets.UTF_8);
    assertSame(json -> json.string(bad, 0, bad.length), g -> g.writeString(decoded));
  }
}
