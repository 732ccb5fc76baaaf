package org.dasgrid.datasources.vcf;

/**
 * Receives the genotype calls of a record that are not 0/0, in sample order. Alleles are 0 (REF), 1.. (ALT)
 * or -1 (missing).
 */
interface CallSink {
  void diploid(int sample, int allele1, int allele2);

  void haploid(int sample, int allele);

  /** A call of another ploidy: the first {@code n} entries of {@code alleles}. */
  void call(int sample, int[] alleles, int n);
}
