package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.genotype.internal.column.TwoParts;
import org.dasgrid.core.segment.Segment;

/**
 * plink's {@code --check-sex}: per sample, the inbreeding coefficient F of its chrX calls outside the
 * pseudo-autosomal regions, {@code F = (O - E) / (N - E)} over the biallelic rows it has a call at, where O
 * counts its homozygous calls (a haploid call is homozygous), E sums {@code 1 - 2p(1-p)} and N counts the
 * rows; p is the ALT frequency among the chosen samples' called alleles (a haploid call is one allele), as
 * plink computes it from the samples it keeps. F below the female threshold (0.2) says female, above the
 * male one (0.8) male, else unknown. A mismatch is plink's PROBLEM status: declared and inferred differ, or
 * either is unknown.
 */
public final class SexCheck {
  /** F below {@code female} infers female, above {@code male} infers male. */
  public record Thresholds(double female, double male) {
    public static final Thresholds PLINK = new Thresholds(0.2, 0.8);

    public Thresholds {
      if (!(female <= male)) {
        throw new IllegalArgumentException("female threshold " + female + " above male threshold " + male);
      }
    }
  }

  /**
   * One sample's check.
   *
   * @param f the inbreeding coefficient; NaN when the sample has no informative call
   * @param variants N: the rows the sample has a call at
   * @param observedHom O
   * @param expectedHom E
   */
  public record Result(String sample, double f, Sex inferred, Sex declared, boolean mismatch, int variants,
      int observedHom, double expectedHom) {}

  private SexCheck() {}

  /** Checks the samples with these numbers (ascending) over the chrX segments given (PARs already left out). */
  public static List<Result> run(GenotypeQueries engine, CallReader reader, List<Segment> xNonPar, int[] samples,
      Optional<SampleSheet> sheet, Thresholds t) {
    int k = samples.length;
    int n = engine.sampleNames().size();
    // The rows are read in two halves at once (TwoParts): the pass is bound by memory latency, one row's sets
    // after another, which a second core overlaps (0.68-0.93 s for the cohort on one thread).
    List<List<Segment>> halves = halves(xNonPar);
    List<Pass> passes = TwoParts.run(h -> {
      List<Segment> half = halves.get(h);
      Pass pass = new Pass(k, n, h == 0 || half.isEmpty() ? Integer.MIN_VALUE : half.get(0).start());
      reader.forEachRow(half, row -> pass.visit(row, samples));
      return pass;
    });
    Pass a = passes.get(0);
    Pass b = passes.get(1);
    long rows = a.rows + b.rows;
    double allE = a.allE + b.allE;
    int[] missingRows = new int[k];
    double[] missingE = new double[k];
    int[] hetRows = new int[k];
    for (int i = 0; i < k; i++) {
      missingRows[i] = a.missingRows[i] + b.missingRows[i];
      missingE[i] = a.missingE[i] + b.missingE[i];
      hetRows[i] = a.hetRows[i] + b.hetRows[i];
    }
    int[] rowsCalled = new int[k];
    int[] hom = new int[k];
    double[] expected = new double[k];
    for (int i = 0; i < k; i++) {
      rowsCalled[i] = (int) (rows - missingRows[i]);
      hom[i] = rowsCalled[i] - hetRows[i];
      expected[i] = allE - missingE[i];
    }
    List<Result> out = new ArrayList<>(k);
    for (int i = 0; i < k; i++) {
      String name = engine.sampleNames().get(samples[i]);
      double denominator = rowsCalled[i] - expected[i];
      double f = denominator > 0 ? (hom[i] - expected[i]) / denominator : Double.NaN;
      Sex inferred = Double.isNaN(f) ? Sex.UNKNOWN : f < t.female() ? Sex.FEMALE : f > t.male() ? Sex.MALE
          : Sex.UNKNOWN;
      Sex declared = sheet.flatMap(sh -> sh.get(name)).map(SampleInfo::sex).orElse(Sex.UNKNOWN);
      boolean mismatch = declared == Sex.UNKNOWN || inferred != declared;
      out.add(new Result(name, f, inferred, declared, mismatch, rowsCalled[i], hom[i], expected[i]));
    }
    return out;
  }

  /**
   * One segment (chrX outside its PARs, as the sex check is asked) cut in two at the middle of its span, the
   * second half starting at the cut. A row that starts before the cut and reaches past it overlaps both halves;
   * the second pass skips it ({@link Pass#from}), so each row is counted once, as one pass would. Several
   * segments, or a segment of one position, are read in one pass (the second half empty).
   */
  static List<List<Segment>> halves(List<Segment> segments) {
    if (segments.size() != 1 || segments.get(0).start() == segments.get(0).stop()) {
      return List.of(segments, List.of());
    }
    Segment s = segments.get(0);
    int cut = (int) (s.start() + ((long) s.stop() - s.start() + 1) / 2);
    return List.of(List.of(new Segment(s.ref(), s.start(), cut - 1)), List.of(new Segment(s.ref(), cut, s.stop())));
  }

  /** One half's counts: N, O and E are totals over the rows minus each sample's no-call rows and het rows. */
  private static final class Pass {
    /** Rows starting before this position belong to the other half. */
    final int from;
    final int[] missingRows;
    final double[] missingE;
    final int[] hetRows;
    final int[] missing;
    final byte[] called;
    final byte[] copies;
    long rows;
    double allE;

    Pass(int k, int n, int from) {
      this.from = from;
      missingRows = new int[k];
      missingE = new double[k];
      hetRows = new int[k];
      missing = new int[k];
      called = new byte[n];
      copies = new byte[n];
    }

    // One pass over the chosen samples per row: N, O and E of a sample are the totals over the rows counted
    // minus its no-call rows (N, E) and its het rows (O), so only those few touch per-sample counters.
    boolean visit(RowCalls row, int[] samples) {
      if (row.multiAllelic() || row.pos() < from) {
        return true;
      }
      read(row, samples, called, copies);
      long alleles = 0;
      long alts = 0;
      int m = 0;
      for (int i = 0; i < samples.length; i++) {
        int s = samples[i];
        int c = called[s];
        if (c <= 0) {
          missing[m++] = i; // rare: a branch the CPU predicts
          continue;
        }
        int a = copies[s];
        alleles += c;
        alts += a;
        // no branch: whether a call is het is a coin toss per sample, and a mispredicted branch per het call
        // was most of this loop's cost (124 M sample-rows on chrX at the size)
        hetRows[i] += (a != 0 & a != c) ? 1 : 0;
      }
      if (alleles == 0) {
        return true; // nobody called: no het either, so nothing above was counted
      }
      double p = (double) alts / alleles;
      double e = 1 - 2 * p * (1 - p);
      rows++;
      allE += e;
      for (int j = 0; j < m; j++) {
        missingRows[missing[j]]++;
        missingE[missing[j]] += e;
      }
      return true;
    }
  }

  /** The chosen samples' calls: by probing each when they are few, else by filling the cohort's arrays. */
  static void read(RowCalls row, int[] samples, byte[] called, byte[] copies) {
    if (samples.length * 32L < called.length) {
      for (int s : samples) {
        called[s] = (byte) row.called(s);
        copies[s] = (byte) row.altCopies(s);
      }
    } else {
      row.fill(called, copies);
    }
  }
}
