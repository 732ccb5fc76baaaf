package org.dasgrid.core.render;

import java.io.StringWriter;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Markup built in one reusable character buffer, for a StAX writer's {@code writeRaw}: tags and attribute
 * names as they are, numbers as digits, and values that Woodstox would write unchanged — so the buffer holds
 * exactly the characters Woodstox's own calls would have written. A value with any other character is
 * refused ({@link #value} returns false) and the caller writes the whole element through Woodstox instead.
 *
 * <p>Which characters stand for themselves is asked of Woodstox once, at class load, for each ASCII
 * character in both an attribute value and element text (as {@code JsonBytes} asks Jackson): the escaping
 * stays the library's; this class only skips its per-call bookkeeping, which was over half of the CPU of a
 * large features document. {@code >} is never taken as plain, because whether Woodstox escapes it depends on
 * the characters before it ({@code ]]>}). Used by one thread.
 */
final class PlainMarkup {
  /** ASCII characters that Woodstox writes as themselves in attribute values and in text. */
  private static final boolean[] PLAIN = plainCharacters();

  private char[] buf = new char[1024];
  private int n;

  /** Empties the buffer (keeping its capacity). */
  void clear() {
    n = 0;
  }

  char[] chars() {
    return buf;
  }

  int length() {
    return n;
  }

  /** Markup as it is: tags, attribute names, fragments already rendered by Woodstox. */
  PlainMarkup raw(String markup) {
    int len = markup.length();
    ensure(len);
    markup.getChars(0, len, buf, n);
    n += len;
    return this;
  }

  /**
   * Appends {@code s} if every character of it is written unchanged by Woodstox in text and attribute
   * values; otherwise returns false (what the buffer then holds is undefined: {@link #clear} it).
   */
  boolean value(String s) {
    return value(s, 0);
  }

  /** As {@link #value(String)} for {@code s} from {@code from} to its end. */
  boolean value(String s, int from) {
    int len = s.length() - from;
    ensure(len);
    char[] b = buf;
    int start = n;
    s.getChars(from, s.length(), b, start); // an intrinsic for Latin-1 strings; checked after
    int end = start + len;
    boolean[] plain = PLAIN;
    for (int i = start; i < end; i++) {
      char c = b[i];
      if (c >= 128 || !plain[c]) {
        return false;
      }
    }
    n = end;
    return true;
  }

  /** An int in decimal, as {@code Integer.toString} writes it. */
  PlainMarkup number(int v) {
    ensure(11);
    if (v < 0) {
      if (v == Integer.MIN_VALUE) {
        return raw("-2147483648");
      }
      buf[n++] = '-';
      v = -v;
    }
    int digits = 1;
    for (int p = 10; digits < 10 && v >= p; p *= 10) {
      digits++;
    }
    for (int i = n + digits - 1; i >= n; i--) {
      buf[i] = (char) ('0' + v % 10);
      v /= 10;
    }
    n += digits;
    return this;
  }

  private void ensure(int more) {
    if (buf.length - n < more) {
      char[] bigger = new char[Math.max(buf.length * 2, n + more)];
      System.arraycopy(buf, 0, bigger, 0, n);
      buf = bigger;
    }
  }

  /** Whether Woodstox writes each ASCII character unchanged, in an attribute value and in text. */
  private static boolean[] plainCharacters() {
    boolean[] plain = new boolean[128];
    for (char c = 0; c < 128; c++) {
      plain[c] = c != '>' && woodstoxWrites(c).equals("<a b=\"" + c + "\">" + c + "</a>");
    }
    return plain;
  }

  private static String woodstoxWrites(char c) {
    try {
      StringWriter out = new StringWriter(16);
      XMLStreamWriter w = XmlOutput.writer(out);
      w.writeStartElement("a");
      w.writeAttribute("b", String.valueOf(c));
      w.writeCharacters(String.valueOf(c));
      w.writeEndElement();
      w.flush();
      return out.toString();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("Woodstox cannot write " + (int) c, e);
    }
  }

  /** For tests: whether {@code c} is taken as plain. */
  static boolean isPlain(char c) {
    return c < 128 && PLAIN[c];
  }
}
