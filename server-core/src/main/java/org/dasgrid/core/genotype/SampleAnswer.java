package org.dasgrid.core.genotype;

/**
 * The samples a query matched, in the cohort's (VCF column) order, with their het and hom-alt counts and
 * their sample numbers (positions in the cohort, which answers from several nodes are merged by).
 */
public interface SampleAnswer {
  int size();

  SampleRow get(int i);

  /** The cohort position of the {@code i}-th sample. */
  int sampleNumber(int i);

  /** The {@code i}-th sample's het count, as {@code get(i).het()} without making the row. */
  int het(int i);

  /** The {@code i}-th sample's hom-alt count. */
  int hom(int i);

  /** The cohort's names, by sample number (encoded once: a writer copies a plain name's bytes). */
  SampleNames names();

  /** An answer from sample numbers and counts, in cohort order; {@code names} is the cohort. */
  static SampleAnswer of(SampleNames names, int size, int[] sample, int[] het, int[] hom) {
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

      @Override
      public int het(int i) {
        check(i);
        return het[i];
      }

      @Override
      public int hom(int i) {
        check(i);
        return hom[i];
      }

      @Override
      public SampleNames names() {
        return names;
      }

      private void check(int i) {
        if (i < 0 || i >= size) {
          throw new IndexOutOfBoundsException(i);
        }
      }
    };
  }
}
