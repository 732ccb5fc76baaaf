package org.dasgrid.core.genotype.internal.sets;

import java.util.Arrays;
import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;
import org.roaringbitmap.RoaringBitmap;

/**
 * Sets stored as {@link RoaringBitmap}s, one each: the form of every set with {@code genotypeSets: roaring}, and
 * of a set that is smallest so in a cohort above 65,536 samples. An index file holds none.
 */
final class RoaringSets extends SetForm {
  /** Roaring's per-bitmap objects (bitmap, array of containers, key and container arrays), roughly. */
  static final int OVERHEAD = 112;
  static final int PER_CONTAINER = 40;

  private final RoaringBitmap[] bitmaps;
  private final int words;

  RoaringSets(RoaringBitmap[] bitmaps, int words) {
    this.bitmaps = bitmaps;
    this.words = words;
  }

  int size() {
    return bitmaps.length;
  }

  RoaringBitmap bitmap(int i) {
    return bitmaps[i];
  }

  @Override
  int cardinality(int i) {
    return bitmaps[i].getCardinality();
  }

  @Override
  boolean contains(int i, int sample) {
    return bitmaps[i].contains(sample);
  }

  @Override
  int membersAmong(int i, int[] samples) {
    int mask = 0;
    for (int k = 0; k < samples.length; k++) {
      if (bitmaps[i].contains(samples[k])) {
        mask |= 1 << k;
      }
    }
    return mask;
  }

  @Override
  int andCardinality(int i, SampleSelection sel) {
    return RoaringBitmap.andCardinality(bitmaps[i], sel.bitmap());
  }

  @Override
  boolean intersects(int i, SampleSelection sel) {
    return RoaringBitmap.intersects(bitmaps[i], sel.bitmap());
  }

  @Override
  void addTo(int i, int[] counts) {
    bitmaps[i].forEach((int s) -> counts[s]++);
  }

  @Override
  void addTo(int i, double[] into, double value) {
    bitmaps[i].forEach((int s) -> into[s] += value);
  }

  @Override
  void forEachChosen(int i, SampleSelection sel, IntConsumer sink) {
    bitmaps[i].forEach((int s) -> {
      if (sel.contains(s)) {
        sink.accept(s);
      }
    });
  }

  @Override
  void forEach(int i, IntConsumer sink) {
    bitmaps[i].forEach((int s) -> sink.accept(s));
  }

  @Override
  void fillWords(int i, long[] into) {
    Arrays.fill(into, 0, words, 0L);
    bitmaps[i].forEach((int s) -> into[s >>> 6] |= 1L << s);
  }

  @Override
  long heapBytes() {
    long bytes = 0;
    for (RoaringBitmap b : bitmaps) {
      bytes += b.getLongSizeInBytes() + OVERHEAD / 2;
    }
    return bytes;
  }
}
