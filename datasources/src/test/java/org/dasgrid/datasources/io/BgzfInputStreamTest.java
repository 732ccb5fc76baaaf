package org.dasgrid.datasources.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.Tools;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parallel BGZF reader ({@link TextInput#openParallel}) against the JDK's {@link GZIPInputStream} as the
 * oracle, with each inflater (JDK zlib, Intel ISA-L) on one and two threads: the same text from files made by
 * the real {@code bgzip}, several members, plain gzip appended, bytes after the end; the same text and the
 * same truncation verdict for a file cut anywhere; a corrupt block is an error naming the file.
 */
class BgzfInputStreamTest {
  @TempDir static Path dir;
  private static Path bgzipped;
  private static byte[] text;

  @BeforeAll
  static void makeFiles() throws Exception {
    Tools.require("bgzip");
    // VCF-like text of about 3 MB: many blocks, several batches, lines across block ends
    StringBuilder s = new StringBuilder("##fileformat=VCFv4.2\n");
    Random r = new Random(17);
    for (int i = 0; i < 3000; i++) {
      s.append("1\t").append(1000 + i).append("\t.\tA\tC\t.\tPASS\t.\tGT");
      for (int j = 0; j < 500; j++) {
        int g = r.nextInt(20);
        s.append('\t').append(g < 15 ? "0|0" : g < 18 ? "0|1" : g < 19 ? "1|1" : "./.");
      }
      s.append('\n');
    }
    text = s.toString().getBytes(StandardCharsets.US_ASCII);
    Path plain = Files.write(dir.resolve("cohort.vcf"), text);
    bgzipped = dir.resolve("cohort.vcf.gz");
    Tools.runTo(List.of("bgzip", "-c", plain.toString()), bgzipped);
  }

  static Stream<Arguments> inflaters() {
    BlockInflater intel = IntelBlockInflater.load()
        .orElseThrow(() -> new AssertionError("Intel GKL's native inflater did not load on this machine"));
    List<Arguments> all = new ArrayList<>();
    for (BlockInflater inflater : List.of(BlockInflater.jdk(), intel)) {
      for (int threads : new int[] {1, 2}) {
        all.add(Arguments.of(inflater, threads));
      }
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("inflaters")
  void sameTextAsGzipInputStreamFromBgzipFiles(BlockInflater inflater, int threads) throws Exception {
    assertThat(decoded(bgzipped, inflater, threads)).isEqualTo(text);
    try (TextInput in = TextInput.openParallel(bgzipped, inflater, threads)) {
      in.stream().readAllBytes();
      in.checkComplete(3001); // a whole file: no complaint
    }
    Path example = Sources.EXAMPLES.resolve("ceu_exon.vcf.gz");
    assertThat(decoded(example, inflater, threads)).isEqualTo(oracle(example).text());
  }

  @ParameterizedTest
  @MethodSource("inflaters")
  void severalMembersPlainGzipAppendedAndBytesAfterTheEnd(BlockInflater inflater, int threads) throws Exception {
    byte[] bgz = Files.readAllBytes(bgzipped);
    // two bgzip files one after the other (an end-of-file block in the middle), as `cat` makes them
    Path twice = Files.write(dir.resolve("twice.vcf.gz"), concat(bgz, bgz));
    assertThat(decoded(twice, inflater, threads)).isEqualTo(oracle(twice).text()).hasSize(2 * text.length);
    // a plain gzip member after the bgzip ones: read on as plain gzip
    byte[] tailText = "1\t5\t.\tA\tG\t.\tPASS\t.\tGT\t0|1\n".repeat(2000).getBytes(StandardCharsets.US_ASCII);
    Path mixed = Files.write(dir.resolve("mixed.vcf.gz"), concat(bgz, gzip(tailText)));
    assertThat(decoded(mixed, inflater, threads)).isEqualTo(oracle(mixed).text())
        .isEqualTo(concat(text, tailText));
    // bytes that start no gzip member after the end are ignored, as GZIPInputStream does
    Path junk = Files.write(dir.resolve("junk.vcf.gz"), concat(bgz, "not gzip\n".getBytes(StandardCharsets.UTF_8)));
    assertThat(decoded(junk, inflater, threads)).isEqualTo(oracle(junk).text()).isEqualTo(text);
  }

  @ParameterizedTest
  @MethodSource("inflaters")
  void aFileCutAnywhereGivesTheSameTextAndVerdictAsGzipInputStream(BlockInflater inflater, int threads)
      throws Exception {
    byte[] bgz = Files.readAllBytes(bgzipped);
    List<Integer> cuts = new ArrayList<>(List.of(bgz.length - 28, bgz.length - 30, bgz.length - 1, 1000, 18, 5));
    // the start of the second block, inside its header, its data and its trailer
    int second = blockStarts(bgz).get(1);
    cuts.addAll(List.of(second, second + 3, second + 17, second + 100, second - 4, second - 9));
    Random r = new Random(5);
    for (int i = 0; i < 10; i++) {
      cuts.add(20 + r.nextInt(bgz.length - 40));
    }
    for (int cut : cuts) {
      Path file = Files.write(dir.resolve("cut.vcf.gz"), Arrays.copyOf(bgz, cut));
      Oracle expected = oracle(file);
      try (TextInput in = TextInput.openParallel(file, inflater, threads)) {
        assertThat(in.stream().readAllBytes()).as("cut at %d", cut).isEqualTo(expected.text());
        assertThat(in.truncated()).as("cut at %d", cut).isEqualTo(expected.truncated());
        // every cut is reported, naming the file: inside a block, or between blocks (no end-of-file block)
        assertThatThrownBy(() -> in.checkComplete(7)).as("cut at %d", cut)
            .isInstanceOf(SourceLoadException.class).hasMessageStartingWith("cut.vcf.gz:7: truncated");
      } catch (SourceLoadException e) {
        // cut inside the first header: not a gzip file at all, as the unparallel reader says too
        assertThat(cut).isLessThan(18);
        assertThat(e.getMessage()).contains("cut.vcf.gz").contains("not a valid gzip file");
      }
    }
  }

  @ParameterizedTest
  @MethodSource("inflaters")
  void aCorruptBlockIsAnErrorNamingTheFile(BlockInflater inflater, int threads) throws Exception {
    byte[] bgz = Files.readAllBytes(bgzipped);
    int third = blockStarts(bgz).get(2);
    byte[] bad = bgz.clone();
    bad[third + 40] ^= 0x55; // in the deflate data: a bad code, or other text (the CRC catches it)
    Path file = Files.write(dir.resolve("bad.vcf.gz"), bad);
    try (TextInput in = TextInput.openParallel(file, inflater, threads)) {
      assertThatThrownBy(() -> in.stream().readAllBytes()).isInstanceOf(IOException.class)
          .hasMessageStartingWith("bad.vcf.gz: corrupt bgzip block at byte " + third + " (");
    }
  }

  @Test
  void plainGzipAndPlainTextReadAsBefore() throws Exception {
    Path gz = Files.write(dir.resolve("plain.vcf.gz"), concat(gzip(text), gzip(text)));
    try (TextInput in = TextInput.openParallel(gz, BlockInflater.jdk(), 2)) {
      assertThat(in.decodedAhead()).isFalse();
      assertThat(in.stream().readAllBytes()).isEqualTo(concat(text, text));
    }
    try (TextInput in = TextInput.openParallel(dir.resolve("cohort.vcf"), BlockInflater.jdk(), 2)) {
      assertThat(in.decodedAhead()).isFalse();
      assertThat(in.stream().readAllBytes()).isEqualTo(text);
      assertThat(in.bytesRead()).isEqualTo(text.length);
    }
    try (TextInput in = TextInput.openParallel(bgzipped, BlockInflater.jdk(), 2)) {
      assertThat(in.decodedAhead()).isTrue();
      in.stream().readAllBytes();
      assertThat(in.bytesRead()).isEqualTo(Files.size(bgzipped));
    }
  }

  @Test
  void intelOrJdkChoosesIntelHereAndSaysNothing() {
    BlockInflater.Choice c = BlockInflater.intelOrJdk();
    assertThat(c.inflater().name()).isEqualTo("ISA-L (Intel GKL)");
    assertThat(c.fallback()).isEmpty();
  }

  private static byte[] decoded(Path file, BlockInflater inflater, int threads) throws Exception {
    try (TextInput in = TextInput.openParallel(file, inflater, threads)) {
      byte[] out = readInSmallAndLargeReads(in.stream());
      assertThat(in.truncated()).isFalse();
      return out;
    }
  }

  /** Mixes one-byte and array reads, as line readers do. */
  private static byte[] readInSmallAndLargeReads(InputStream in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[70_000];
    for (int i = 0; ; i++) {
      if (i % 3 == 0) {
        int b = in.read();
        if (b < 0) {
          return out.toByteArray();
        }
        out.write(b);
      } else {
        int n = in.read(buf, 0, i % 3 == 1 ? 100 : buf.length);
        if (n < 0) {
          return out.toByteArray();
        }
        out.write(buf, 0, n);
      }
    }
  }

  /** What the JDK's GZIPInputStream reads from a file, and whether it ended in an EOFException (a cut). */
  private record Oracle(byte[] text, boolean truncated) {}

  private static Oracle oracle(Path file) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
      byte[] buf = new byte[8192];
      int n;
      while ((n = in.read(buf)) > 0) {
        out.write(buf, 0, n);
      }
    } catch (EOFException e) {
      return new Oracle(out.toByteArray(), true);
    }
    return new Oracle(out.toByteArray(), false);
  }

  /** Where each BGZF block starts (BSIZE at bytes 16-17 of bgzip's headers). */
  private static List<Integer> blockStarts(byte[] bgz) {
    List<Integer> starts = new ArrayList<>();
    for (int p = 0; p + 18 <= bgz.length; p += ((bgz[p + 16] & 0xFF) | (bgz[p + 17] & 0xFF) << 8) + 1) {
      starts.add(p);
    }
    return starts;
  }

  private static byte[] gzip(byte[] data) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(bytes)) {
      out.write(data);
    }
    return bytes.toByteArray();
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
