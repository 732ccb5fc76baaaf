package org.dasgrid.core.genotype;

import java.util.List;
import java.util.Optional;
import org.dasgrid.core.segment.Segment;

/**
 * An engine capability: the VCF records (sites) of some segments with their ALT alleles together again and each
 * chosen sample's call, as the engine keeps them: what an export writes. The engine keeps per call how many
 * alleles were called and how many copies of each ALT, whether an allele was missing, and whether a complete
 * call is haploid or polyploid; it keeps no phase and not the order of a call's alleles, no QUAL, FILTER or
 * FORMAT field but GT. So a call comes back unphased with its alleles in a fixed order (missing ones first, then
 * ascending), and a wholly missing call with the site's default ploidy ({@code ./.}, or {@code .} where most
 * calls are haploid). Records without an ALT allele are not kept. Records at one position come in the order
 * of their first ALT allele (the engine's answer order), not necessarily the file's.
 */
public interface RecordReader {
  /**
   * Visits the records overlapping the segments (by their REF span), in the source's contig order and by
   * position, each once; stops when the visitor returns false. The {@link Record} is a cursor, valid only
   * during the call.
   */
  void forEachRecord(List<Segment> segments, SampleSelection samples, Visitor visitor);

  /** The reader of this engine, when it can read records (a cluster's merged view cannot). */
  static Optional<RecordReader> of(GenotypeQueries engine) {
    return Engines.records(engine);
  }

  /** One record and its chosen samples' calls. */
  interface Record {
    String contig();

    int pos();

    /** The VCF ID, or {@code .}. */
    String id();

    String ref();

    /** The ALT alleles, allele 1 first. */
    List<String> alts();

    /**
     * The call of the {@code i}-th chosen sample (in cohort order): its alleles into {@code alleles} (-1 for a
     * missing one, first; then 0 for REF and k for ALT k, ascending), returning how many there are.
     * {@code alleles} must hold 32.
     */
    int call(int i, int[] alleles);

    /**
     * The {@code i}-th chosen sample's copies of ALT 1 (0, 1 or 2) when the record has one ALT and the call is
     * complete and diploid ({@code 0/0}, {@code 0/1}, {@code 1/1}: nearly every call), so that a writer can take
     * its bytes from a table; -1 for any other call (read it with {@link #call}).
     */
    default int diploidAltCopies(int i) {
      return -1;
    }

    /**
     * The first chosen sample at or after {@code from} whose call may be other than {@code 0/0} (-1 when there is
     * none): every call it passes over is complete, diploid and REF twice, so that a writer can copy that text
     * for the runs between and read only the calls named here (on most records the carriers and the missing and
     * non-diploid calls: a few of thousands). Where the record's usual call is not {@code 0/0} it names every one.
     */
    int nextUnusual(int from);

    /** Alleles called among the chosen samples (AN). */
    int an();

    /** Copies of ALT {@code allele} (1-based) among the chosen samples (AC). */
    int ac(int allele);
  }

  @FunctionalInterface
  interface Visitor {
    boolean visit(Record record);
  }
}
