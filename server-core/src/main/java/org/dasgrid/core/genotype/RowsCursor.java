package org.dasgrid.core.genotype;

import java.nio.charset.StandardCharsets;

/** The cursor of answers that hold {@link VariantRow}s: encodes each row's text. */
final class RowsCursor implements VariantAnswer.Cursor {
  private final VariantAnswer answer;
  private int i = -1;
  private VariantRow row;
  private byte[] text;

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
    text = (row.id().orElse(".") + '\t' + row.ref() + '\t' + row.alt()).getBytes(StandardCharsets.UTF_8);
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
    return text.length;
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
