package org.dasgrid.core.genotype;


/**
 * The calls of one row (one ALT allele of a site), for every sample, as {@link CallReader} shows them: per
 * sample how many alleles were called (0 = no call, 1 = haploid, 2 = diploid) and how many of them are this
 * ALT. A cursor: valid only inside the visit that gave it.
 *
 * <p>The counts are those of the engine's AC/AN rules (see {@link org.dasgrid.core.genotype.internal.build.SiteCalls}): a partial call {@code ./1}
 * counts as one called allele, one copy.
 */
public interface RowCalls {
  String contig();

  int pos();

  /** The VCF ID, or {@code .}. */
  String id();

  /**
   * {@link #idHash(String)} of {@link #id}, which an engine may compute without making the ID's String: a scan
   * of every row for a few IDs (a weights file's) tests this first and reads {@link #id} only on a hit.
   */
  default int idHash() {
    return idHash(id());
  }

  /** The hash {@link #idHash()} gives: {@code 31·h + b} over the ID's UTF-8 bytes (signed). */
  static int idHash(String id) {
    int h = 0;
    for (int i = 0; i < id.length(); i++) {
      char ch = id.charAt(i);
      if (ch >= 0x80) { // not ASCII: hash its UTF-8 bytes
        h = 0;
        for (byte b : id.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
          h = 31 * h + b;
        }
        return h;
      }
      h = 31 * h + ch; // an ASCII char is its one UTF-8 byte
    }
    return h;
  }

  String ref();

  String alt();

  /**
   * Which of this row's alleles {@code allele} is: 1 if it equals {@link #alt}, else 0 if it equals {@link #ref},
   * else -1. What a scorer asks of every matched row; an engine may compare its stored bytes without making the
   * Strings (the answer must be the same as comparing them).
   */
  default int whichAllele(String allele) {
    return allele.equals(alt()) ? 1 : allele.equals(ref()) ? 0 : -1;
  }

  /** Whether another row shares this row's site (position, ID and REF): the site has several ALT alleles. */
  boolean multiAllelic();

  /** Alleles called for {@code sample}: 0 (no call), 1 (haploid or partial), 2... */
  int called(int sample);

  /** Copies of this ALT in {@code sample}'s call. */
  int altCopies(int sample);

  /** Every sample's {@link #called} and {@link #altCopies} at once, into arrays of the cohort's size. */
  void fill(byte[] called, byte[] copies);

  /**
   * {@link #called} and {@link #altCopies} of the chosen samples only, into arrays of the cohort's size (the
   * other samples' entries are left as they were): what a few samples' analytics read instead of {@link #fill}.
   */
  default void fillChosen(SampleSelection chosen, byte[] called, byte[] copies) {
    for (int s : chosen.sampleNumbers()) {
      called[s] = (byte) called(s);
      copies[s] = (byte) altCopies(s);
    }
  }

  /** Calls {@code sink} once with each sample carrying this ALT (het, hom or partial) and its copies. */
  void forEachCarrier(SampleValueSink sink);

  /**
   * Adds {@code value.of(copies)} to {@code into[s]} for each carrier {@code s} (cohort-indexed), as {@link
   * #forEachCarrier} would visit them; an engine may add to a whole set of samples at once (a score's doses).
   */
  default void addPerCarrier(double[] into, CopiesValue value) {
    forEachCarrier((s, copies) -> into[s] += value.of(copies));
  }

  /** The copies of this ALT summed over the chosen samples' calls (the AC over {@code chosen}). */
  default long copiesAmong(SampleSelection chosen) {
    long[] ac = {0};
    forEachCarrier((s, copies) -> {
      if (chosen.contains(s)) {
        ac[0] += copies;
      }
    });
    return ac[0];
  }

  @FunctionalInterface
  interface CopiesValue {
    double of(int copies);
  }

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
