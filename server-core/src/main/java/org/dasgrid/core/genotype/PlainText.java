package org.dasgrid.core.genotype;

/** The rule of {@link VariantAnswer.Cursor#plainText}, for the engine's stored text. */
final class PlainText {
  private PlainText() {}

  /** Whether {@code b[from, to)} is printable ASCII other than the characters writers escape. */
  static boolean isPlain(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      byte c = b[i];
      if (c < 0x20 || c > 0x7E || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c == '\'') {
        return false;
      }
    }
    return true;
  }
}
