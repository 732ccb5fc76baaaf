package org.dasgrid.core.genotype;

/**
 * What the engine made at load for a writer, by the {@link TextRules#installed} rules, about a {@link
 * VariantAnswer.Cursor}'s current row: whether it vouches for the row's text, and the row's af text. A
 * cursor offers it through {@link VariantAnswer.Cursor#precomputed}; a writer that does not use the installed
 * rules' writer ignores it. Valid for the current row until the cursor moves.
 */
public interface PrecomputedText {
  /** Nothing precomputed: nothing vouched for, no af text. */
  PrecomputedText NONE = new PrecomputedText() {
    @Override
    public boolean plainText() {
      return false;
    }

    @Override
    public int copyAfText(byte[] dst, int at) {
      return -1;
    }
  };

  /** The most bytes {@link #copyAfText} writes (it may write past the end it returns, within this room). */
  int AF_TEXT_ROOM = 24;

  /**
   * Whether the rules vouched for the row's text at load: every byte of its ID, REF and ALT passed {@link
   * TextRules#isPlain}, {@link VariantAnswer.Cursor#idEnd} and {@link VariantAnswer.Cursor#refEnd} cost no
   * search, and the text's array holds {@link TextRules#slack} more bytes past {@link
   * VariantAnswer.Cursor#textEnd}. False for a row with any other byte (and, for the engine's rows, with an ID
   * or REF of 255 bytes or more, whose length it does not store).
   */
  boolean plainText();

  /**
   * Copies the row's af ({@code ac / an}) as {@link TextRules#frequencyText} made it at load into {@code dst}
   * from {@code at}, when the engine made it (whole-cohort counts), and returns where it ends; -1, writing
   * nothing, when the caller is to format it. {@code dst} needs {@link #AF_TEXT_ROOM} bytes of room.
   */
  int copyAfText(byte[] dst, int at);
}
