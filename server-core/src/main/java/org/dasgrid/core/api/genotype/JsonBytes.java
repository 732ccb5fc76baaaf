package org.dasgrid.core.api.genotype;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.NumberOutput;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.dasgrid.core.genotype.PrecomputedText;
import org.dasgrid.core.render.JsonOutput;

/**
 * JSON as UTF-8 bytes into one buffer, written to a stream each time it fills: the pieces of the genotype
 * answers, byte for byte what a Jackson generator of {@link JsonOutput#factory()} writes for them, without its
 * per-value bookkeeping. Strings are escaped with the factory's own escapes (looked up once per ASCII
 * character; text with other characters is handed to Jackson whole), numbers by Jackson's own {@link
 * NumberOutput} (ints and longs straight into the buffer, doubles as {@link JsonOutput#number} gives them, the
 * generators' own text). The caller writes the structure (braces, commas, field names). Used by one thread.
 *
 * <p>Two ways to write: the checked methods ({@code raw}, {@code number}, {@code string}...) make room for
 * each piece; the {@code put} methods do not, for a hot loop that {@link #reserve}s room for a whole row at
 * once.
 */
final class JsonBytes {
  private static final JsonFactory FACTORY = JsonOutput.factory();
  /** What the factory writes for each ASCII character inside a string; null: the character itself. */
  private static final byte[][] ESCAPES = new byte[128][];
  /** Longest escape of an ASCII character (backslash, u and four hex digits). */
  static final int MAX_ESCAPE = 6;
  /** The most bytes a {@link #putDouble} writes ({@code -2.2250738585072014E-308}). */
  static final int MAX_DOUBLE = 24;
  /** The most bytes a {@link #putInt} writes. */
  static final int MAX_INT = 11;
  /**
   * The bytes a {@link #putCopy} may read past its source and write past its copy: the slack the engine keeps
   * after a row's text, by this writer's rules ({@link JsonTextRules#slack}).
   */
  static final int COPY_SLACK = 7;
  /** The room a {@link #putName} needs (it stores eight bytes and keeps up to seven). */
  static final int NAME_ROOM = 8;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final byte[] NULL = bytes("null");
  /**
   * The four digits of each number below 10,000, zero-padded, as a little-endian int (the first digit in the
   * low byte): 40 KB that stay in cache while a long answer is written.
   */
  private static final int[] FOUR_DIGITS = new int[10_000];

  static {
    for (int v = 0; v < FOUR_DIGITS.length; v++) {
      FOUR_DIGITS[v] = ('0' + v / 1000) | ('0' + v / 100 % 10) << 8 | ('0' + v / 10 % 10) << 16 | ('0' + v % 10) << 24;
    }
    for (char c = 0; c < 128; c++) {
      byte[] quoted = viaJackson(String.valueOf(c));
      if (quoted.length != 3 || quoted[1] != c) {
        ESCAPES[c] = Arrays.copyOfRange(quoted, 1, quoted.length - 1);
      }
    }
  }

  private static final int TEXT_SLOT_BITS = 10;
  private static final int TEXT_SLOTS = 1 << TEXT_SLOT_BITS;
  /** Bytes per remembered text: its length, then up to {@value #MAX_DOUBLE} characters. */
  private static final int TEXT_SLOT = 32;
  /** A key no remembered value has: a NaN's bits (only finite values are written as numbers). */
  private static final long NO_TEXT = 0x7FF8_0000_0000_0001L;

  private final OutputStream out;
  private final byte[] buf;
  private int n;
  /** {@link #putDoubleMemo}'s values (raw bits) and texts, made on first use. */
  private long[] textKeys;
  private byte[] texts;

  /** Writes to {@code out} through a buffer of {@code capacity} bytes (at least 256). */
  JsonBytes(OutputStream out, int capacity) {
    this.out = out;
    this.buf = new byte[Math.max(256, capacity)];
  }

