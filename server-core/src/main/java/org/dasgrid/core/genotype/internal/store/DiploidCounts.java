package org.dasgrid.core.genotype.internal.store;

import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/**
 * The chosen samples' complete diploid calls of one row by genotype, and their missing calls: what HWE and F
 * count. Het and hom-alt are the row's counts less the non-diploid calls among them (haploid chrX/Y/M calls,
 * polyploids), hom-ref the rest of the complete diploid calls. Set arithmetic only, no walk over the
 * non-diploid samples, which on chrX/Y/M are half to all of the cohort. Reused row after row; one per thread.
 */
public final class DiploidCounts {
  public int het;
  public int homRef;
  public int homAlt;
  public int missing;

  /** Counts row {@code r} whose het and hom-alt calls among the chosen samples are {@code het}, {@code hom}. */
  public void count(SampleSets sets, ContigRows c, CallGaps gaps, int r, SampleSelection sel, int het, int hom) {
    count(sets, c, gaps, r, sel, het, hom, -1);
  }

  /**
   * As above, with the chosen samples' missing calls {@code missing} already counted (the AN corrections
   * intersect the same set, {@link org.dasgrid.core.genotype.internal.engine.GenotypeIndex.CarrierCounts#missing}); -1 when not.
   */
  public void count(SampleSets sets, ContigRows c, CallGaps gaps, int r, SampleSelection sel, int het, int hom,
      int missing) {
    int m = missing >= 0 ? missing : sets.andCardinality(gaps.missing(r), sel);
    int h = het;
    int o = hom;
    int diploid = sel.size() - m;
    int odd = gaps.nonDiploid(r);
    if (odd != SampleSets.EMPTY) {
      diploid -= sets.andCardinality(odd, sel);
      h -= sets.andCardinality(odd, c.hetSet(r), sel);
      o -= sets.andCardinality(odd, c.homSet(r), sel);
    }
    this.missing = m;
    this.het = h;
    this.homAlt = o;
    this.homRef = diploid - h - o;
  }

  /** Whether the row has a complete diploid call (else HWE p and F are undefined). */
  public boolean any() {
    return het + homRef + homAlt > 0;
  }
}
