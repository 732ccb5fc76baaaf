package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.segment.Segment;

/**
 * KING-robust kinship (Manichaikul et al. 2010, the between-family estimator plink2's {@code --make-king}
 * computes) for every pair of chosen samples, over the biallelic rows of the segments where both have a
 * diploid call: {@code 1/2 - (4·IBS0 + Het1Hom2 + Het2Hom1) / (4·min(Het1, Het2))}, with IBS0 the rows where one
 * is hom-ref and the other hom-alt, and Het the rows where a sample is het (both counted over the rows both
 * have called). Also the IBS0 and HETHET fractions of those rows.
 *
 * <p>Calls are gathered into per-sample bit vectors (het, hom-alt, called) 64 rows to a word, and each pair's
 * counts are word-wise ANDs and bit counts: a pair costs a few operations per 64 rows. The engine makes the
 * vectors over all the rows at once when it can ({@link CallReader#diploidCalls}, which may keep them for the
 * samples' next requests); otherwise they are gathered here a block of rows at a time, in bounded memory.
 */
public final class Kinship {
  /** Rows gathered per block: the bit vectors of one block are {@value} / 64 words per sample and kind. */
  private static final int BLOCK_ROWS = 64 * 256;

  /**
   * One pair's figures.
   *
   * @param variants rows both called (plink2's NSNP)
   * @param hethet rows both het, as a fraction of {@code variants}
   * @param ibs0 rows one hom-ref and the other hom-alt, as a fraction of {@code variants}
   * @param kinship KING-robust coefficient; NaN when neither sample has a het row
   */
  public record Pair(String a, String b, long variants, double hethet, double ibs0, double kinship) {}

  private Kinship() {}

