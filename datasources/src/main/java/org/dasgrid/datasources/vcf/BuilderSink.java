package org.dasgrid.datasources.vcf;

import org.dasgrid.core.genotype.GenotypeIndexBuilder;

/** The calls {@link GenotypeColumns} reads, handed straight to a genotype builder (the one in hand: it may change). */
final class BuilderSink implements CallSink {
  private GenotypeIndexBuilder to;

  BuilderSink(GenotypeIndexBuilder to) {
    this.to = to;
  }

  /** From now on the calls go to {@code builder} (the next piece's). */
  void to(GenotypeIndexBuilder builder) {
    this.to = builder;
  }

  @Override
  public void diploid(int sample, int allele1, int allele2) {
    to.diploid(sample, allele1, allele2);
  }

  @Override
  public void haploid(int sample, int allele) {
    to.haploid(sample, allele);
  }

  @Override
  public void call(int sample, int[] alleles, int n) {
    to.call(sample, alleles, n);
  }
}
