package org.dasgrid.core.genotype.internal.store;

import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * A row's counts over chosen samples, by the engine's AC/AN rules: het and hom-alt calls, AC and AN, and whether
 * a chosen sample has the zygosity asked for. The whole cohort reads a row's precomputed counts ({@link
 * ContigRows#cohortCounts}); a virtual cohort intersects the row's sets and correction groups with its samples.
 * What the queries, the analytics and the load-time texts and statistics all count by. Immutable.
 */
public final class RowCounts {
  private final SampleSets sets;
  private final Corrections fixes;
  private final CohortCounts packed;

  public RowCounts(SampleSets sets, Corrections fixes) {
    this.sets = sets;
    this.fixes = fixes;
    this.packed = CohortCounts.forCohort(sets.cohortSize());
  }

  /** Where {@link #add} puts a matched row and its counts. */
  @FunctionalInterface
  public interface Sink {
    void add(int contig, int r, int het, int hom, int ac, int an);
  }

  /** A row's counts among a subset, made once per row ({@link #carriedCounts}); reused row after row. */
  public static final class CarrierCounts {
    public int het;
    public int hom;
    /** The row's missing calls among the chosen samples, or -1 when not counted. */
    public int missing = -1;
  }

  /** Row {@code r}'s het, hom, AC and AN over the chosen samples, into {@code out}. */
  public void add(ContigRows c, int contig, int r, SampleSelection sel, Sink out) {
    if (sel.isAll()) {
      long counts = c.cohortCounts(r);
      if (counts != CohortCounts.NONE) {
        int het = packed.het(counts);
        int hom = packed.hom(counts);
        int ploidy = c.ploidy(r);
        out.add(contig, r, het, hom, het + ploidy * hom + packed.acDelta(counts),
            ploidy * sel.size() + packed.anDelta(counts));
        return;
      }
    }
    int het = sets.andCardinality(c.hetSet(r), sel);
    int hom = sets.andCardinality(c.homSet(r), sel);
    int ploidy = c.ploidy(r);
    int ac = het + ploidy * hom + fixes.sum(c.acFix(r), sel, sets);
    int an = ploidy * sel.size() + fixes.sum(c.anFix(r), sel, sets);
    out.add(contig, r, het, hom, ac, an);
  }

  /** Whether a chosen sample has the zygosity asked for at row {@code r}. */
  public boolean carried(ContigRows c, int r, Zygosity z, SampleSelection sel) {
    return z.includesHet() && sets.intersects(c.hetSet(r), sel) || z.includesHom() && sets.intersects(c.homSet(r), sel);
  }

  /**
   * Row {@code r}'s het and hom-alt counts among a subset of the samples into {@link CarrierCounts} when a chosen
   * sample has the zygosity asked for (as {@link #carried}), else false. A subset's carried test and its counts
   * intersect the same het and hom sets with the chosen samples: a kept row's counts then reuse these ({@link
   * #add(ContigRows, int, int, SampleSelection, int, CarrierCounts, Sink)}) instead of intersecting each set a
   * second time. A set the answer does not need (the hom set of a row whose het set already fails a het-only
   * question) is not intersected.
   */
  public boolean carriedCounts(ContigRows c, int r, Zygosity z, SampleSelection sel, CarrierCounts into) {
    if (z.includesHet() && !z.includesHom()) {
      into.het = sets.andCardinality(c.hetSet(r), sel);
      if (into.het == 0) {
        return false;
      }
      into.hom = sets.andCardinality(c.homSet(r), sel);
      return true;
    }
    into.hom = sets.andCardinality(c.homSet(r), sel);
    if (!z.includesHet() && into.hom == 0) {
      return false;
    }
    into.het = sets.andCardinality(c.hetSet(r), sel);
    return into.hom > 0 || z.includesHet() && into.het > 0;
  }

  /**
   * As {@link #add(ContigRows, int, int, SampleSelection, Sink)} for a row whose het and hom counts among the
   * chosen samples {@link #carriedCounts} made; the AN corrections' missing-call count, when the row has missing
   * calls (the corrections' first group is then its missing set {@code missingSet}), goes to {@code
   * into.missing} (else -1), so the statistics need not intersect that set again.
   */
  public void add(ContigRows c, int contig, int r, SampleSelection sel, int missingSet, CarrierCounts into,
      Sink out) {
    int ploidy = c.ploidy(r);
    int ac = into.het + ploidy * into.hom + fixes.sum(c.acFix(r), sel, sets);
    into.missing = -1;
    int an = ploidy * sel.size() + fixes.sum(c.anFix(r), sel, sets, missingSet, into);
    out.add(contig, r, into.het, into.hom, ac, an);
  }
}
