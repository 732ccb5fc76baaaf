package org.dasgrid.core.genotype.internal.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.dgi.PoolWriter;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.sets.SetsBuilder;

/**
 * The AC/AN corrections of the engine: groups of samples whose allele count differs from the site default
 * by a delta (missing, partial, haploid, polyploid calls). An entry is {@code n} followed by {@code n} pairs
 * (delta, set handle) in paged int arrays (256 KB pages, no entry straddles two); rows refer to entries by
 * index, -1 for none. Groups may overlap (see {@link CalledGroups}): a sample's correction is the sum of the
 * deltas of the groups it is in, and every reader adds them so.
 */
public final class Corrections {
  /** Groups to store as one entry: (delta, ascending samples) pairs. */
  public interface Source {
    int size();

    void forEach(Visitor visitor);

    /** Receives one group of samples (ascending) and their delta. */
    interface Visitor {
      void accept(int delta, IntList samples);
    }
  }

  private static final int PAGE_BITS = 16;
  private static final int PAGE = 1 << PAGE_BITS;
  private final IntColumn[] pages;

  /** Entries in pages of up to {@link #pageInts} ints, on the heap or mapped from an index file. */
  public Corrections(IntColumn[] pages) {
    this.pages = pages;
  }

  /** {@code sum(delta * |chosen ∩ group|)} over the entry at {@code at}; 0 for -1. */
  public int sum(int at, SampleSelection sel, SampleSets sets) {
    return sum(at, sel, sets, 0, null);
  }

  /**
   * As {@link #sum}, also noting in {@code into.missing} the chosen members of the group whose set is {@code
   * noted} (a row's missing set, which leads its AN corrections) when the entry has it; untouched otherwise
   * (and nothing noted when {@code into} is null).
   */
  public int sum(int at, SampleSelection sel, SampleSets sets, int noted, RowCounts.CarrierCounts into) {
    if (at < 0) {
      return 0;
    }
    IntColumn page = pages[at >>> PAGE_BITS];
    int i = at & (PAGE - 1);
    int n = page.get(i++);
    int sum = 0;
    for (int k = 0; k < n; k++, i += 2) {
      int set = page.get(i + 1);
      int chosen = sets.andCardinality(set, sel);
      if (into != null && set == noted) {
        into.missing = chosen;
      }
      sum += page.get(i) * chosen;
    }
    return sum;
  }

  /** The delta of {@code sample} in the entry at {@code at} (0 when in no group, or for -1). */
  public int deltaOf(int at, int sample, SampleSets sets) {
    if (at < 0) {
      return 0;
    }
    IntColumn page = pages[at >>> PAGE_BITS];
    int i = at & (PAGE - 1);
    int n = page.get(i++);
    int delta = 0;
    for (int k = 0; k < n; k++, i += 2) {
      if (sets.contains(page.get(i + 1), sample)) {
        delta += page.get(i);
      }
    }
    return delta;
  }

  /**
   * Adds to {@code into[i]} the delta of {@code samples[i]} (at most 32 samples) in the entry at {@code at}, as
   * {@link #deltaOf} for each but with each group's set probed once for all of them; nothing for -1.
   */
  public void addDeltas(int at, int[] samples, SampleSets sets, int[] into) {
    if (at < 0) {
      return;
    }
    IntColumn page = pages[at >>> PAGE_BITS];
    int i = at & (PAGE - 1);
    int n = page.get(i++);
    for (int k = 0; k < n; k++, i += 2) {
      int delta = page.get(i);
      for (int mask = sets.membersAmong(page.get(i + 1), samples); mask != 0; mask &= mask - 1) {
        into[Integer.numberOfTrailingZeros(mask)] += delta;
      }
    }
  }

