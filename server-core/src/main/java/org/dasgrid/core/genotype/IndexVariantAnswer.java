package org.dasgrid.core.genotype;

/** The engine's answer: its row numbers and the counts computed for the chosen samples. */
final class IndexVariantAnswer implements VariantAnswer {
  private final GenotypeIndex index;
  private final int size;
  private final int[] contig;
  private final int[] row;
  private final int[] het;
  private final int[] hom;
  private final int[] ac;
  private final int[] an;

  IndexVariantAnswer(GenotypeIndex index, int size, int[] contig, int[] row, int[] het, int[] hom, int[] ac,
      int[] an) {
    this.index = index;
    this.size = size;
    this.contig = contig;
    this.row = row;
    this.het = het;
    this.hom = hom;
    this.ac = ac;
    this.an = an;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public VariantRow get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return index.row(contig[i], row[i], het[i], hom[i], ac[i], an[i]);
  }
}
