package org.dasgrid.core.genotype.internal.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.RecordReader;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.CallGaps;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;
import org.dasgrid.core.genotype.internal.store.IndexRowCalls;
import org.dasgrid.core.segment.Segment;

/**
 * {@link RecordReader} over an engine's rows: a scan of the segments' rows gathers the rows of one position, then
 * splits them into their records again (the rows of one record share ID, REF and ALT count, and each is one ALT
 * index of it), and per record fills the chosen samples' called-allele counts and ALT copies ({@link
 * IndexRowCalls#fillChosen}) and marks those in its site's missing and non-diploid sets ({@link CallGaps}). Reads
 * only the engine's public parts; a new file so that the engine's own classes stay as they are.
 */
public final class IndexRecords implements RecordReader {
  private final GenotypeIndex index;

  public IndexRecords(GenotypeIndex index) {
    this.index = index;
  }

  @Override
  public void forEachRecord(List<Segment> segments, SampleSelection samples, Visitor visitor) {
    if (samples.cohortSize() != index.sampleNames().size()) {
      throw new IllegalArgumentException("sample selection of another cohort");
    }
    GenotypeStore store = index.store();
    Cursor cursor = new Cursor(store, samples);
    for (Plan p : index.plans(segments)) {
      cursor.enter(store.contig(p.contig()), store.gaps(p.contig()));
      ContigRows c = store.contig(p.contig());
      if (!c.scan(p.starts(), p.stops(), p.ranges(), r -> cursor.add(r, visitor)) || !cursor.flush(visitor)) {
        return;
      }
    }
  }

  /**
   * The record being visited, made from the rows of one position at a time. Its per-sample arrays are at rest
   * between records (no AN correction, no ALT copy, no flag) and each record writes, then clears, only the
   * samples its sets name, marked in {@code unusual}: the cost of a record follows its carriers, missing and
   * non-diploid calls, not the number of samples chosen.
   */
  private static final class Cursor implements Record {
    private final SampleSelection chosen;
    private final int[] members;
    /** Per cohort sample, its index among the chosen ones (-1 when not chosen). */
    private final int[] position;
    private final SampleSets sets;
    private final IndexRowCalls rowCalls;
    private final long[] words;
    /** Per cohort sample, its called alleles minus {@link #calledBase}. */
    private final byte[] calledDelta;
    private byte[][] copies = new byte[4][];
    private final boolean[] missing;
    private final boolean[] nonDiploid;
    /** Bits by chosen index: the samples this record's sets name (all others: REF {@code calledBase} times). */
    private final long[] unusual;
    private final IntConsumer touch;
    private final IntList group = new IntList();
    private ContigRows c;
    private CallGaps gaps;
    private int[] rows = new int[4];
    private int alts;
    private String[] text;
    private final List<String> altList = new ArrayList<>();
    private int ploidy;
    private int calledBase;

    Cursor(GenotypeStore store, SampleSelection chosen) {
      this.chosen = chosen;
      this.members = chosen.members();
      this.sets = store.sets();
      this.rowCalls = new IndexRowCalls(sets, store.corrections());
      this.words = new long[sets.words()];
      int n = chosen.cohortSize();
      this.position = new int[n];
      Arrays.fill(position, -1);
      for (int i = 0; i < members.length; i++) {
        position[members[i]] = i;
      }
      this.calledDelta = new byte[n];
      this.missing = new boolean[n];
      this.nonDiploid = new boolean[n];
      this.unusual = new long[(members.length + 63) >>> 6];
      this.touch = s -> {
        int i = position[s];
        unusual[i >>> 6] |= 1L << i;
      };
    }

    void enter(ContigRows rows, CallGaps callGaps) {
      this.c = rows;
      this.gaps = callGaps;
      group.clear();
    }

    /** Takes a scanned row; the rows of the position before it go out first. */
    boolean add(int r, Visitor visitor) {
      if (!group.isEmpty() && c.pos(group.get(0)) != c.pos(r) && !flush(visitor)) {
        return false;
      }
      group.add(r);
      return true;
    }

    /** Visits the records of the rows gathered, in the order of their first row. */
    boolean flush(Visitor visitor) {
      int n = group.size();
      boolean[] used = new boolean[n];
      for (int i = 0; i < n; i++) {
        if (used[i]) {
          continue;
        }
        int first = group.get(i);
        String[] t = c.text(first);
        alts = Math.max(1, gaps.alts(first));
        if (rows.length < alts) {
          rows = new int[alts];
        }
        Arrays.fill(rows, 0, alts, -1);
        used[i] = true;
        rows[slot(first)] = first;
        for (int j = i + 1; j < n; j++) {
          int r = group.get(j);
          if (!used[j] && gaps.alts(r) == gaps.alts(first) && rows[slot(r)] < 0 && sameSite(t, c.text(r))) {
            rows[slot(r)] = r;
            used[j] = true;
          }
        }
        int k = 0;
        for (int a = 0; a < alts; a++) { // a record cut short (over 255 ALTs) keeps the rows it has, in order
          if (rows[a] >= 0) {
            rows[k++] = rows[a];
          }
        }
        alts = k;
        text = t;
        load(first);
        boolean go = visitor.visit(this);
        unload();
        if (!go) {
          return false;
        }
      }
      group.clear();
      return true;
    }

