package org.dasgrid.webapp.genotypes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import htsjdk.samtools.util.BlockCompressedInputStream;
import htsjdk.samtools.util.BlockCompressedStreamConstants;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ParallelBgzfStream} against htsjdk's BGZF reader ({@code BlockCompressedInputStream}) and the JDK's gzip
 * reader as oracles: the bytes come back whole, every block is a BGZF block of at most 64 KiB whose {@code BSIZE}
 * says its size, and the file ends with the end-of-file marker htsjdk checks for. ({@code tabix} indexing an
 * export's file is checked in ExportCrossCheckIT.)
 */
class ParallelBgzfStreamTest {
  private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

  @AfterAll
  static void stop() {
    POOL.shutdownNow();
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, ParallelBgzfStream.BLOCK_INPUT - 1, ParallelBgzfStream.BLOCK_INPUT,
      ParallelBgzfStream.BLOCK_INPUT + 1, 3_000_000})
  void writesWhatBgzfReadersReadBack(int size) throws IOException {
    for (boolean random : new boolean[] {true, false}) {
      byte[] data = data(size, random);
      byte[] bgzf = compress(data, 1, 3);
      try (InputStream in = new BlockCompressedInputStream(new ByteArrayInputStream(bgzf))) {
        assertThat(in.readAllBytes()).isEqualTo(data);
      }
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bgzf))) { // concatenated gzip members
        assertThat(in.readAllBytes()).isEqualTo(data);
      }
      checkBlocks(bgzf, data.length);
    }
  }

  @Test
  void aFlushEndsABlockAndTheRestFollows() throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    ParallelBgzfStream out = new ParallelBgzfStream(sink, 6, POOL, 1);
    out.write("#header\n".getBytes(StandardCharsets.US_ASCII));
    out.flush();
    int afterFlush = sink.size();
    assertThat(afterFlush).isGreaterThan(0);
    out.write("chr1\t1\n".getBytes(StandardCharsets.US_ASCII));
    out.close();
    byte[] bgzf = sink.toByteArray();
    checkBlocks(bgzf, 15);
    try (InputStream in = new BlockCompressedInputStream(new ByteArrayInputStream(bgzf))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo("#header\nchr1\t1\n");
    }
    assertThatThrownBy(() -> out.write(1)).isInstanceOf(IOException.class);
  }

  @Test
  void aFailingSinkFailsTheWriterAndFreesTheBlocks() {
    OutputStream broken = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("client gone");
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        throw new IOException("client gone");
      }
    };
    ParallelBgzfStream out = new ParallelBgzfStream(broken, 1, POOL, 2);
    assertThatThrownBy(() -> {
      out.write(data(1_000_000, true));
      out.close();
    }).hasMessageContaining("client gone");
    // the write failed; closing sends nothing more (the sink still fails) and frees the deflaters, once
    assertThatThrownBy(out::close).hasMessageContaining("client gone");
    org.assertj.core.api.Assertions.assertThatCode(out::close).doesNotThrowAnyException();
  }

  private static byte[] compress(byte[] data, int level, int inFlight) throws IOException {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    Random r = new Random(data.length);
    try (ParallelBgzfStream out = new ParallelBgzfStream(sink, level, POOL, inFlight)) {
      int at = 0;
      while (at < data.length) { // pieces of all sizes, as an export writes lines
        int n = Math.min(data.length - at, r.nextInt(3) == 0 ? r.nextInt(200_000) : r.nextInt(100));
        out.write(data, at, n);
        at += n;
      }
    }
    return sink.toByteArray();
  }

  /** Walks the blocks by their BSIZE: each a BGZF header, at most 64 KiB; the last the EOF marker. */
  private static void checkBlocks(byte[] bgzf, long uncompressed) {
    int at = 0;
    long total = 0;
    int blocks = 0;
    while (at < bgzf.length) {
      assertThat(bgzf[at] & 0xff).isEqualTo(31);
      assertThat(bgzf[at + 1] & 0xff).isEqualTo(139);
      assertThat(bgzf[at + 3]).isEqualTo((byte) 4);
      assertThat(new byte[] {bgzf[at + 12], bgzf[at + 13]}).isEqualTo(new byte[] {'B', 'C'});
      int size = (bgzf[at + 16] & 0xff | (bgzf[at + 17] & 0xff) << 8) + 1;
      assertThat(size).isLessThanOrEqualTo(BlockCompressedStreamConstants.MAX_COMPRESSED_BLOCK_SIZE);
      int end = at + size;
      total += bgzf[end - 4] & 0xff | (bgzf[end - 3] & 0xff) << 8 | (bgzf[end - 2] & 0xff) << 16
          | (long) (bgzf[end - 1] & 0xff) << 24;
      at = end;
      blocks++;
    }
    assertThat(at).isEqualTo(bgzf.length);
    assertThat(total).isEqualTo(uncompressed);
    assertThat(blocks).isGreaterThanOrEqualTo(1 + (int) ((uncompressed + ParallelBgzfStream.BLOCK_INPUT - 1)
        / ParallelBgzfStream.BLOCK_INPUT));
    byte[] tail = java.util.Arrays.copyOfRange(bgzf, bgzf.length - 28, bgzf.length);
    assertThat(tail).isEqualTo(BlockCompressedStreamConstants.EMPTY_GZIP_BLOCK);
  }

  private static byte[] data(int size, boolean random) {
    byte[] b = new byte[size];
    Random r = new Random(size);
    if (random) {
      r.nextBytes(b);
    } else {
      for (int i = 0; i < size; i++) {
        b[i] = (byte) "0/0\t0/1\t1/1\t./.\n".charAt(r.nextInt(r.nextInt(10) == 0 ? 16 : 4));
      }
    }
    return b;
  }
}
