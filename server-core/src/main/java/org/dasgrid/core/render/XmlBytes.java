package org.dasgrid.core.render;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A minimal streaming XML writer straight to UTF-8 bytes, for the one document that is large and hot (DASGFF
 * features). It escapes as the Woodstox writer configured in {@link XmlOutput} does, so the bytes are the
 * same (tests compare the two on every character): in text {@code & <}, {@code >} at the start or after
 * {@code ]}, CR, and U+007F–U+009F as character references; in attributes {@code & < "} and TAB, LF, CR.
 * Characters XML 1.0 cannot carry become U+FFFD: C0 controls (as with Woodstox), and also U+FFFE/U+FFFF
 * (Woodstox writes {@code &#xffff;}, which parsers reject) and lone surrogates (Woodstox fails mid-response).
 * Unlike Woodstox, a replaced control character leaves the characters after it alone (Woodstox then turns
 * the later CR and U+007F–U+009F of that text into U+FFFD as well). Not thread-safe.
 */
final class XmlBytes {
  private static final byte[] AMP = ascii("&amp;");
  private static final byte[] LT = ascii("&lt;");
  private static final byte[] GT = ascii("&gt;");
  private static final byte[] QUOT = ascii("&quot;");
  private static final byte[] HEX = ascii("0123456789abcdef");

  private final OutputStream out;
  private final byte[] buf = new byte[16 * 1024];
  private int pos;

  XmlBytes(OutputStream out) {
    this.out = out;
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** Markup known to be ASCII and well-formed (tag names, fixed strings). */
  void raw(byte[] b) throws IOException {
    if (b.length > buf.length - pos) {
      drain();
      if (b.length > buf.length) {
        out.write(b);
        return;
      }
    }
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
  }

  /** {@code name="value"} with a leading space, the value escaped as an attribute. */
  void attr(byte[] spaceNameEqQuote, String value) throws IOException {
    raw(spaceNameEqQuote);
    escape(value, true);
    put((byte) '"');
  }

  void attr(byte[] spaceNameEqQuote, long value) throws IOException {
    raw(spaceNameEqQuote);
    number(value);
    put((byte) '"');
  }

  void text(String s) throws IOException {
    escape(s, false);
  }

  void number(long v) throws IOException {
    if (v < 0) {
      raw(ascii(Long.toString(v)));
      return;
    }
    if (buf.length - pos < 20) {
      drain();
    }
    int first = pos;
    do {
      buf[pos++] = (byte) ('0' + v % 10);
      v /= 10;
    } while (v > 0);
    for (int i = first, j = pos - 1; i < j; i++, j--) {
      byte t = buf[i];
      buf[i] = buf[j];
      buf[j] = t;
    }
  }

  private void put(byte b) throws IOException {
    if (pos == buf.length) {
      drain();
    }
    buf[pos++] = b;
  }

  /** Longest encoding of one char: a reference such as {@code &#x9f;} or {@code &quot;}. */
  private static final int MAX_BYTES_PER_CHAR = 6;
  private static final int CHUNK = 256;

  private void escape(String s, boolean attribute) throws IOException {
    int n = s.length();
    int from = 0;
    while (from < n) {
      // escape as many chars as surely fit, with no capacity check per char
      if (buf.length - pos < MAX_BYTES_PER_CHAR * Math.min(n - from, CHUNK)) {
        drain();
      }
      int to = from + Math.min(Math.min(n - from, CHUNK), (buf.length - pos) / MAX_BYTES_PER_CHAR);
      from = escape(s, from, to, attribute);
    }
  }

  /** Escapes {@code s[from, to)} (one char further when a surrogate pair straddles the end); returns the end. */
  private int escape(String s, int from, int to, boolean attribute) {
    byte[] b = buf;
    int p = pos;
    int i = from;
    for (; i < to; i++) {
      char c = s.charAt(i);
      if (c < 0x80 && c >= 0x20 && c != '&' && c != '<' && c != '>' && c != '"' && c != 0x7F) {
        b[p++] = (byte) c;
        continue;
      }
      pos = p;
      if (c < 0x80) {
        special(s, i, c, attribute);
      } else if (c < 0xA0) {
        if (attribute) {
          utf8(c);
        } else {
          reference(c);
        }
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
          int cp = Character.toCodePoint(c, s.charAt(++i));
          b[pos++] = (byte) (0xF0 | cp >> 18);
          b[pos++] = (byte) (0x80 | cp >> 12 & 0x3F);
          b[pos++] = (byte) (0x80 | cp >> 6 & 0x3F);
          b[pos++] = (byte) (0x80 | cp & 0x3F);
        } else {
          utf8('\uFFFD');
        }
      } else if (c >= 0xFFFE) {
        utf8('\uFFFD'); // not XML characters; Woodstox writes &#xfffe;, which no parser accepts
      } else {
        utf8(c);
      }
      p = pos;
    }
    pos = p;
    return i;
  }

  private void special(String s, int i, char c, boolean attribute) {
    switch (c) {
      case '&' -> copy(AMP);
      case '<' -> copy(LT);
      case '>' -> {
        if (!attribute && (i == 0 || s.charAt(i - 1) == ']')) {
          copy(GT);
        } else {
          buf[pos++] = '>';
        }
      }
      case '"' -> {
        if (attribute) {
          copy(QUOT);
        } else {
          buf[pos++] = '"';
        }
      }
      case '\r' -> reference(c);
      case '\t', '\n' -> {
        if (attribute) {
          reference(c);
        } else {
          buf[pos++] = (byte) c;
        }
      }
      case 0x7F -> {
        if (attribute) {
          buf[pos++] = 0x7F;
        } else {
          reference(c);
        }
      }
      default -> utf8('\uFFFD'); // C0 controls are not XML 1.0 characters
    }
  }

  private void copy(byte[] b) {
    System.arraycopy(b, 0, buf, pos, b.length);
    pos += b.length;
  }

  /** {@code &#xHEX;} in lower case, as Woodstox writes it. */
  private void reference(char c) {
    buf[pos++] = '&';
    buf[pos++] = '#';
    buf[pos++] = 'x';
    boolean started = false;
    for (int shift = 12; shift >= 0; shift -= 4) {
      int d = c >> shift & 0xF;
      if (d != 0 || started || shift == 0) {
        buf[pos++] = HEX[d];
        started = true;
      }
    }
    buf[pos++] = ';';
  }

  private void utf8(char c) {
    if (c < 0x800) {
      buf[pos++] = (byte) (0xC0 | c >> 6);
      buf[pos++] = (byte) (0x80 | c & 0x3F);
    } else {
      buf[pos++] = (byte) (0xE0 | c >> 12);
      buf[pos++] = (byte) (0x80 | c >> 6 & 0x3F);
      buf[pos++] = (byte) (0x80 | c & 0x3F);
    }
  }

  private void drain() throws IOException {
    if (pos > 0) {
      out.write(buf, 0, pos);
      pos = 0;
    }
  }

  /** Hands everything buffered to the stream and flushes it. */
  void flush() throws IOException {
    drain();
    out.flush();
  }
}