    private int slot(int r) {
      return Math.min(Math.max(gaps.altIndex(r), 1), alts) - 1;
    }

    private static boolean sameSite(String[] a, String[] b) {
      return a[0].equals(b[0]) && a[1].equals(b[1]);
    }

    private void load(int first) {
      altList.clear();
      if (copies.length < alts) {
        copies = Arrays.copyOf(copies, alts);
      }
      for (int a = 0; a < alts; a++) {
        if (copies[a] == null) {
          copies[a] = new byte[calledDelta.length];
        }
        // the called alleles as the record's last row has them (its rows share them)
        rowCalls.at(c, rows[a]).addChosen(chosen, calledDelta, copies[a], a == alts - 1, touch);
        altList.add(rows[a] == first ? text[2] : c.text(rows[a])[2]);
      }
      ploidy = c.ploidy(rows[0]);
      calledBase = c.ploidy(rows[alts - 1]);
      int m = gaps.missing(rows[0]);
      if (m != SampleSets.EMPTY) {
        sets.forEachChosen(m, chosen, words, s -> mark(missing, s));
      }
      int d = gaps.nonDiploidColumn().get(rows[0]);
      if (d != SampleSets.EMPTY) {
        sets.forEachChosen(d, chosen, words, s -> mark(nonDiploid, s));
      }
    }

    private void mark(boolean[] flags, int s) {
      flags[s] = true;
      touch.accept(s);
    }

    /** Puts the samples this record wrote back at rest. */
    private void unload() {
      for (int w = 0; w < unusual.length; w++) {
        for (long bits = unusual[w]; bits != 0; bits &= bits - 1) {
          int s = members[(w << 6) + Long.numberOfTrailingZeros(bits)];
          calledDelta[s] = 0;
          for (int a = 0; a < alts; a++) {
            copies[a][s] = 0;
          }
          missing[s] = false;
          nonDiploid[s] = false;
        }
        unusual[w] = 0;
      }
    }

    @Override
    public String contig() {
      return c.name;
    }

    @Override
    public int pos() {
      return c.pos(rows[0]);
    }

    @Override
    public String id() {
      return text[0];
    }

    @Override
    public String ref() {
      return text[1];
    }

    @Override
    public List<String> alts() {
      return altList;
    }

    @Override
    public int call(int i, int[] alleles) {
      int s = members[i];
      int n = calledBase + calledDelta[s];
      int total = missing[s] ? Math.max(ploidy, n + 1) : nonDiploid[s] ? n : 2;
      int k = 0;
      while (k < total - n) {
        alleles[k++] = -1;
      }
      int refCopies = n;
      for (int a = 0; a < alts; a++) {
        refCopies -= copies[a][s];
      }
      for (int j = 0; j < refCopies; j++) {
        alleles[k++] = 0;
      }
      for (int a = 0; a < alts; a++) {
        for (int j = copies[a][s]; j > 0; j--) {
          alleles[k++] = a + 1;
        }
      }
      return k;
    }

    @Override
    public int diploidAltCopies(int i) {
      int s = members[i];
      return alts == 1 && calledBase + calledDelta[s] == 2 && !missing[s] && !nonDiploid[s] ? copies[0][s] : -1;
    }

    @Override
    public int nextUnusual(int from) {
      if (from >= members.length) {
        return -1;
      }
      if (calledBase != 2) { // the calls its sets do not name are not 0/0: every one is read
        return from;
      }
      int w = from >>> 6;
      long bits = unusual[w] & (-1L << from);
      while (bits == 0) {
        if (++w == unusual.length) {
          return -1;
        }
        bits = unusual[w];
      }
      return (w << 6) + Long.numberOfTrailingZeros(bits);
    }

    @Override
    public int an() {
      long an = (long) calledBase * members.length;
      for (int w = 0; w < unusual.length; w++) {
        for (long bits = unusual[w]; bits != 0; bits &= bits - 1) {
          an += calledDelta[members[(w << 6) + Long.numberOfTrailingZeros(bits)]];
        }
      }
      return (int) an;
    }

    @Override
    public int ac(int allele) {
      byte[] x = copies[allele - 1];
      int ac = 0;
      for (int w = 0; w < unusual.length; w++) {
        for (long bits = unusual[w]; bits != 0; bits &= bits - 1) {
          ac += x[members[(w << 6) + Long.numberOfTrailingZeros(bits)]];
        }
      }
      return ac;
    }
  }
}
