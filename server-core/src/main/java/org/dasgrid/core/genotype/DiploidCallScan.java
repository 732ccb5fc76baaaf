package org.dasgrid.core.genotype;

import java.util.Arrays;
import java.util.List;

/**
 * Builds {@link SampleCallBits} for a few samples in one scan of the rows (the biallelic rows of the planned
 * ranges, as {@link CallReader#forEachRow} visits them). With few samples each one's call is probed in the
 * row's sets directly ({@link IndexRowCalls#called} and {@link IndexRowCalls#altCopies} without the cursor's
 * calls: three or four probes a sample and row); with many, each row is filled once for the chosen samples,
 * which reads a dense set word-wise rather than probing it per sample.
 */
final class DiploidCallScan {
  /** Up to this many samples are probed one by one; more are filled per row. */
  private static final int PROBED = 8;

  private final List<ContigRows> contigs;
  private final SampleSets sets;
  private final Corrections fixes;

  DiploidCallScan(List<ContigRows> contigs, SampleSets sets, Corrections fixes) {
    this.contigs = contigs;
    this.sets = sets;
    this.fixes = fixes;
  }

  /** An upper bound on the rows {@link #scan} covers: those of the planned contigs. */
  long rowBound(List<GenotypeIndex.Plan> plans) {
    long n = 0;
    for (GenotypeIndex.Plan p : plans) {
      n += contigs.get(p.contig()).size;
    }
    return n;
  }

  /** The bits of {@code samples} (sample numbers, distinct), in that order. */
  SampleCallBits[] scan(List<GenotypeIndex.Plan> plans, int[] samples, SampleSelection chosen) {
    int k = samples.length;
    int words = (int) ((rowBound(plans) + 63) >>> 6);
    long[][] called = new long[k][words];
    long[][] het = new long[k][words];
    long[][] hom = new long[k][words];
    IndexRowCalls cursor = new IndexRowCalls(sets, fixes);
    int[] row = {0};
    byte[] calledBy = k > PROBED ? new byte[sets.cohortSize()] : null;
    byte[] copiesBy = k > PROBED ? new byte[sets.cohortSize()] : null;
    for (GenotypeIndex.Plan p : plans) {
      ContigRows c = contigs.get(p.contig());
      c.scan(p.starts(), p.stops(), p.ranges(), r -> {
        if (cursor.at(c, r).multiAllelic()) {
          return true;
        }
        int at = row[0]++;
        int w = at >>> 6;
        long bit = 1L << at;
        if (k > PROBED) {
          cursor.fillChosen(chosen, calledBy, copiesBy);
          for (int i = 0; i < k; i++) {
            int s = samples[i];
            if (calledBy[s] == 2) {
              set(called[i], het[i], hom[i], w, bit, copiesBy[s]);
            }
          }
          return true;
        }
        int ploidy = c.ploidy(r);
        int an = c.anFix(r);
        if (ploidy != 2 && an < 0) {
          return true; // nobody has two alleles called
        }
        int hetSet = c.hetSet(r);
        int homSet = c.homSet(r);
        int ac = c.acFix(r);
        for (int i = 0; i < k; i++) {
          int s = samples[i];
          if (ploidy + fixes.deltaOf(an, s, sets) != 2) {
            continue;
          }
          int copies = (sets.contains(hetSet, s) ? 1 : sets.contains(homSet, s) ? ploidy : 0)
              + fixes.deltaOf(ac, s, sets);
          set(called[i], het[i], hom[i], w, bit, copies);
        }
        return true;
      });
    }
    int used = (row[0] + 63) >>> 6;
    SampleCallBits[] out = new SampleCallBits[k];
    for (int i = 0; i < k; i++) {
      out[i] = new SampleCallBits(row[0], trim(called[i], used), trim(het[i], used), trim(hom[i], used));
    }
    return out;
  }

  private static void set(long[] called, long[] het, long[] hom, int w, long bit, int copies) {
    called[w] |= bit;
    if (copies == 1) {
      het[w] |= bit;
    } else if (copies == 2) {
      hom[w] |= bit;
    }
  }

  private static long[] trim(long[] a, int words) {
    return a.length == words ? a : Arrays.copyOf(a, words);
  }
}
