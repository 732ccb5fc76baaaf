package org.dasgrid.core.genotype.internal.store;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.sets.SampleSets;

/** {@link RowCalls} over the rows of the in-memory engine: a cursor moved row by row by one scan. */
public final class IndexRowCalls implements RowCalls {
  private final SampleSets sets;
  private final Corrections fixes;
  private ContigRows c;
  private int r;
  /** Scratch for a row's AC corrections: per sample its delta, and which samples were touched. */
  private final int[] acDelta;
  private final boolean[] carried;
  private final IntList touched = new IntList();
  /**
   * Scratch for walking a patched set word-wise ({@link SampleSets#forEach(int, long[], java.util.function.IntConsumer)}):
   * chrX's male sets on every chrX row, which the walk member by member made 1.45× slower than format 2's
   * dense sets (check-sex).
   */
  private final long[] words;

  public IndexRowCalls(SampleSets sets, Corrections fixes) {
    this.sets = sets;
    this.fixes = fixes;
    this.acDelta = new int[sets.cohortSize()];
    this.carried = new boolean[sets.cohortSize()];
    this.words = new long[sets.words()];
  }

  /** The current row's ID, REF and ALT once made (a scorer asks for all three, some more than once). */
  private String[] text;

  public IndexRowCalls at(ContigRows rows, int row) {
    this.c = rows;
    this.r = row;
    this.text = null;
    return this;
  }

  private String[] text() {
    if (text == null) {
      text = c.text(r);
    }
    return text;
  }

  @Override
  public String contig() {
    return c.name;
  }

  @Override
  public int pos() {
    return c.pos(r);
  }

  @Override
  public String id() {
    return text()[0];
  }

  @Override
  public int idHash() {
    ByteColumn pool = c.text();
    int h = 0;
    for (int i = c.textStart(r), end = c.idEnd(r); i < end; i++) {
      h = 31 * h + pool.get(i);
    }
    return h;
  }

  @Override
  public String ref() {
    return text()[1];
  }

  @Override
  public String alt() {
    return text()[2];
  }

  @Override
  public int whichAllele(String allele) {
    if (text != null) {
      return RowCalls.super.whichAllele(allele);
    }
    // compared on the pool's bytes (mapped or not): no copy, no Strings, for each of a score's matched rows
    int idEnd = c.idEnd(r);
    int refEnd = c.refEnd(r, idEnd);
    return c.textEquals(refEnd + 1, c.textEnd(r), allele) ? 1 : c.textEquals(idEnd + 1, refEnd, allele) ? 0 : -1;
  }

  @Override
  public boolean multiAllelic() {
    return sameSite(r - 1) || sameSite(r + 1);
  }

  private boolean sameSite(int other) {
    if (other < 0 || other >= c.size || c.pos(other) != c.pos(r)) {
      return false;
    }
    // the same record: the same ID and REF at the same position (works on a heap or a mapped text pool)
    String[] a = c.text(r);
    String[] b = c.text(other);
    return a[0].equals(b[0]) && a[1].equals(b[1]);
  }

  @Override
  public int ploidy() {
    return c.ploidy(r);
  }

  @Override
  public int called(int sample) {
    return c.ploidy(r) + fixes.deltaOf(c.anFix(r), sample, sets);
  }

  @Override
  public int altCopies(int sample) {
    int base = sets.contains(c.hetSet(r), sample) ? 1 : sets.contains(c.homSet(r), sample) ? c.ploidy(r) : 0;
    return base + fixes.deltaOf(c.acFix(r), sample, sets);
  }

  @Override
  public void fill(byte[] called, byte[] copies) {
    byte ploidy = (byte) c.ploidy(r);
    Arrays.fill(called, ploidy);
    Arrays.fill(copies, (byte) 0);
    fixes.forEachGroup(c.anFix(r), (delta, set) -> sets.forEach(set, words, s -> called[s] += delta));
    sets.forEach(c.hetSet(r), words, s -> copies[s] = 1);
    sets.forEach(c.homSet(r), words, s -> copies[s] = ploidy);
    fixes.forEachGroup(c.acFix(r), (delta, set) -> sets.forEach(set, words, s -> copies[s] += delta));
  }