  /** Every pair of the chosen samples (numbers ascending), in order (a, b) with a before b in the cohort. */
  public static List<Pair> pairs(GenotypeQueries engine, CallReader reader, List<Segment> segments, int[] samples) {
    int k = samples.length;
    // KING reads the autosomes only: the other contigs' rows are not visited (the row loop below checks too)
    List<Segment> autosomal = segments.stream().filter(s -> Assembly.isAutosome(s.ref())).toList();
    Counts counts = new Counts(k);
    java.util.Optional<List<SampleCallBits>> bits = reader.diploidCalls(autosomal, samples);
    if (bits.isPresent()) {
      long[][] het = new long[k][];
      long[][] hom = new long[k][];
      long[][] ok = new long[k][];
      for (int i = 0; i < k; i++) {
        SampleCallBits b = bits.get().get(i);
        het[i] = b.het();
        hom[i] = b.hom();
        ok[i] = b.called();
      }
      counts.add(het, hom, ok, k == 0 ? 0 : ok[0].length);
    } else {
      readRows(engine, reader, autosomal, samples, counts);
    }
    List<Pair> out = new ArrayList<>(k * (k - 1) / 2);
    List<String> names = engine.sampleNames();
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        out.add(counts.pair(names.get(samples[i]), names.get(samples[j]), i, j));
      }
    }
    return out;
  }

  /** Gathers the calls a block of rows at a time (memory: a block's bits per sample) into {@code counts}. */
  private static void readRows(GenotypeQueries engine, CallReader reader, List<Segment> segments, int[] samples,
      Counts counts) {
    int k = samples.length;
    int n = engine.sampleNames().size();
    Block block = new Block(k);
    byte[] called = new byte[n];
    byte[] copies = new byte[n];
    SampleSelection chosen = k == n ? engine.allSamples() : engine.select(samples);
    // whether the row's contig is an autosome, tested once per contig rather than per row (the test makes strings)
    Object[] lastContig = {null};
    boolean[] autosome = {false};
    reader.forEachRow(segments, row -> {
      String contig = row.contig();
      if (contig != lastContig[0]) {
        lastContig[0] = contig;
        autosome[0] = Assembly.isAutosome(contig);
      }
      if (!autosome[0] || row.multiAllelic()) {
        return true;
      }
      if (chosen.isAll()) {
        row.fill(called, copies);
      } else {
        row.fillChosen(chosen, called, copies);
      }
      block.add(samples, called, copies);
      if (block.rows == BLOCK_ROWS) {
        counts.add(block);
        block.clear();
      }
      return true;
    });
    counts.add(block);
  }

  /** One block's bit vectors: per chosen sample, het, hom-alt and called-diploid bits, row by row. */
  private static final class Block {
    final int words = BLOCK_ROWS / 64;
    final long[][] het;
    final long[][] hom;
    final long[][] ok;
    int rows;

    Block(int k) {
      het = new long[k][words];
      hom = new long[k][words];
      ok = new long[k][words];
    }

    void add(int[] samples, byte[] called, byte[] copies) {
      int w = rows >>> 6;
      long bit = 1L << rows;
      for (int i = 0; i < samples.length; i++) {
        int s = samples[i];
        if (called[s] == 2) {
          ok[i][w] |= bit;
          if (copies[s] == 1) {
            het[i][w] |= bit;
          } else if (copies[s] == 2) {
            hom[i][w] |= bit;
          }
        }
      }
      rows++;
    }

    void clear() {
      for (int i = 0; i < het.length; i++) {
        java.util.Arrays.fill(het[i], 0);
        java.util.Arrays.fill(hom[i], 0);
        java.util.Arrays.fill(ok[i], 0);
      }
      rows = 0;
    }
  }

  /** Per pair (i < j), its running counts. */
  private static final class Counts {
    final int k;
    final long[] both;
    final long[] hethet;
    final long[] ibs0;
    final long[] hetI;
    final long[] hetJ;

    Counts(int k) {
      this.k = k;
      int pairs = k * (k - 1) / 2;
      both = new long[pairs];
      hethet = new long[pairs];
      ibs0 = new long[pairs];
      hetI = new long[pairs];
      hetJ = new long[pairs];
    }

    int index(int i, int j) {
      return i * (2 * k - i - 1) / 2 + (j - i - 1);
    }

    void add(Block b) {
      add(b.het, b.hom, b.ok, (b.rows + 63) >>> 6);
    }

    /** Adds the first {@code words} words of each sample's vectors (indexed as the chosen samples). */
    void add(long[][] het, long[][] hom, long[][] ok, int words) {
      for (int i = 0; i < k; i++) {
        long[] hi = het[i];
        long[] ai = hom[i];
        long[] oi = ok[i];
        for (int j = i + 1; j < k; j++) {
          long[] hj = het[j];
          long[] aj = hom[j];
          long[] oj = ok[j];
          long nBoth = 0;
          long nHetHet = 0;
          long nIbs0 = 0;
          long nHetI = 0;
          long nHetJ = 0;
          for (int w = 0; w < words; w++) {
            long both = oi[w] & oj[w];
            if (both == 0) {
              continue;
            }
            long refI = oi[w] & ~hi[w] & ~ai[w];
            long refJ = oj[w] & ~hj[w] & ~aj[w];
            nBoth += Long.bitCount(both);
            nHetHet += Long.bitCount(hi[w] & hj[w]);
            nIbs0 += Long.bitCount((ai[w] & refJ) | (refI & aj[w]));
            nHetI += Long.bitCount(hi[w] & both);
            nHetJ += Long.bitCount(hj[w] & both);
          }
          int p = index(i, j);
          both[p] += nBoth;
          hethet[p] += nHetHet;
          ibs0[p] += nIbs0;
          hetI[p] += nHetI;
          hetJ[p] += nHetJ;
        }
      }
    }

    Pair pair(String a, String b, int i, int j) {
      int p = index(i, j);
      long n = both[p];
      long minHet = Math.min(hetI[p], hetJ[p]);
      // Het1Hom2 + Het2Hom1 = Het1 + Het2 - 2·HetHet (over the rows both called)
      double kinship = minHet == 0 ? Double.NaN
          : 0.5 - (4.0 * ibs0[p] + hetI[p] + hetJ[p] - 2.0 * hethet[p]) / (4.0 * minHet);
      return new Pair(a, b, n, n == 0 ? Double.NaN : (double) hethet[p] / n,
          n == 0 ? Double.NaN : (double) ibs0[p] / n, kinship);
    }
  }
}