  /** Calls {@code sink} with each (delta, set handle) group of the entry at {@code at}; none for -1. */
  public void forEachGroup(int at, GroupSink sink) {
    if (at < 0) {
      return;
    }
    IntColumn page = pages[at >>> PAGE_BITS];
    int i = at & (PAGE - 1);
    int n = page.get(i++);
    for (int k = 0; k < n; k++, i += 2) {
      sink.accept(page.get(i), page.get(i + 1));
    }
  }

  @FunctionalInterface
  public interface GroupSink {
    void accept(int delta, int set);
  }

  /** Counts the forms of the sets the entries refer to, into {@code forms} (indexed by handle tag). */
  public void countForms(long[] forms) {
    for (IntColumn page : pages) {
      countForms(page, forms);
    }
  }

  /** As {@link #countForms(long[])}, for one page. */
  public static void countForms(IntColumn page, long[] forms) {
    for (int i = 0; i < page.length(); ) {
      int n = page.get(i++);
      if (n == 0) {
        break; // the unused end of a page still filling
      }
      for (int k = 0; k < n; k++, i += 2) {
        forms[page.get(i + 1) & 3]++;
      }
    }
  }

  public static int pageInts() {
    return PAGE;
  }

  public IntColumn[] pages() {
    return pages;
  }

  public long heapBytes() {
    long bytes = 16L + pages.length * 4L;
    for (IntColumn page : pages) {
      bytes += 16 + page.length() * 4L;
    }
    return bytes;
  }

  /** Collects entries; not thread-safe. */
  public static final class Builder {
    private final List<int[]> pages = new ArrayList<>();
    private int used = PAGE;

    /** Stores the groups (their sets through {@code sets}) and returns the entry's index, or -1 if none. */
    public int add(Source groups, SetsBuilder sets) {
      int n = groups.size();
      if (n == 0) {
        return -1;
      }
      int length = 1 + 2 * n;
      if (used + length > PAGE) {
        pages.add(new int[PAGE]);
        used = 0;
      }
      long index = (long) (pages.size() - 1) * PAGE + used;
      if (index > Integer.MAX_VALUE) {
        throw new IllegalStateException("too many allele-count corrections for one engine");
      }
      int[] page = pages.get(pages.size() - 1);
      int[] i = {used};
      page[i[0]++] = n;
      groups.forEach((delta, samples) -> {
        page[i[0]++] = delta;
        page[i[0]++] = sets.add(samples.raw(), samples.size());
      });
      used += length;
      return (int) index;
    }

    /** The set handle of group {@code k} (in the order added) of the entry at {@code at}. */
    public int handleAt(int at, int k) {
      int[] page = pages.get(at >>> PAGE_BITS);
      return page[(at & (PAGE - 1)) + 2 + 2 * k];
    }

    /** Pages written to a file by {@link #release}: their places in the list hold null. */
    private int released;

    /** The entries added so far, without copying a page (see {@link SetsBuilder#view}). */
    public Corrections view() {
      IntColumn[] columns = new IntColumn[pages.size()];
      for (int p = 0; p < columns.length; p++) {
        columns[p] = IntColumn.of(pages.get(p) == null ? new int[0] : pages.get(p));
      }
      return new Corrections(columns);
    }

    /** As {@link SetsBuilder#release}: writes the pages no later entry can go to and lets go of them. */
    public void release(PoolWriter file, boolean all) throws java.io.IOException {
      for (int keep = all ? 0 : 1; released < pages.size() - keep; released++) {
        int[] page = pages.get(released);
        if (released == pages.size() - 1) {
          page = Arrays.copyOf(page, used);
        }
        file.correctionPage(released, IntColumn.of(page));
        pages.set(released, null);
      }
    }

    public Corrections build() {
      int[][] out = pages.toArray(int[][]::new);
      if (out.length > 0) {
        out[out.length - 1] = Arrays.copyOf(out[out.length - 1], used);
      }
      IntColumn[] columns = new IntColumn[out.length];
      for (int p = 0; p < out.length; p++) {
        columns[p] = IntColumn.of(out[p]);
      }
      return new Corrections(columns);
    }
  }
}
