package org.dasgrid.core.genotype;

import java.util.List;

/** The samples a query matched, in the cohort's (VCF column) order, with their het and hom-alt counts. */
public final class SampleAnswer {
  private final List<String> names;
  private final int size;
  private final int[] sample;
  private final int[] het;
  private final int[] hom;

  SampleAnswer(List<String> names, int size, int[] sample, int[] het, int[] hom) {
    this.names = names;
    this.size = size;
    this.sample = sample;
    this.het = het;
    this.hom = hom;
  }

  public int size() {
    return size;
  }

  public SampleRow get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return new SampleRow(names.get(sample[i]), het[i], hom[i]);
  }
}
