package org.dasgrid.core.genotype.dgi;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * Writes an index file's sections one after another through a buffer, little-endian, each with its CRC-32C:
 * {@link #begin} places a section (aligned, and moved past the next 1 GiB boundary rather than straddling
 * it, so that a reader maps the file in 1 GiB pieces and finds every section inside one), {@link #end} gives
 * its place and checksum. Not thread-safe.
 */
final class SectionOutput implements AutoCloseable {
  private final FileChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
  private final CRC32C crc = new CRC32C();
  /** The file position of the buffer's first byte. */
  private long flushed;
  private long sectionStart = -1;

  SectionOutput(FileChannel channel, long start) {
    this.channel = channel;
    this.flushed = start;
  }

  long position() {
    return flushed + buffer.position();
  }

  /**
   * Starts a section of {@code length} bytes at the next multiple of {@code alignment}; a section of at most
   * {@link IndexLayout#CHUNK} bytes never straddles a chunk boundary. A longer one (a pool of pages)
   * must start at a chunk-aligned page boundary, which {@code alignment} = the page size gives.
   */
  void begin(long length, int alignment) throws IOException {
    if (sectionStart >= 0) {
      throw new IllegalStateException("section not ended");
    }
    long at = align(position(), alignment);
    long chunk = IndexLayout.CHUNK;
    if (length <= chunk && at / chunk != (at + Math.max(1, length) - 1) / chunk) {
      at = (at / chunk + 1) * chunk;
    }
    pad(at - position());
    flush();
    crc.reset();
    sectionStart = position();
  }

  /** Ends the section: its offset, length and CRC-32C. */
  Section end() throws IOException {
    flush();
    Section s =
        new Section(sectionStart, position() - sectionStart, (int) crc.getValue());
    sectionStart = -1;
    return s;
  }

  void pad(long n) throws IOException {
    for (long i = 0; i < n; i++) {
      put((byte) 0);
    }
  }

  private static long align(long at, int alignment) {
    return (at + alignment - 1) / alignment * alignment;
  }

  void put(byte b) throws IOException {
    room(1);
    buffer.put(b);
  }

  void putChar(char c) throws IOException {
    room(2);
    buffer.putChar(c);
  }

  void putInt(int v) throws IOException {
    room(4);
    buffer.putInt(v);
  }

  void putLong(long v) throws IOException {
    room(8);
    buffer.putLong(v);
  }

  void put(byte[] b, int from, int n) throws IOException {
    while (n > 0) {
      room(1);
      int k = Math.min(n, buffer.remaining());
      buffer.put(b, from, k);
      from += k;
      n -= k;
    }
  }

  private void room(int n) throws IOException {
    if (buffer.remaining() < n) {
      flush();
    }
  }

  void flush() throws IOException {
    buffer.flip();
    if (sectionStart >= 0) {
      crc.update(buffer.duplicate());
    }
    while (buffer.hasRemaining()) {
      flushed += channel.write(buffer, flushed);
    }
    buffer.clear();
  }

  @Override
  public void close() throws IOException {
    flush();
  }
}
