package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RowCalls;
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
    byte[] called = new byte[n];
    byte[] copies = new byte[n];
    // One pass over the chosen samples per row: N, O and E of a sample are the totals over the rows counted
    // minus its no-call rows (N, E) and its het rows (O), so only those few touch per-sample counters.
    int[] missingRows = new int[k];
    double[] missingE = new double[k];
    int[] hetRows = new int[k];
    int[] missing = new int[k];
    long[] rows = {0};
    double[] allE = {0};
    reader.forEachRow(xNonPar, row -> {
      if (row.multiAllelic()) {
        return true;
      }
      read(row, samples, called, copies);
      long alleles = 0;
      long alts = 0;
      int m = 0;
      for (int i = 0; i < k; i++) {
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
      rows[0]++;
      allE[0] += e;
      for (int j = 0; j < m; j++) {
        missingRows[missing[j]]++;
        missingE[missing[j]] += e;
      }
      return true;
    });
    int[] rowsCalled = new int[k];
    int[] hom = new int[k];
    double[] expected = new double[k];
    for (int i = 0; i < k; i++) {
      rowsCalled[i] = (int) (rows[0] - missingRows[i]);
      hom[i] = rowsCalled[i] - hetRows[i];
      expected[i] = allE[0] - missingE[i];
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
