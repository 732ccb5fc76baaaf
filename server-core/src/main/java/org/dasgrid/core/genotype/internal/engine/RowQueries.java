package org.dasgrid.core.genotype.internal.engine;

import java.util.List;
import java.util.function.Function;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.CohortCounts;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;
import org.dasgrid.core.genotype.internal.store.RowCounts;
import org.dasgrid.core.segment.Segment;

/**
 * The row questions of the engine (variants, carriers, counts): each contig of the query's plan is scanned
 * ({@link ContigRows#scan}) and its rows counted over the chosen samples ({@link RowCounts}): the whole cohort
 * reads the rows' precomputed counts and skips the rows nobody carries 64 at a time, a virtual cohort intersects
 * each row's sets with its samples. Selections come checked by the facade ({@link GenotypeIndex}).
 */
final class RowQueries {
  private final GenotypeStore store;
  private final SampleSets sets;
  private final RowCounts counts;
  private final Function<List<Segment>, List<Plan>> planner;

  RowQueries(GenotypeStore store, RowCounts counts, Function<List<Segment>, List<Plan>> planner) {
    this.store = store;
    this.sets = store.sets();
    this.counts = counts;
    this.planner = planner;
  }

  VariantAnswer variants(GenotypeQuery query, SampleSelection sel) {
    Zygosity z = query.zygosity();
    int limit = query.limitOrMax();
    RowBuffer out = new RowBuffer();
    if (limit == 0) {
      return new IndexVariantAnswer(store, sel.isAll(), out);
    }
    for (Plan p : planner.apply(query.segments())) {
      ContigRows c = store.contig(p.contig());
      boolean more = c.scan(p.starts(), p.stops(), p.ranges(), new ContigRows.RowVisitor() {
        @Override
        public boolean visit(int r) {
          if (counts.carried(c, r, z, sel)) {
            counts.add(c, p.contig(), r, sel, out);
          }
          return out.size < limit;
        }

        @Override
        public boolean visitRun(int from, int to) {
          // the common case in one loop: whole cohort, most rows rejected on their set handles alone
          if (!sel.isAll()) {
            return ContigRows.RowVisitor.super.visitRun(from, to);
          }
          boolean het = z.includesHet();
          boolean hom = z.includesHom();
          // sized once: a long answer's arrays are not grown and copied a dozen times
          out.ensureRoom((int) Math.min((long) limit - out.size, c.carried().countCarried(from, to, het, hom)));
          // word by word, each read once (a mapped word is a bounds-checked buffer read, not an array load)
          int first = from >>> 6;
          int last = (to - 1) >>> 6;
          for (int w = first; w <= last; w++) {
            long bits = c.carried().carriedWord(w, het, hom);
            if (w == first) {
              bits &= -1L << from;
            }
            if (w == last) {
              bits &= -1L >>> (63 - ((to - 1) & 63));
            }
            for (; bits != 0; bits &= bits - 1) {
              counts.add(c, p.contig(), (w << 6) + Long.numberOfTrailingZeros(bits), sel, out);
              if (out.size >= limit) {
                return false;
              }
            }
          }
          return true;
        }
      });
      if (!more) {
        break;
      }
    }
    return new IndexVariantAnswer(store, sel.isAll(), out);
  }

  SampleAnswer carriers(GenotypeQuery query, SampleSelection sel) {
    CarrierTally tally = CarrierTally.of(store, planner.apply(query.segments()), sel);
    int limit = query.limitOrMax();
    Zygosity z = query.zygosity();
    IntList chosen = new IntList();
    IntList het = new IntList();
    IntList hom = new IntList();
    for (int s : sel.members()) {
      if (chosen.size() >= limit) {
        break;
      }
      if (z.includesHet() && tally.het[s] > 0 || z.includesHom() && tally.hom[s] > 0) {
        chosen.add(s);
        het.add(tally.het[s]);
        hom.add(tally.hom[s]);
      }
    }
    return SampleAnswer.of(store.samples(), chosen.size(), chosen.raw(), het.raw(), hom.raw());
  }

  CountAnswer count(GenotypeQuery query, SampleSelection sel) {
    Zygosity z = query.zygosity();
    long[] totals = new long[3];
    CohortCounts layout = CohortCounts.forCohort(sets.cohortSize());
    List<Plan> plans = planner.apply(query.segments());
    for (Plan p : plans) {
      ContigRows c = store.contig(p.contig());
      c.scan(p.starts(), p.stops(), p.ranges(), r -> {
        if (counts.carried(c, r, z, sel)) {
          long packed = sel.isAll() ? c.cohortCounts(r) : CohortCounts.NONE;
          totals[0]++;
          totals[1] += packed != CohortCounts.NONE ? layout.het(packed) : sets.andCardinality(c.hetSet(r), sel);
          totals[2] += packed != CohortCounts.NONE ? layout.hom(packed) : sets.andCardinality(c.homSet(r), sel);
        }
        return true;
      });
    }
    CarrierTally tally = CarrierTally.of(store, plans, sel);
    long carriers = 0;
    for (int s : sel.members()) {
      if (z.includesHet() && tally.het[s] > 0 || z.includesHom() && tally.hom[s] > 0) {
        carriers++;
      }
    }
    return new CountAnswer(totals[0], totals[1], totals[2], carriers);
  }
}
