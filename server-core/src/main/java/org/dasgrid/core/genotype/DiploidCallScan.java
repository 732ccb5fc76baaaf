package org.dasgrid.core.genotype;

import java.util.Arrays;
import java.util.List;

/**
 * Builds {@link SampleCallBits} for some samples in one scan of the rows (the biallelic rows of the planned
 * ranges, as {@link CallReader#forEachRow} visits them). With few samples each row's sets are probed for all
 * of them at once ({@link SampleSets#membersAmong}: a set's place is found once, then one bit test or binary
 * search per sample), the same reading as {@link IndexRowCalls#called} and {@link IndexRowCalls#altCopies};
 * with many, each row is filled once for the chosen samples, which reads a dense set word-wise. The planned
 * contigs are scanned in parallel (the common pool) into bits of their own, then joined in order: the scan is
 * bound by memory latency, one miss after another per row, which a second core overlaps.
 */
final class DiploidCallScan {
  /** Up to this many samples are probed together (a bit each in an int mask); more are filled per row. */
  static final int PROBED = 8;

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
    List<Part> parts = plans.parallelStream().map(p -> scan(p, samples, chosen)).toList();
    int rows = 0;
    for (Part part : parts) {
      rows += part.rows;
    }
    int k = samples.length;
    int words = (rows + 63) >>> 6;
    SampleCallBits[] out = new SampleCallBits[k];
    for (int i = 0; i < k; i++) {
      long[] called = new long[words];
      long[] het = new long[words];
      long[] hom = new long[words];
      int at = 0;
      for (Part part : parts) {
        append(called, at, part.called[i], part.rows);
        append(het, at, part.het[i], part.rows);
        append(hom, at, part.hom[i], part.rows);
        at += part.rows;
      }
      out[i] = new SampleCallBits(rows, called, het, hom);
    }
    return out;
  }

  /** One plan's (contig's) bits, from its row 0. */
  private record Part(int rows, long[][] called, long[][] het, long[][] hom) {}

  private Part scan(GenotypeIndex.Plan p, int[] samples, SampleSelection chosen) {
    ContigRows c = contigs.get(p.contig());
    int k = samples.length;
    int words = (c.size + 63) >>> 6;
    long[][] called = new long[k][words];
    long[][] het = new long[k][words];
    long[][] hom = new long[k][words];
    IndexRowCalls cursor = new IndexRowCalls(sets, fixes);
    int[] row = {0};
    ContigRows.RowVisitor visitor;
    if (k > PROBED) {
      byte[] calledBy = new byte[sets.cohortSize()];
      byte[] copiesBy = new byte[sets.cohortSize()];
      visitor = r -> {
        if (cursor.at(c, r).multiAllelic()) {
          return true;
        }
        int at = row[0]++;
        cursor.fillChosen(chosen, calledBy, copiesBy);
        for (int i = 0; i < k; i++) {
          int s = samples[i];
          if (calledBy[s] == 2) {
            set(called[i], het[i], hom[i], at, copiesBy[s]);
          }
        }
        return true;
      };
    } else {
      int[] anDelta = new int[k];
      int[] acDelta = new int[k];
      visitor = r -> {
        if (cursor.at(c, r).multiAllelic()) {
          return true;
        }
        int at = row[0]++;
        int ploidy = c.ploidy(r);
        int an = c.anFix(r);
        if (ploidy != 2 && an < 0) {
          return true; // nobody has two alleles called
        }
        Arrays.fill(anDelta, 0);
        fixes.addDeltas(an, samples, sets, anDelta);
        int hetMask = sets.membersAmong(c.hetSet(r), samples);
        int homMask = sets.membersAmong(c.homSet(r), samples);
        int ac = c.acFix(r);
        if (ac >= 0) {
          Arrays.fill(acDelta, 0);
          fixes.addDeltas(ac, samples, sets, acDelta);
        }
        for (int i = 0; i < k; i++) {
          if (ploidy + anDelta[i] != 2) {
            continue;
          }
          int copies = ((hetMask >>> i) & 1) != 0 ? 1 : ((homMask >>> i) & 1) != 0 ? ploidy : 0;
          set(called[i], het[i], hom[i], at, ac >= 0 ? copies + acDelta[i] : copies);
        }
        return true;
      };
    }
    c.scan(p.starts(), p.stops(), p.ranges(), visitor);
    return new Part(row[0], called, het, hom);
  }

  private static void set(long[] called, long[] het, long[] hom, int at, int copies) {
    int w = at >>> 6;
    long bit = 1L << at;
    called[w] |= bit;
    if (copies == 1) {
      het[w] |= bit;
    } else if (copies == 2) {
      hom[w] |= bit;
    }
  }

  /** ORs the first {@code n} bits of {@code src} (zero past them) into {@code dst} from bit {@code at}. */
  static void append(long[] dst, int at, long[] src, int n) {
    int shift = at & 63;
    int base = at >>> 6;
    for (int w = 0, words = (n + 63) >>> 6; w < words; w++) {
      long v = src[w];
      if (v == 0) {
        continue;
      }
      dst[base + w] |= v << shift;
      if (shift != 0 && base + w + 1 < dst.length) {
        dst[base + w + 1] |= v >>> (64 - shift);
      }
    }
  }
}
