package org.dasgrid.core.genotype.dgi;

/**
 * The layout of a genotype index file ({@code .dgi}), little-endian (docs/genotypes.md has it byte by byte): a
 * 64-byte header (magic, format version, file length, the catalog's place and CRC-32C, the header's own CRC-32C);
 * then the sections, each aligned and never straddling a 1 GiB boundary, in the order a streaming build makes
 * them (pool pages and contigs' columns interleaved); then the pools' page tables and the catalog, a JSON
 * document naming the source VCF's identity, the cohort, its INFO fields, the counts, and each contig section's
 * offset, length and CRC-32C. Format 2 added, per contig, the missing-call and non-diploid sets, ALT counts and
 * numbers, and the INFO text that the statistics and filters read; format 3 stores sets as patches of a similar
 * set of their contig, a site's missing calls once as its first AN correction group, and no INFO offsets for a
 * contig without INFO text; format 4
 * holds cohorts above 65,536 samples: their inline sets are runs of 32-bit sample numbers (the catalog's {@code
 * pools.inlineBits}), and a row's packed whole-cohort counts widen their het and hom fields to the cohort's bit
 * length ({@code CohortCounts}); format 5 codes those runs as Rice-coded gaps between members ({@code
 * pools.inlineCoding: gaps}; {@code GapSets}), under half the file's bytes at biobank scale. A file of up to 65,536 samples is the same in
 * formats 3, 4 and 5 but for the version number (and {@code inlineBits: 16}, which format 3 lacks), so such files of
 * formats 3 and 4 are still read; a format-4 file above 65,536 samples (32-bit runs) and files of other formats
 * are refused (rebuild them). Optional sections, absent unless
 * asked for, change no format: a contig's sample-major calls ({@code index --sample-calls}); a reader uses them
 * when the catalog lists them.
 *
 * <p>Written to {@code NAME.partial} and renamed to {@code NAME} when complete; the header (and with it the
 * magic) is the last thing written, so a stopped build leaves a {@code .partial} file with no magic.
 */
public final class IndexLayout {
  /** 8 bytes: a non-ASCII first byte, "DGI", CR LF, ^Z, LF (as PNG: catches text-mode copies). */
  static final byte[] MAGIC = {(byte) 0x89, 'D', 'G', 'I', '\r', '\n', 0x1A, '\n'};
  public static final int FORMAT_VERSION = 5;
  /** Formats 5 and 4 for cohorts of up to 65,536 samples, byte for byte but for the version: still read. */
  public static final int FORMAT_3 = 3;
  /** Format 4: still read for cohorts of up to 65,536 samples (its wider cohorts' 32-bit runs are not). */
  public static final int FORMAT_4 = 4;
  /** {@code pools.inlineCoding} of a cohort above 65,536 samples: delta-coded runs (format 5). */
  public static final String GAPS = "gaps";
  public static final int HEADER = 64;
  /** Mapped in pieces of this size; no section of at most this size straddles two. */
  static final long CHUNK = 1L << 30;

  /** Why an engine of RoaringBitmap sets cannot be written. */
  public static final String COMPACT_ONLY = "index format " + FORMAT_VERSION + " holds compact sample sets only"
      + " (genotypeSets: compact)";

  /** Whether a cohort this size stores its inline sets as delta-coded runs (format 5; 32-bit runs in format 4). */
  public static boolean wideInline(int cohortSize) {
    return cohortSize > 0x10000;
  }

  private IndexLayout() {}
}
