package org.dasgrid.core.genotype;

import java.util.List;

/**
 * The samples a query matched, in the cohort's (VCF column) order, with their het and hom-alt counts and
 * their sample numbers (positions in the cohort, which answers from several nodes are merged by).
 */
public interface SampleAnswer {
  int size();

  SampleRow get(int i);

  /** The cohort position of the {@code i}-th sample. */
  int sampleNumber(int i);

  /** An answer from sample numbers and counts, in cohort order; {@code names} is the cohort. */
  static SampleAnswer of(List<String> names, int size, int[] sample, int[] het, int[] hom) {
    return new SampleAnswer() {
      @Override
      public int size() {
        return size;
      }

      @Override
      public SampleRow get(int i) {
        check(i);
        return new SampleRow(names.get(sample[i]), het[i], hom[i]);
      }

      @Override
      public int sampleNumber(int i) {
        check(i);
        return sample[i];
      }

      private void check(int i) {
        if (i < 0 || i >= size) {
          throw new IndexOutOfBoundsException(i);
        }
      }
    };
  }
}
