package org.dasgrid.core.cache;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * The gzip form of a kept body that every answer ends with a few bytes of its own (an analytics answer's
 * timings): the body is compressed once and left open, ended by a sync flush so that its deflate stream stops
 * on a byte boundary; each request appends its tail as a final stored block and the gzip trailer (CRC-32 and
 * length of the whole). So a hit costs no compression, and a client sees one ordinary gzip member (RFC 1951
 * 3.2.4, RFC 1952) that decompresses to exactly body + tail.
 *
 * @param deflated the body's raw deflate blocks, none of them final, ending on a byte boundary
 * @param crc the CRC-32 of the body
 * @param length the body's length in bytes
 */
public record OpenGzip(byte[] deflated, int crc, long length) {
  /** Member header: deflate, no name, no time, OS unknown (as {@code GZIPOutputStream} writes, but OS 255). */
  private static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
  /** A stored block's length field is 16 bits. */
  private static final int MAX_STORED = 65_535;
  private static final int[] CRC_TABLE = crcTable();

  /** Compresses {@code body} at the default level, as {@link CachedResponse#gzipped} does: it is kept. */
  public static OpenGzip of(byte[] body) {
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    try {
      deflater.setInput(body);
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(Math.max(64, body.length / 6));
      byte[] buf = new byte[1 << 16];
      int n;
      // SYNC_FLUSH until a call leaves room in the buffer: then all input is compressed and byte-aligned
      do {
        n = deflater.deflate(buf, 0, buf.length, Deflater.SYNC_FLUSH);
        out.write(buf, 0, n);
      } while (n == buf.length);
      CRC32 crc = new CRC32();
      crc.update(body);
      return new OpenGzip(out.toByteArray(), (int) crc.getValue(), body.length);
    } finally {
      deflater.end();
    }
  }

  /** The bytes of the member that ends with {@code tailLength} bytes of tail. */
  public long gzipLength(int tailLength) {
    int blocks = Math.max(1, (tailLength + MAX_STORED - 1) / MAX_STORED);
    return HEADER.length + deflated.length + 5L * blocks + tailLength + 8;
  }

  /** Writes the whole member: header, the kept blocks, {@code tail} as the final stored block(s), trailer. */
  public void writeTo(OutputStream out, byte[] tail) throws IOException {
    out.write(HEADER);
    out.write(deflated);
    int off = 0;
    do {
      int len = Math.min(MAX_STORED, tail.length - off);
      boolean last = off + len == tail.length;
      // BFINAL, BTYPE 00 (stored), padded to the byte; then LEN and its complement, little-endian
      out.write(new byte[] {(byte) (last ? 1 : 0), (byte) len, (byte) (len >>> 8), (byte) ~len, (byte) (~len >>> 8)});
      out.write(tail, off, len);
      off += len;
    } while (off < tail.length);
    byte[] trailer = new byte[8];
    littleEndian(continueCrc(crc, tail), trailer, 0);
    littleEndian((int) (length + tail.length), trailer, 4); // ISIZE: the length modulo 2^32
    out.write(trailer);
  }

  /** Bytes held. */
  public int weight() {
    return deflated.length + 32;
  }

  /** The CRC-32 of body + tail from the body's CRC (zlib's crc32(crc, buf, len), table-driven: tails are short). */
  static int continueCrc(int crc, byte[] tail) {
    int c = ~crc;
    for (byte b : tail) {
      c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
    }
    return ~c;
  }

  private static int[] crcTable() {
    int[] t = new int[256];
    for (int n = 0; n < 256; n++) {
      int c = n;
      for (int k = 0; k < 8; k++) {
        c = (c & 1) != 0 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      }
      t[n] = c;
    }
    return t;
  }

  private static void littleEndian(int v, byte[] b, int at) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
    b[at + 2] = (byte) (v >>> 16);
    b[at + 3] = (byte) (v >>> 24);
  }
}
