package org.dasgrid.core.genotype.internal.sets;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.CharColumn;

/**
 * Sets stored inline: {@code n} followed by {@code n} ascending 16-bit sample numbers in shared {@code char[]}
 * pages (cohorts of up to 65,536 samples); a set's index is its place in the pool, and its run lies within one
 * page. A rare variant's one or two carriers cost a few bytes, where a {@code RoaringBitmap} would cost more in
 * object headers than in data.
 */
final class InlineSets extends SetForm {
  static final int PAGE_BITS = 17;
  static final int PAGE = 1 << PAGE_BITS;

  private final CharColumn[] pages;
  private final int words;

  InlineSets(CharColumn[] pages, int words) {
    this.pages = pages;
    this.words = words;
  }

  CharColumn[] pages() {
    return pages;
  }

  /** The page holding set {@code i}'s run. */
  CharColumn page(int i) {
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

  @Override
  boolean contains(int i, int sample) {
    CharColumn page = page(i);
    int at = at(i);
    return sample <= 0xFFFF && page.binarySearch(at + 1, at + 1 + page.get(at), (char) sample) >= 0;
  }

  @Override
  int membersAmong(int i, int[] samples) {
    CharColumn page = page(i);
    int at = at(i);
    int from = at + 1;
    int to = from + page.get(at);
    int mask = 0;
    for (int k = 0; k < samples.length; k++) {
      int s = samples[k];
      if (s <= 0xFFFF && page.binarySearch(from, to, (char) s) >= 0) {
        mask |= 1 << k;
      }
    }
    return mask;
  }

  @Override
  int andCardinality(int i, SampleSelection sel) {
    return and(i, sel, false);
  }

  @Override
  boolean intersects(int i, SampleSelection sel) {
    return and(i, sel, true) > 0;
  }

  private int and(int i, SampleSelection sel, boolean firstOnly) {
    CharColumn page = page(i);
    int at = at(i);
    int n = page.get(at);
    int from = at + 1;
    int to = from + n;
    int found = 0;
    // probe the set for each chosen sample (a binary search each) only when that is clearly fewer steps than
    // testing each member against the selection's bitset (one load each): as forEachChosen decides
    if (sel.size() * 8 < n) {
      for (int m : sel.members()) {
        if (m > 0xFFFF) {
          break;
        }
        if (page.binarySearch(from, to, (char) m) >= 0) {
          found++;
          if (firstOnly) {
            return found;
          }
        }
      }
    } else {
      long[] w = sel.words();
      for (int k = from; k < to; k++) {
        int s = page.get(k);
        if ((w[s >>> 6] & (1L << s)) != 0) {
          found++;
          if (firstOnly) {
            return found;
          }
        }
      }
    }
    return found;
  }

  @Override
  void addTo(int i, int[] counts) {
    CharColumn chars = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
      counts[chars.get(k)]++;
    }
  }

  @Override
  void addTo(int i, double[] into, double value) {
    CharColumn chars = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
      into[chars.get(k)] += value;
    }
  }

  @Override
  void forEachChosen(int i, SampleSelection sel, IntConsumer sink) {
    CharColumn chars = page(i);
    int at = at(i);
    int n = chars.get(at);
    if (sel.size() * 8 < n) {
      for (int m : sel.members()) {
        if (m <= 0xFFFF && chars.binarySearch(at + 1, at + 1 + n, (char) m) >= 0) {
          sink.accept(m);
        }
      }
      return;
    }
    for (int k = at + 1, end = k + n; k < end; k++) {
      int s = chars.get(k);
      if (sel.contains(s)) {
        sink.accept(s);
      }
    }
  }

  @Override
  void forEach(int i, IntConsumer sink) {
    CharColumn chars = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
      sink.accept(chars.get(k));
    }
  }

  @Override
  void fillWords(int i, long[] into) {
    Arrays.fill(into, 0, words, 0L);
    setBits(i, into);
  }

  /** Sets the bits of the members in {@code into}. */
  void setBits(int i, long[] into) {
    CharColumn chars = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
      int s = chars.get(k);
      into[s >>> 6] |= 1L << s;
    }
  }

  /** Clears the bits of the members in {@code into}. */
  void clearBits(int i, long[] into) {
    CharColumn chars = page(i);
    int at = at(i);
    for (int k = at + 1, end = k + chars.get(at); k < end; k++) {
      int s = chars.get(k);
      into[s >>> 6] &= ~(1L << s);
    }
  }

  @Override
  long heapBytes() {
    long bytes = 0;
    for (CharColumn page : pages) {
      bytes += 16 + page.length() * 2L;
    }
    return bytes;
  }
}
