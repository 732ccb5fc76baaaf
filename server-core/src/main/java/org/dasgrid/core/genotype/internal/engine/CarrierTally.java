package org.dasgrid.core.genotype.internal.engine;

import java.util.List;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;

/**
 * Per sample, its het and hom-alt counts over every row of a query's plans (the chosen samples' counts are the
 * meaningful ones): what the samples and count queries read. A large selection adds whole sets, or a whole block
 * of rows' precomputed counts at once ({@link ContigRows#tally}); a small virtual cohort probes each chosen
 * sample in each set instead of walking the set.
 */
final class CarrierTally {
  final int[] het;
  final int[] hom;

  private CarrierTally(int cohort) {
    het = new int[cohort];
    hom = new int[cohort];
  }

  static CarrierTally of(GenotypeStore store, List<Plan> plans, SampleSelection sel) {
    SampleSets sets = store.sets();
    CarrierTally t = new CarrierTally(sel.cohortSize());
    boolean few = !sel.isAll() && sel.size() * 16L < sel.cohortSize();
    for (Plan p : plans) {
      ContigRows c = store.contig(p.contig());
      c.scan(p.starts(), p.stops(), p.ranges(), new ContigRows.RowVisitor() {
        @Override
        public boolean visit(int r) {
          if (few) {
            addChosen(sets, c.hetSet(r), sel, t.het);
            addChosen(sets, c.homSet(r), sel, t.hom);
          } else {
            sets.addTo(c.hetSet(r), t.het);
            sets.addTo(c.homSet(r), t.hom);
          }
          return true;
        }

        @Override
        public boolean visitRun(int from, int to) {
          if (few) {
            return ContigRows.RowVisitor.super.visitRun(from, to);
          }
          c.tally(from, to, sets, t.het, t.hom);
          return true;
        }
      });
    }
    return t;
  }

  /** For a small virtual cohort: probe each chosen sample rather than walking the whole set. */
  private static void addChosen(SampleSets sets, int set, SampleSelection sel, int[] counts) {
    if (set == SampleSets.EMPTY) {
      return;
    }
    for (int s : sel.members()) {
      if (sets.contains(set, s)) {
        counts[s]++;
      }
    }
  }
}
