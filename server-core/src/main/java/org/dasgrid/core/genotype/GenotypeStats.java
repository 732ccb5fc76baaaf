package org.dasgrid.core.genotype;

/**
 * Size figures of a genotype engine.
 *
 * @param samples samples in the cohort
 * @param sites VCF records held
 * @param variants ALT alleles held (rows; a multi-allelic site gives several)
 * @param nonRefCalls het and hom-alt calls, counted per ALT allele
 * @param heapBytes estimated heap held by the engine's arrays and sets
 * @param inlineSets sets held as inline sample runs
 * @param roaringSets sets held as RoaringBitmaps
 * @param denseSets sets held as cohort-wide bitsets
 */
public record GenotypeStats(
    int samples,
    long sites,
    long variants,
    long nonRefCalls,
    long heapBytes,
    long inlineSets,
    long roaringSets,
    long denseSets) {

  /** The figures of two engines of the same cohort together (pieces of one source). */
  public GenotypeStats plus(GenotypeStats o) {
    return new GenotypeStats(samples, sites + o.sites, variants + o.variants, nonRefCalls + o.nonRefCalls,
        heapBytes + o.heapBytes, inlineSets + o.inlineSets, roaringSets + o.roaringSets, denseSets + o.denseSets);
  }

  /** Heap bytes per het or hom-alt call: the figure the engine is designed to keep small. */
  public double bytesPerNonRefCall() {
    return nonRefCalls == 0 ? 0 : (double) heapBytes / nonRefCalls;
  }
}
