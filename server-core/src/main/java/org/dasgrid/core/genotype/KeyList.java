package org.dasgrid.core.genotype;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The keys a weights file names rows by ({@link KeyedRows}), as UTF-8 bytes in one array: per key its length
 * (4 bytes, big-endian) then its bytes. A 100,000-line file is then one array and an offset per key, not
 * 100,000 Strings: the lookup hashes and compares the bytes, and the array as it stands is what {@link
 * KnownMatches} digests (one update, where a key at a time cost more than the hashing).
 */
public final class KeyList {
  private final byte[] bytes;
  private final int size;
  /** Per key, where its bytes start (after its length). */
  private final int[] starts;

  private KeyList(byte[] bytes, int size, int[] starts) {
    this.bytes = bytes;
    this.size = size;
    this.starts = starts;
  }

  /** The keys of {@code keys}, each as its UTF-8 bytes. */
  public static KeyList of(List<String> keys) {
    Builder b = new Builder(keys.size(), 16);
    for (String k : keys) {
      b.add(k);
    }
    return b.build();
  }

  public int size() {
    return size;
  }

  /** Where key {@code j}'s bytes start in {@link #bytes()}. */
  public int start(int j) {
    return starts[j];
  }

  /** Key {@code j}'s length in bytes. */
  public int length(int j) {
    int at = starts[j] - 4;
    return (bytes[at] & 0xFF) << 24 | (bytes[at + 1] & 0xFF) << 16 | (bytes[at + 2] & 0xFF) << 8 | bytes[at + 3] & 0xFF;
  }

  /** The length-prefixed keys, the used part only ({@link #usedBytes}); not to be changed. */
  public byte[] bytes() {
    return bytes;
  }

  public int usedBytes() {
    return size == 0 ? 0 : starts[size - 1] + length(size - 1);
  }

  /** Key {@code j} as a String (its bytes decoded: a key made from a String gives that String back). */
  public String get(int j) {
    return new String(bytes, starts[j], length(j), StandardCharsets.UTF_8);
  }

  /** {@link RowCalls#idHash(String)} of key {@code j}, from its bytes. */
  public int idHash(int j) {
    int h = 0;
    for (int i = starts[j], end = i + length(j); i < end; i++) {
      h = 31 * h + bytes[i];
    }
    return h;
  }

  /** Whether key {@code j} holds a colon past its first byte (it may be a {@code CHROM:POS:REF:ALT}). */
  public boolean hasColon(int j) {
    for (int i = starts[j] + 1, end = starts[j] + length(j); i < end; i++) {
      if (bytes[i] == ':') {
        return true;
      }
    }
    return false;
  }

  /** Collects keys in order; not thread-safe. */
  public static final class Builder {
    private byte[] bytes;
    private int used;
    private int[] starts;
    private int size;

    /** Room for about {@code keys} keys of {@code bytesPerKey} bytes (grows as needed). */
    public Builder(int keys, int bytesPerKey) {
      bytes = new byte[Math.max(16, keys * (4 + bytesPerKey))];
      starts = new int[Math.max(4, keys)];
    }

    /** Adds the key of {@code src[from, to)} (its UTF-8 bytes). */
    public Builder add(byte[] src, int from, int to) {
      int n = to - from;
      if (used + 4 + n > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, used + 4 + n));
      }
      if (size == starts.length) {
        starts = Arrays.copyOf(starts, 2 * size);
      }
      bytes[used] = (byte) (n >>> 24);
      bytes[used + 1] = (byte) (n >>> 16);
      bytes[used + 2] = (byte) (n >>> 8);
      bytes[used + 3] = (byte) n;
      used += 4;
      System.arraycopy(src, from, bytes, used, n);
      starts[size++] = used;
      used += n;
      return this;
    }

    public Builder add(String key) {
      byte[] b = key.getBytes(StandardCharsets.UTF_8);
      return add(b, 0, b.length);
    }

    public int size() {
      return size;
    }

    public KeyList build() {
      return new KeyList(bytes, size, starts);
    }
  }
}