  static byte[] bytes(String ascii) {
    return ascii.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * A piece of up to seven ASCII bytes (such as {@code ,"het":}) packed for {@link #putName}: the bytes in
   * the low seven bytes of a little-endian long, the length in the top one.
   */
  static long name(String ascii) {
    byte[] b = bytes(ascii);
    if (b.length > 7) {
      throw new IllegalArgumentException("more than 7 bytes: " + ascii);
    }
    long packed = (long) b.length << 56;
    for (int i = 0; i < b.length; i++) {
      packed |= (b[i] & 0xFFL) << (8 * i);
    }
    return packed;
  }

  /** Exactly eight ASCII bytes (such as {@code ,"ref":"}) as a little-endian long, for {@link #putEight}. */
  static long eight(String ascii) {
    byte[] b = bytes(ascii);
    if (b.length != 8) {
      throw new IllegalArgumentException("not 8 bytes: " + ascii);
    }
    return (long) LONGS.get(b, 0);
  }

  /**
   * Whether the factory writes each byte of a row {@link JsonTextRules#isPlain} vouches for as it is, inside a
   * string: printable ASCII but for {@code "} and {@code \}.
   */
  static boolean writesPlainTextAsIs() {
    for (int c = 0x20; c < 0x7F; c++) {
      if (c != '"' && c != '\\' && ESCAPES[c] != null) {
        return false;
      }
    }
    return true;
  }

  // ---- checked

  /** Bytes as they are (structure, field names). */
  void raw(byte[] b) throws IOException {
    raw(b, b.length);
  }

  /** The first {@code length} bytes of {@code b}, as they are. */
  void raw(byte[] b, int length) throws IOException {
    if (length > buf.length - n) {
      flushBuffer();
      if (length > buf.length) {
        out.write(b, 0, length);
        return;
      }
    }
    System.arraycopy(b, 0, buf, n, length);
    n += length;
  }

  void raw(char ascii) throws IOException {
    if (n == buf.length) {
      flushBuffer();
    }
    buf[n++] = (byte) ascii;
  }

  void nullValue() throws IOException {
    raw(NULL);
  }

  void number(int v) throws IOException {
    reserve(MAX_INT);
    putInt(v);
  }

  void number(long v) throws IOException {
    reserve(20);
    n = NumberOutput.outputLong(v, buf, n);
  }

  /** As {@code JsonGenerator.writeNumber(double)} (finite values; the factory does not quote numbers). */
  void number(double v) throws IOException {
    reserve(MAX_DOUBLE);
    putDouble(v);
  }

  void bool(boolean v) throws IOException {
    raw(bytes(v ? "true" : "false"));
  }

  /** A JSON string of the UTF-8 bytes {@code b[from, to)}. */
  void string(byte[] b, int from, int to) throws IOException {
    if (isAscii(b, from, to) && reserve(2 + MAX_ESCAPE * (to - from))) {
      putAscii(b, from, to);
    } else {
      // not ASCII (or huge): Jackson decides, as it did for the String the engine used to make
      raw(viaJackson(new String(b, from, to - from, StandardCharsets.UTF_8)));
    }
  }

  /** A JSON string. */
  void string(String s) throws IOException {
    int len = s.length();
    if (!reserve(2 + MAX_ESCAPE * len)) {
      raw(viaJackson(s));
      return;
    }
    byte[] o = buf;
    int p = n;
    o[p++] = '"';
    for (int i = 0; i < len; i++) {
      char c = s.charAt(i);
      if (c >= 128) {
        raw(viaJackson(s));
        return;
      }
      byte[] e = ESCAPES[c];
      if (e == null) {
        o[p++] = (byte) c;
      } else {
        System.arraycopy(e, 0, o, p, e.length);
        p += e.length;
      }
    }
    o[p++] = '"';
    n = p;
  }

  /** Writes what is buffered and flushes the stream (as a Jackson generator's close does). */
  void flush() throws IOException {
    flushBuffer();
    out.flush();
  }

  // ---- unchecked: after reserve

  /**
   * Makes sure the next {@code k} bytes fit in the buffer, writing out what it holds if needed; false if
   * {@code k} is more than the whole buffer (then use the checked methods).
   */
  boolean reserve(int k) throws IOException {
    if (buf.length - n >= k) {
      return true;
    }
    flushBuffer();
    return buf.length >= k;
  }

  void put(byte[] b) {
    System.arraycopy(b, 0, buf, n, b.length);
    n += b.length;
  }

  void put(char ascii) {
    buf[n++] = (byte) ascii;
  }

  /** A piece made by {@link #name}; needs {@link #NAME_ROOM} bytes of room. */
  void putName(long packed) {
    LONGS.set(buf, n, packed);
    n += (int) (packed >>> 56);
  }

  void putNull() {
    put(NULL);
  }

  /**
   * As Jackson writes an int (its {@code NumberOutput}); needs {@link #MAX_INT} bytes of room. A row's counts
   * (below 10,000 in a cohort of up to 5,000 samples) take one table read and one store each, a position two
   * or three: four digits at a time instead of Jackson's three, with fewer branches. Negative numbers are
   * Jackson's.
   */
  void putInt(int v) {
    if (v < 0) {
      n = NumberOutput.outputInt(v, buf, n);
    } else if (v < 10_000) {
      putUpToFour(v);
    } else {
      int high = v / 10_000;
      if (high < 10_000) {
        putUpToFour(high);
      } else {
        int top = high / 10_000;
        putUpToFour(top);
        putFour(high - top * 10_000);
      }
      putFour(v - high * 10_000);
    }
  }

  /** {@code v} (below 10,000) without leading zeros; stores four bytes, keeps one to four. */
  private void putUpToFour(int v) {
    // 4 less one for each of 1,000, 100 and 10 that v is below (a negative difference's sign bit)
    int length = 4 + ((v - 1000) >> 31) + ((v - 100) >> 31) + ((v - 10) >> 31);
    INTS.set(buf, n, FOUR_DIGITS[v] >>> ((4 - length) << 3));
    n += length;
  }

  /** {@code v} (below 10,000) as four digits, zero-padded. */
  private void putFour(int v) {
    INTS.set(buf, n, FOUR_DIGITS[v]);
    n += 4;
  }

  /**
   * As {@link #putDouble}, remembering the text of recent values: an answer's p-values, F and af repeat
   * (rare variants share their genotype counts, a small cohort's af takes few values), and formatting a
   * double costs far more than copying its text. Direct-mapped, {@value #TEXT_SLOTS} values per writer.
   */
  void putDoubleMemo(double v) {
    long bits = Double.doubleToRawLongBits(v);
    if (textKeys == null) {
      textKeys = new long[TEXT_SLOTS];
      Arrays.fill(textKeys, NO_TEXT);
      texts = new byte[TEXT_SLOTS * TEXT_SLOT];
    }
    int slot = (int) ((bits * 0x9E3779B97F4A7C15L) >>> (64 - TEXT_SLOT_BITS));
    int at = slot * TEXT_SLOT;
    byte[] t = texts;
    if (textKeys[slot] == bits) {
      int len = t[at];
      System.arraycopy(t, at + 1, buf, n, len);
      n += len;
      return;
    }
    int start = n;
    putDouble(v);
    int len = n - start;
    if (len < TEXT_SLOT) {
      textKeys[slot] = bits;
      t[at] = (byte) len;
      System.arraycopy(buf, start, t, at + 1, len);
    }
  }

  /** As the generator writes a double; needs {@link #MAX_DOUBLE} bytes of room. */
  void putDouble(double v) {
    String s = JsonOutput.number(v);
    byte[] o = buf;
    int p = n;
    for (int i = 0, len = s.length(); i < len; i++) {
      o[p++] = (byte) s.charAt(i); // ASCII: digits, '.', '-', 'E'
    }
    n = p;
  }

  /**
   * The cursor's af text made at load ({@link PrecomputedText#copyAfText}), straight into the buffer;
   * false if it has none. Needs {@link #MAX_DOUBLE} bytes of room.
   */
  boolean putAfText(PrecomputedText v) {
    int end = v.copyAfText(buf, n);
    if (end < 0) {
      return false;
    }
    n = end;
    return true;
  }

  /** Row {@code i}'s HWE p text made with the engine; false if it has none. Needs {@link #MAX_DOUBLE} bytes of room. */
  boolean putHweText(org.dasgrid.core.genotype.AnalyticsAnswer a, int i) {
    int end = a.copyHweText(i, buf, n);
    if (end < 0) {
      return false;
    }
    n = end;
    return true;
  }

  /** As {@link #putHweText}, for F. */
  boolean putFText(org.dasgrid.core.genotype.AnalyticsAnswer a, int i) {
    int end = a.copyFText(i, buf, n);
    if (end < 0) {
      return false;
    }
    n = end;
    return true;
  }

  /** A JSON string of ASCII bytes {@code b[from, to)} (see {@link #isAscii}); needs 2 + 6 × length of room. */
  void putAscii(byte[] b, int from, int to) {
    byte[] o = buf;
    int p = n;
    o[p++] = '"';
    for (int i = from; i < to; i++) {
      byte c = b[i];
      byte[] e = ESCAPES[c];
      if (e == null) {
        o[p++] = c;
      } else {
        System.arraycopy(e, 0, o, p, e.length);
        p += e.length;
      }
    }
    o[p++] = '"';
    n = p;
  }

  /** Eight bytes made by {@link #eight}. */
  void putEight(long eight) {
    LONGS.set(buf, n, eight);
    n += 8;
  }

  /**
   * Bytes {@code b[from, to)} as they are, eight at a time: {@code b} must hold {@link #COPY_SLACK} more bytes
   * past {@code to}, and the buffer needs length + {@link #COPY_SLACK} bytes of room (the bytes written past
   * the copy are overwritten by what follows).
   */
  void putCopy(byte[] b, int from, int to) {
    byte[] o = buf;
    for (int i = from, p = n; i < to; i += 8, p += 8) {
      LONGS.set(o, p, (long) LONGS.get(b, i));
    }
    n += to - from;
  }

  static boolean isAscii(byte[] b, int from, int to) {
    int or = 0;
    for (int i = from; i < to; i++) {
      or |= b[i];
    }
    return or >= 0;
  }

  private void flushBuffer() throws IOException {
    if (n > 0) {
      out.write(buf, 0, n);
      n = 0;
    }
  }

  /** The quoted, escaped string as the factory's generators write it. */
  static byte[] viaJackson(String s) {
    ByteArrayOutputStream b = new ByteArrayOutputStream(s.length() + 16);
    try (JsonGenerator g = FACTORY.createGenerator(b)) {
      g.writeString(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return b.toByteArray();
  }
}
