package org.dasgrid.core.cache;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A body compressed once and ended per request with a tail of its own is one gzip member that decompresses to
 * exactly body + tail: read back by the JDK's zlib and by the {@code gzip} program (which checks the CRC and
 * length), for bodies and tails of many sizes, compressible and not.
 */
class OpenGzipTest {
  @ParameterizedTest(name = "body {0} bytes ({1}), tail {2} bytes")
  @CsvSource({
    "0, text, 0", "0, text, 40", "1, random, 1", "1000, text, 0", "1000, random, 45", "70000, text, 37",
    "300000, text, 65535", "300000, random, 65536", "2000000, text, 140000", "65536, random, 131071",
  })
  void decompressesToTheBodyAndItsTail(int bodyLength, String kind, int tailLength) throws IOException {
    Random random = new Random(31L * bodyLength + tailLength);
    byte[] body = kind.equals("random") ? randomBytes(random, bodyLength) : jsonLike(random, bodyLength);
    byte[] tail = jsonLike(random, tailLength);
    OpenGzip open = OpenGzip.of(body);
    byte[] member = member(open, tail);
    assertThat((long) member.length).isEqualTo(open.gzipLength(tail.length));
    assertThat(gunzip(member)).isEqualTo(concat(body, tail));
    // the same open form ends another request's answer as well
    byte[] other = jsonLike(random, 30);
    assertThat(gunzip(member(open, other))).isEqualTo(concat(body, other));
    if (kind.equals("text") && bodyLength >= 70_000) {
      assertThat(open.deflated().length).as("compressed").isLessThan(bodyLength / 2);
    }
  }

  @Test
  void theGzipProgramReadsItAndChecksCrcAndLength(@TempDir Path dir) throws Exception {
    Random random = new Random(7);
    byte[] body = jsonLike(random, 500_000);
    byte[] tail = ",\"elapsed_db_ms\":0.005,\"elapsed_ms\":0.123}\n".getBytes(StandardCharsets.UTF_8);
    Path file = dir.resolve("answer.json.gz");
    Files.write(file, member(OpenGzip.of(body), tail));
    Process p = new ProcessBuilder("gzip", "-dc", file.toString()).redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    byte[] out = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as("gzip -dc exit status (0: CRC and length checked)").isZero();
    assertThat(out).isEqualTo(concat(body, tail));
  }

  @Test
  void crcContinuesAsOverTheWhole() {
    Random random = new Random(3);
    for (int i = 0; i < 200; i++) {
      byte[] a = randomBytes(random, random.nextInt(3000));
      byte[] b = randomBytes(random, random.nextInt(300));
      CRC32 whole = new CRC32();
      whole.update(concat(a, b));
      CRC32 first = new CRC32();
      first.update(a);
      assertThat(OpenGzip.continueCrc((int) first.getValue(), b)).isEqualTo((int) whole.getValue());
    }
  }

  @Test
  void aCachedResponseKeepsItsOpenFormAndWeighsIt() {
    byte[] body = jsonLike(new Random(5), 200_000);
    CachedResponse r = new CachedResponse(body, "application/json", "");
    int before = r.weight();
    OpenGzip g = r.openGzip();
    assertThat(r.openGzip()).as("made once").isSameAs(g);
    assertThat(r.weight()).isEqualTo(body.length + g.weight() + 128).isNotEqualTo(before);
  }

  private static byte[] member(OpenGzip open, byte[] tail) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    open.writeTo(out, tail);
    return out.toByteArray();
  }

  private static byte[] gunzip(byte[] member) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(member))) {
      return in.readAllBytes();
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static byte[] randomBytes(Random random, int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    return b;
  }

  /** Rows like an analytics answer's: repetitive keys, varied numbers. */
  private static byte[] jsonLike(Random random, int n) {
    StringBuilder sb = new StringBuilder(n + 100);
    while (sb.length() < n) {
      sb.append("{\"contig\":\"chr13\",\"position\":").append(32_315_508 + random.nextInt(100_000))
          .append(",\"af\":").append(random.nextDouble()).append(",\"hwe_p\":").append(random.nextDouble()).append("},");
    }
    sb.setLength(n);
    return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
  }
}