  @Override
  public void fillChosen(SampleSelection chosen, byte[] called, byte[] copies) {
    byte ploidy = (byte) c.ploidy(r);
    for (int s : chosen.members()) {
      called[s] = ploidy;
      copies[s] = 0;
    }
    fixes.forEachGroup(c.anFix(r), (delta, set) -> sets.forEachChosen(set, chosen, words, s -> called[s] += delta));
    sets.forEachChosen(c.hetSet(r), chosen, words, s -> copies[s] = 1);
    sets.forEachChosen(c.homSet(r), chosen, words, s -> copies[s] = ploidy);
    fixes.forEachGroup(c.acFix(r), (delta, set) -> sets.forEachChosen(set, chosen, words, s -> copies[s] += delta));
  }

  /**
   * As {@link #fillChosen}, for a reader whose arrays are at rest (all 0) between rows and that wants to touch
   * only the chosen samples whose call is not the row's ploidy of REF: adds the AN corrections to {@code
   * calledDelta} (when {@code withCalled}), writes the het and hom-ALT copies and adds the AC corrections to
   * {@code copies}, and tells {@code touched} of every sample it writes (some more than once). The work follows
   * the row's sets, not the number of chosen samples.
   */
  public void addChosen(SampleSelection chosen, byte[] calledDelta, byte[] copies, boolean withCalled,
      IntConsumer touched) {
    byte ploidy = (byte) c.ploidy(r);
    if (withCalled) {
      fixes.forEachGroup(c.anFix(r), (delta, set) -> sets.forEachChosen(set, chosen, words, s -> {
        calledDelta[s] += delta;
        touched.accept(s);
      }));
    }
    sets.forEachChosen(c.hetSet(r), chosen, words, s -> {
      copies[s] = 1;
      touched.accept(s);
    });
    sets.forEachChosen(c.homSet(r), chosen, words, s -> {
      copies[s] = ploidy;
      touched.accept(s);
    });
    fixes.forEachGroup(c.acFix(r), (delta, set) -> sets.forEachChosen(set, chosen, words, s -> {
      copies[s] += delta;
      touched.accept(s);
    }));
  }

  @Override
  public void forEachCarrier(SampleValueSink sink) {
    int ploidy = c.ploidy(r);
    if (c.acFix(r) < 0) {
      sets.forEach(c.hetSet(r), words, s -> sink.accept(s, 1));
      sets.forEach(c.homSet(r), words, s -> sink.accept(s, ploidy));
      return;
    }
    fixes.forEachGroup(c.acFix(r), (delta, set) -> sets.forEach(set, words, s -> {
      if (acDelta[s] == 0) {
        touched.add(s);
      }
      acDelta[s] += delta;
    }));
    sets.forEach(c.hetSet(r), words, s -> {
      carried[s] = true;
      sink.accept(s, 1 + acDelta[s]);
    });
    sets.forEach(c.homSet(r), words, s -> {
      carried[s] = true;
      sink.accept(s, ploidy + acDelta[s]);
    });
    for (int k = 0; k < touched.size(); k++) {
      int s = touched.get(k);
      if (!carried[s] && acDelta[s] > 0) {
        sink.accept(s, acDelta[s]); // a partial call such as ./1
      }
      acDelta[s] = 0;
    }
    touched.clear();
    sets.forEach(c.hetSet(r), words, s -> carried[s] = false);
    sets.forEach(c.homSet(r), words, s -> carried[s] = false);
  }

  @Override
  public void addPerCarrier(double[] into, CopiesValue value) {
    if (c.acFix(r) >= 0) {
      RowCalls.super.addPerCarrier(into, value);
      return;
    }
    // no AC corrections: every het-set member has one copy, every hom-set member the row's ploidy
    int ploidy = c.ploidy(r);
    sets.addTo(c.hetSet(r), into, value.of(1));
    sets.addTo(c.homSet(r), into, value.of(ploidy));
  }

  @Override
  public long copiesAmong(SampleSelection chosen) {
    return sets.andCardinality(c.hetSet(r), chosen) + (long) c.ploidy(r) * sets.andCardinality(c.homSet(r), chosen)
        + fixes.sum(c.acFix(r), chosen, sets);
  }

  @Override
  public void forEachCalledDelta(SampleValueSink sink) {
    fixes.forEachGroup(c.anFix(r), (delta, set) -> sets.forEach(set, words, s -> sink.accept(s, delta)));
  }

  @Override
  public String toString() {
    return c.name + ":" + c.pos(r) + " " + String.join("\t", c.text(r));
  }
}
