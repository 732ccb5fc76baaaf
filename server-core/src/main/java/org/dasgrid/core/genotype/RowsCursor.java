package org.dasgrid.core.genotype;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The cursor of answers that hold {@link VariantRow}s (a cluster's merged answers): encodes each row's text,
 * with the slack and the checks {@link #plainText} promises, as the engine does at load.
 */
final class RowsCursor implements VariantAnswer.Cursor {
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
    text = Arrays.copyOf(utf8, utf8.length + TEXT_SLACK);
    textEnd = utf8.length;
    idEnd = tabFrom(0);
    refEnd = tabFrom(idEnd + 1);
    plain = PlainText.isPlain(text, 0, idEnd) && PlainText.isPlain(text, idEnd + 1, refEnd)
        && PlainText.isPlain(text, refEnd + 1, textEnd);
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
  public boolean plainText() {
    return plain;
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
