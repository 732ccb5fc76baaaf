package org.dasgrid.core.genotype.internal.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.TwoParts;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.Corrections;
import org.dasgrid.core.genotype.internal.store.IndexRowCalls;

/**
 * Builds {@link SampleCallBits} for some samples in one scan of the rows (the biallelic rows of the planned
 * ranges, as {@link org.dasgrid.core.genotype.CallReader#forEachRow} visits them). With few samples each row's sets are probed for all
 * of them at once ({@link SampleSets#membersAmong}: a set's place is found once, then one bit test or binary
 * search per sample), the same reading as {@link IndexRowCalls#called} and {@link IndexRowCalls#altCopies};
 * with many, each row is filled once for the chosen samples, which reads a dense set word-wise.
 *
 * <p>The scan is bound by memory latency: per row a miss into the het set, the hom set and the AN correction's
 * set, scattered over pools of hundreds of MB, one after another. A second core overlaps them: the planned rows
 * are cut in two halves of about as many rows (inside a contig if need be), scanned at once ({@link TwoParts})
 * into bits of their own, joined in order. (One task per contig on the common pool, as before, left one thread
 * alone at the end when the split fell badly: cold pairs took 85 or 145 ms in-process from run to run, the halves
 * 86-91 ms. Taking the probed rows 64 at a time, handles first and then each kind of set, to have several rows'
 * misses in flight, was slower: 137-139 ms.)
 */
public final class DiploidCallScan {
  /** Up to this many samples are probed together (a bit each in an int mask); more are filled per row. */
  static final int PROBED = 8;

  private final List<ContigRows> contigs;
  private final SampleSets sets;
  private final Corrections fixes;

  public DiploidCallScan(List<ContigRows> contigs, SampleSets sets, Corrections fixes) {
    this.contigs = contigs;
    this.sets = sets;
    this.fixes = fixes;
  }

  /** An upper bound on the rows {@link #scan} covers: those of the planned contigs. */
  long rowBound(List<Plan> plans) {
    long n = 0;
    for (Plan p : plans) {
      n += contigs.get(p.contig()).size;
    }
    return n;
  }

  /** The bits of {@code samples} (sample numbers, distinct), in that order. */
  SampleCallBits[] scan(List<Plan> plans, int[] samples, SampleSelection chosen) {
    List<List<Piece>> halves = halves(plans);
    List<Part> parts = new ArrayList<>();
    for (List<Part> half : TwoParts.run(h -> halves.get(h).stream().map(p -> scan(p, samples, chosen)).toList())) {
      parts.addAll(half);
    }
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

  /** The rows {@code [from, to)} of a plan's contig that the plan visits. */
  record Piece(Plan plan, int from, int to) {}

  /**
   * The plans cut into two runs of pieces, in scan order, covering about as many rows each: a plan's rows are
   * counted from its first range's start to its last range's stop, and the plan where half is reached is cut
   * at the row that reaches it. A row belongs to the piece holding its number whichever range visits it, so
   * the two halves visit every row the plans do, once, in the same order.
   */
  List<List<Piece>> halves(List<Plan> plans) {
    long[] span = new long[plans.size()];
    int[] first = new int[plans.size()];
    long total = 0;
    for (int i = 0; i < plans.size(); i++) {
      Plan p = plans.get(i);
      ContigRows c = contigs.get(p.contig());
      if (p.ranges() == 0) {
        continue;
      }
      int stop = p.stops()[p.ranges() - 1];
      first[i] = c.firstAtOrAfter(p.starts()[0]);
      int last = stop == Integer.MAX_VALUE ? c.size : c.firstAtOrAfter(stop + 1);
      span[i] = Math.max(0, last - first[i]);
      total += span[i];
    }
    List<Piece> a = new ArrayList<>();
    List<Piece> b = new ArrayList<>();
    long half = total / 2;
    long before = 0;
    for (int i = 0; i < plans.size(); i++) {
      Plan p = plans.get(i);
      if (before + span[i] <= half) {
        a.add(new Piece(p, 0, Integer.MAX_VALUE));
      } else if (before >= half) {
        b.add(new Piece(p, 0, Integer.MAX_VALUE));
      } else {
        int cut = (int) (first[i] + (half - before));
        a.add(new Piece(p, 0, cut));
        b.add(new Piece(p, cut, Integer.MAX_VALUE));
      }
      before += span[i];
    }
    return List.of(a, b);
  }

  /** One piece's bits, from its first row visited. */
  private record Part(int rows, long[][] called, long[][] het, long[][] hom) {}

  private Part scan(Piece piece, int[] samples, SampleSelection chosen) {
    Plan p = piece.plan();
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
        if (r < piece.from() || r >= piece.to() || cursor.at(c, r).multiAllelic()) {
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
      visitor = new Probed(c, piece, cursor, samples, called, het, hom);
    }
    c.scan(p.starts(), p.stops(), p.ranges(), visitor);
    return new Part(visitor instanceof Probed probed ? probed.rows : row[0], called, het, hom);
  }

  /** A few samples' bits, each row's sets probed once for all of them. */
  private final class Probed implements ContigRows.RowVisitor {
    private final ContigRows c;
    private final int from;
    private final int to;
    private final IndexRowCalls cursor;
    private final int[] samples;
    private final long[][] called;
    private final long[][] het;
    private final long[][] hom;
    private final int[] anDelta;
    private final int[] acDelta;
    /** Rows visited (biallelic), each a bit number. */
    int rows;

    Probed(ContigRows c, Piece piece, IndexRowCalls cursor, int[] samples, long[][] called, long[][] het,
        long[][] hom) {
      this.c = c;
      this.from = piece.from();
      this.to = piece.to();
      this.cursor = cursor;
      this.samples = samples;
      this.called = called;
      this.het = het;
      this.hom = hom;
      this.anDelta = new int[samples.length];
      this.acDelta = new int[samples.length];
    }

    @Override
    public boolean visit(int r) {
      if (r < from || r >= to || cursor.at(c, r).multiAllelic()) {
        return true;
      }
      int at = rows++;
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
      for (int i = 0; i < samples.length; i++) {
        if (ploidy + anDelta[i] != 2) {
          continue;
        }
        int copies = ((hetMask >>> i) & 1) != 0 ? 1 : ((homMask >>> i) & 1) != 0 ? ploidy : 0;
        set(called[i], het[i], hom[i], at, ac >= 0 ? copies + acDelta[i] : copies);
      }
      return true;
    }
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
