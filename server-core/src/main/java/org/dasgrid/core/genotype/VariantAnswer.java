package org.dasgrid.core.genotype;

/**
 * The variants a query matched, in answer order (the source's contig order, then position, ALT, REF). Holds
 * the engine's row numbers and the counts computed for the chosen samples; {@link #get} materializes a row.
 */
public final class VariantAnswer {
  private final GenotypeIndex index;
  private final int size;
  private final int[] contig;
  private final int[] row;
  private final int[] het;
  private final int[] hom;
  private final int[] ac;
  private final int[] an;

  VariantAnswer(GenotypeIndex index, int size, int[] contig, int[] row, int[] het, int[] hom, int[] ac, int[] an) {
    this.index = index;
    this.size = size;
    this.contig = contig;
    this.row = row;
    this.het = het;
    this.hom = hom;
    this.ac = ac;
    this.an = an;
  }

  public int size() {
    return size;
  }

  public VariantRow get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return index.row(contig[i], row[i], het[i], hom[i], ac[i], an[i]);
  }
}
