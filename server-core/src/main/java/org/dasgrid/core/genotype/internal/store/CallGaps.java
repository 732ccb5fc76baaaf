package org.dasgrid.core.genotype.internal.store;

import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.IntList;

/**
 * What the statistics need beyond a contig's het and hom-alt sets, per row (in {@link ContigRows}' order):
 * the set of samples whose call at the site has a missing allele, the set of samples with a complete call
 * that is not diploid (haploid or polyploid: left out of Hardy–Weinberg and F), and how many ALT alleles the
 * row's site has (for {@code allelic=}). Kept beside the rows rather than in them so that the answers that do
 * not ask for statistics read nothing more. A site's rows share its two set handles (usually {@link
 * SampleSets#EMPTY}, or a correction group's set reused), and which ALT of its site it is, so this costs 10 bytes a row.
 */
public final class CallGaps {
  /** A contig without rows. */
  public static final CallGaps NONE = new CallGaps(IntColumn.of(new int[0]), IntColumn.of(new int[0]),
      ByteColumn.of(new byte[0]), ByteColumn.of(new byte[0]));
  private final IntColumn missing;
  private final IntColumn nonDiploid;
  private final ByteColumn alts;
  private final ByteColumn altIndex;

  /** The columns, on the heap or mapped from an index file ({@link org.dasgrid.core.genotype.GenotypeIndexFile}). */
  public CallGaps(IntColumn missing, IntColumn nonDiploid, ByteColumn alts, ByteColumn altIndex) {
    this.missing = missing;
    this.nonDiploid = nonDiploid;
    this.alts = alts;
    this.altIndex = altIndex;
  }

  /** Which ALT of its site row {@code r} is (1 for the first; at most 255). */
  public int altIndex(int r) {
    return altIndex.get(r) & 0xFF;
  }

  /** The set handle of the samples with a missing allele at row {@code r}'s site. */
  public int missing(int r) {
    return missing.get(r);
  }

  /** The set handle of the samples with a complete non-diploid call at row {@code r}'s site. */
  int nonDiploid(int r) {
    return nonDiploid.get(r);
  }

  /** How many ALT alleles row {@code r}'s site has (at most 255). */
  public int alts(int r) {
    return alts.get(r) & 0xFF;
  }

  public IntColumn missingColumn() {
    return missing;
  }

  public IntColumn nonDiploidColumn() {
    return nonDiploid;
  }

  public ByteColumn altsColumn() {
    return alts;
  }

  public ByteColumn altIndexColumn() {
    return altIndex;
  }

  public long heapBytes() {
    return altIndex.array() == null ? 64 : 4 * 16L + missing.length() * 10L; // mapped: next to none
  }

  /** Rows in file order; {@link #build} puts them in row order. */
  public static final class Builder {
    private final IntList missing = new IntList();
    private final IntList nonDiploid = new IntList();
    private byte[] alts = new byte[16];
    private byte[] index = new byte[16];

    public void add(int missingSet, int nonDiploidSet, byte altCount, byte altIndex) {
      if (missing.size() == alts.length) {
        alts = java.util.Arrays.copyOf(alts, IntList.grow(alts.length));
        index = java.util.Arrays.copyOf(index, alts.length);
      }
      alts[missing.size()] = altCount;
      index[missing.size()] = altIndex;
      missing.add(missingSet);
      nonDiploid.add(nonDiploidSet);
    }

    /** The rows permuted: row {@code i} of the result is row {@code order[i]} as added. */
    public CallGaps build(int[] order) {
      int n = order.length;
      int[] m = new int[n];
      int[] d = new int[n];
      byte[] a = new byte[n];
      byte[] x = new byte[n];
      for (int i = 0; i < n; i++) {
        m[i] = missing.get(order[i]);
        d[i] = nonDiploid.get(order[i]);
        a[i] = alts[order[i]];
        x[i] = index[order[i]];
      }
      return new CallGaps(IntColumn.of(m), IntColumn.of(d), ByteColumn.of(a), ByteColumn.of(x));
    }
  }
}
