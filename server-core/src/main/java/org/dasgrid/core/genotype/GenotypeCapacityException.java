package org.dasgrid.core.genotype;

/**
 * A cohort larger than one genotype engine — and so one index file — can address: a pool of sample sets whose
 * handles would pass 2^29 entries (1 GiB of inline sets, or as many dense or patched sets; about 15 M records of
 * a 2,504-sample cohort). Its message names the pool and what to do instead, for the {@code index} command and
 * a source's load error to show as they are; an {@link IllegalStateException}, as before it had a type.
 */
public final class GenotypeCapacityException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public GenotypeCapacityException(String pool, long limit) {
    super("the cohort is too large for one genotype engine or index: more than " + limit + " entries of "
        + pool + "; index and serve it in pieces, one per chromosome or group of chromosomes (bcftools view -r "
        + "CHROM -Oz -o piece.vcf.gz, one source each; a cluster maps each piece on the nodes holding it)");
  }
}
