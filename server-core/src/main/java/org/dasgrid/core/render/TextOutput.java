package org.dasgrid.core.render;

import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/** Line-oriented text answers (GFF3, BED): a UTF-8 writer over the caller's stream, and escaping helpers. */
final class TextOutput {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private TextOutput() {}

  /** A writer that is flushed, never closed, by the document: the caller owns the stream. */
  static Writer writer(OutputStream out) {
    return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 8192);
  }

  /**
   * GFF3 percent-encoding (GFF3 spec, "Column 9"): {@code %}, control characters, and {@code reserved}
   * become {@code %XX}; everything else is written as is.
   */
  static void escape(Writer w, String s, String reserved) throws java.io.IOException {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == 0x7f || c == '%' || reserved.indexOf(c) >= 0) {
        w.write('%');
        w.write(HEX[(c >> 4) & 0xf]);
        w.write(HEX[c & 0xf]);
      } else {
        w.write(c);
      }
    }
  }

  /** Text for a tab-separated field that must not contain tabs or line breaks: those become spaces. */
  static String field(String s) {
    if (s.indexOf('\t') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }
}
