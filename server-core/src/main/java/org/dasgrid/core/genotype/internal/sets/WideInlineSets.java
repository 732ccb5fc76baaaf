package org.dasgrid.core.genotype.internal.sets;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.IntColumn;

/**
 * Sets stored inline for cohorts above 65,536 samples: {@code n} followed by {@code n} ascending 32-bit sample
 * numbers in shared {@code int[]} pages of 256 KB, as {@link InlineSets} does with 16-bit numbers for smaller
 * cohorts. A set costs what its carriers cost (4 bytes each, plus 4), so a biobank's rare variant, most of its
 * variants, costs a few bytes where a cohort-wide bitset would cost {@code cohort / 8}. A set's run lies within
 * one page, so a set of up to {@link #MAX_MEMBERS} members can be inline; the builder makes a larger one dense.
 */
final class WideInlineSets extends SetForm {
  static final int PAGE_BITS = 16;
  static final int PAGE = 1 << PAGE_BITS;
  /** The most members an inline run holds: its length and members fill one page. */
  static final int MAX_MEMBERS = PAGE - 1;

  private final IntColumn[] pages;
  private final int words;

  WideInlineSets(IntColumn[] pages, int words) {
    this.pages = pages;
    this.words = words;
  }

  IntColumn[] pages() {
    return pages;
  }

  /** The page holding set {@code i}'s run. */
  IntColumn page(int i) {
    return pages[i >>> PAGE_BITS];
  }

  /** Where set {@code i}'s length is in its page; its members follow. */
  static int at(int i) {
    return i & (PAGE - 1);
  }

  @Override
  int cardinality(int i) {
    return page(i).get(at(i));
  }

  /** Whether {@code sample} is in the run {@code [from, to)} of {@code page}. */
  private static boolean in(IntColumn page, int from, int to, int sample) {
    int k = page.lowerBound(from, to, sample);
    return k < to && page.get(k) == sample;
  }

  @Override
  boolean contains(int i, int sample) {
    IntColumn page = page(i);
    int at = at(i);
    return in(page, at + 1, at + 1 + page.get(at), sample);
  }

  @Override
  int membersAmong(int i, int[] samples) {
    IntColumn page = page(i);
    int at = at(i);
    int from = at + 1;
    int to = from + page.get(at);
    int mask = 0;
    for (int k = 0; k < samples.length; k++) {
      if (in(page, from, to, samples[k])) {
        mask |= 1 << k;
      }
    }
    return mask;
  }

  @Override
  int andCardinality(int i, SampleSelection sel) {
    int[] found = {0};
    forEachChosen(i, sel, s -> found[0]++);
    return found[0];
  }

  @Override
  boolean intersects(int i, SampleSelection sel) {
    IntColumn page = page(i);
    int at = at(i);
    int n = page.get(at);
    if (sel.size() * 8 < n) {
      for (int m : sel.members()) {
        if (in(page, at + 1, at + 1 + n, m)) {
          return true;
        }
      }
      return false;
    }
    for (int k = at + 1, end = k + n; k < end; k++) {
      if (sel.contains(page.get(k))) {
        return true;
      }
    }
    return false;
  }

  @Override
  void addTo(int i, int[] counts) {
    IntColumn page = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + page.get(at); k < end; k++) {
      counts[page.get(k)]++;
    }
  }

  @Override
  void addTo(int i, double[] into, double value) {
    IntColumn page = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + page.get(at); k < end; k++) {
      into[page.get(k)] += value;
    }
  }

  /**
   * As {@link InlineSets#forEachChosen}: each chosen sample probed (a binary search) only when that is clearly
   * fewer steps than testing each member against the selection's bitset.
   */
  @Override
  void forEachChosen(int i, SampleSelection sel, IntConsumer sink) {
    IntColumn page = page(i);
    int at = at(i);
    int n = page.get(at);
    if (sel.size() * 8 < n) {
      for (int m : sel.members()) {
        if (in(page, at + 1, at + 1 + n, m)) {
          sink.accept(m);
        }
      }
      return;
    }
    for (int k = at + 1, end = k + n; k < end; k++) {
      int s = page.get(k);
      if (sel.contains(s)) {
        sink.accept(s);
      }
    }
  }

  @Override
  void forEach(int i, IntConsumer sink) {
    IntColumn page = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + page.get(at); k < end; k++) {
      sink.accept(page.get(k));
    }
  }

  @Override
  void fillWords(int i, long[] into) {
    Arrays.fill(into, 0, words, 0L);
    IntColumn page = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + page.get(at); k < end; k++) {
      int s = page.get(k);
      into[s >>> 6] |= 1L << s;
    }
  }

  @Override
  long heapBytes() {
    long bytes = 0;
    for (IntColumn page : pages) {
      bytes += 16 + page.length() * 4L;
    }
    return bytes;
  }
}
