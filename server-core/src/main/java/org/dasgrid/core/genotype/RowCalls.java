package org.dasgrid.core.genotype;

/**
 * The calls of one row (one ALT allele of a site), for every sample, as {@link CallReader} shows them: per
 * sample how many alleles were called (0 = no call, 1 = haploid, 2 = diploid) and how many of them are this
 * ALT. A cursor: valid only inside the visit that gave it.
 *
 * <p>The counts are those of the engine's AC/AN rules (see {@link SiteCalls}): a partial call {@code ./1}
 * counts as one called allele, one copy.
 */
public interface RowCalls {
  String contig();

  int pos();

  /** The VCF ID, or {@code .}. */
  String id();

  String ref();

  String alt();

  /** Whether another row shares this row's site (position, ID and REF): the site has several ALT alleles. */
  boolean multiAllelic();

  /** Alleles called for {@code sample}: 0 (no call), 1 (haploid or partial), 2... */
  int called(int sample);

  /** Copies of this ALT in {@code sample}'s call. */
  int altCopies(int sample);

  /** Every sample's {@link #called} and {@link #altCopies} at once, into arrays of the cohort's size. */
  void fill(byte[] called, byte[] copies);

  /** Calls {@code sink} once with each sample carrying this ALT (het, hom or partial) and its copies. */
  void forEachCarrier(SampleValueSink sink);

  /**
   * Calls {@code sink} with each sample whose called allele count differs from the row's default ploidy, and
   * that difference (-2 for a diploid site's no-call, -1 for a haploid call...).
   */
  void forEachCalledDelta(SampleValueSink sink);

  /** The row's default ploidy: what most samples' calls have. */
  int ploidy();

  @FunctionalInterface
  interface SampleValueSink {
    void accept(int sample, int value);
  }
}
