package org.dasgrid.core.genotype.cohort;

import org.dasgrid.core.genotype.RowCalls;

/** Per chosen sample, the running score; one matched row read, then scored once per weight on it. */
interface ScoreAccumulator {
  void read(RowCalls row);

  void score(double weight, boolean alt);

  /** Writes the totals (sum, CNT, alleles averaged over) into arrays indexed like the chosen samples. */
  void finish(double[] sum, long[] count, long[] alleles);
}
