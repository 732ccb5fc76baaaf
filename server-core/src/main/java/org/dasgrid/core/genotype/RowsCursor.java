package org.dasgrid.core.genotype;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The cursor of answers that hold {@link VariantRow}s (a cluster's merged answers): encodes each row's text,
 * with the slack and the checks {@link #plainText} promises, by the installed {@link TextRules} as the engine
 * does at load. No af text: a merged answer's counts are made per request.
 */
final class RowsCursor implements VariantAnswer.Cursor, PrecomputedText {
  private final TextRules rules = TextRules.installed();
  private final VariantAnswer answer;
  private int i = -1;
  private VariantRow row;
  private byte[] text;
  private int textEnd;
  private int idEnd;
  private int refEnd;
  private boolean plain;

  RowsCursor(VariantAnswer answer) {
    this.answer = answer;
  }

  @Override
  public boolean next() {
    if (i + 1 >= answer.size()) {
      i = answer.size();
      row = null;
      return false;
    }
    row = answer.get(++i);
    byte[] utf8 = (row.id().orElse(".") + '\t' + row.ref() + '\t' + row.alt()).getBytes(StandardCharsets.UTF_8);
    text = Arrays.copyOf(utf8, utf8.length + rules.slack());
    textEnd = utf8.length;
    idEnd = tabFrom(0);
    refEnd = tabFrom(idEnd + 1);
    plain = rules.isPlain(text, 0, idEnd) && rules.isPlain(text, idEnd + 1, refEnd)
        && rules.isPlain(text, refEnd + 1, textEnd);
    return true;
  }

  @Override
  public String chrom() {
    return row.chrom();
  }

  @Override
  public int pos() {
    return row.pos();
  }

  @Override
  public byte[] text() {
    return text;
  }

  @Override
  public int textStart() {
    return 0;
  }

  @Override
  public int textEnd() {
    return textEnd;
  }

  @Override
  public int idEnd() {
    return idEnd;
  }

  @Override
  public int refEnd(int idEnd) {
    return refEnd;
  }

  @Override
  public PrecomputedText precomputed() {
    return this;
  }

  @Override
  public boolean plainText() {
    return plain;
  }

  @Override
  public int copyAfText(byte[] dst, int at) {
    return -1;
  }

  private int tabFrom(int at) {
    while (text[at] != '\t') {
      at++;
    }
    return at;
  }

  @Override
  public boolean hasId() {
    return row.id().isPresent();
  }

  @Override
  public int het() {
    return row.het();
  }

  @Override
  public int hom() {
    return row.hom();
  }

  @Override
  public int ac() {
    return row.ac();
  }

  @Override
  public int an() {
    return row.an();
  }
}
