package org.dasgrid.core.genotype.internal.sets;

import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.internal.column.LongColumn;

/**
 * Sets stored dense: a bitset one bit per cohort sample, in shared {@code long[]} pages of {@link #setsPerPage}
 * sets each; a set's index is its number. For thousands of samples a common variant's set is far smaller so
 * than as a {@code RoaringBitmap}, whose own dense container spans 65,536 samples (8 KB).
 */
final class DenseSets extends SetForm {
  static final int PAGE_LONGS = 1 << 15;

  private final LongColumn[] pages;
  private final int cohortSize;
  private final int words;
  private final int setsPerPage;

  DenseSets(LongColumn[] pages, int cohortSize, int words) {
    this.pages = pages;
    this.cohortSize = cohortSize;
    this.words = words;
    this.setsPerPage = setsPerPage(words);
  }

  /** Sets per page, for sets of {@code words} longs. */
  static int setsPerPage(int words) {
    return Math.max(1, PAGE_LONGS / words);
  }

  LongColumn[] pages() {
    return pages;
  }

  /** The page holding set {@code i}. */
  LongColumn page(int i) {
    return pages[i / setsPerPage];
  }

  /** Where set {@code i}'s first word is in its page. */
  int at(int i) {
    return (i % setsPerPage) * words;
  }

  @Override
  int cardinality(int i) {
    LongColumn page = page(i);
    int n = 0;
    for (int w = at(i), end = w + words; w < end; w++) {
      n += Long.bitCount(page.get(w));
    }
    return n;
  }

  @Override
  boolean contains(int i, int sample) {
    return sample >= 0 && sample < cohortSize && (page(i).get(at(i) + (sample >>> 6)) & (1L << sample)) != 0;
  }

  @Override
  int membersAmong(int i, int[] samples) {
    int p = i / setsPerPage;
    LongColumn page = pages[p];
    int base = (i - p * setsPerPage) * words;
    int mask = 0;
    for (int k = 0; k < samples.length; k++) {
      int s = samples[k];
      if (s >= 0 && s < cohortSize && (page.get(base + (s >>> 6)) & (1L << s)) != 0) {
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
    LongColumn page = page(i);
    int base = at(i);
    int found = 0;
    if (sel.size() < words) {
      for (int m : sel.members()) {
        if ((page.get(base + (m >>> 6)) & (1L << m)) != 0) {
          found++;
          if (firstOnly) {
            return found;
          }
        }
      }
      return found;
    }
    long[] w = sel.words();
    for (int k = 0; k < words; k++) {
      long both = page.get(base + k) & w[k];
      if (both != 0) {
        if (firstOnly) {
          return 1;
        }
        found += Long.bitCount(both);
      }
    }
    return found;
  }

  @Override
  void addTo(int i, int[] counts) {
    LongColumn page = page(i);
    int base = at(i);
    for (int w = 0; w < words; w++) {
      long bits = page.get(base + w);
      while (bits != 0) {
        counts[(w << 6) + Long.numberOfTrailingZeros(bits)]++;
        bits &= bits - 1;
      }
    }
  }

  @Override
  void addTo(int i, double[] into, double value) {
    LongColumn page = page(i);
    int base = at(i);
    for (int w = 0; w < words; w++) {
      long bits = page.get(base + w);
      while (bits != 0) {
        into[(w << 6) + Long.numberOfTrailingZeros(bits)] += value;
        bits &= bits - 1;
      }
    }
  }

  @Override
  void forEachChosen(int i, SampleSelection sel, IntConsumer sink) {
    LongColumn page = page(i);
    int base = at(i);
    if (sel.size() < words) {
      for (int m : sel.members()) {
        if ((page.get(base + (m >>> 6)) & (1L << m)) != 0) {
          sink.accept(m);
        }
      }
      return;
    }
    long[] chosen = sel.words();
    for (int w = 0; w < words; w++) {
      long bits = page.get(base + w) & chosen[w];
      while (bits != 0) {
        sink.accept((w << 6) + Long.numberOfTrailingZeros(bits));
        bits &= bits - 1;
      }
    }
  }

  @Override
  void forEach(int i, IntConsumer sink) {
    LongColumn page = page(i);
    int base = at(i);
    for (int w = 0; w < words; w++) {
      long bits = page.get(base + w);
      while (bits != 0) {
        sink.accept((w << 6) + Long.numberOfTrailingZeros(bits));
        bits &= bits - 1;
      }
    }
  }

  @Override
  void fillWords(int i, long[] into) {
    LongColumn page = page(i);
    int base = at(i);
    for (int w = 0; w < words; w++) {
      into[w] = page.get(base + w);
    }
  }

  @Override
  long heapBytes() {
    long bytes = 0;
    for (LongColumn page : pages) {
      bytes += 16 + page.length() * 8L;
    }
    return bytes;
  }
}
