package org.dasgrid.datasources.tabix;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where features with a given id (or the parts of a given parent) lie, kept compactly for a file that stays on
 * disk: a 64-bit hash of the id with a reference index and a range, 20 bytes an entry in primitive arrays,
 * sorted by hash. A hash collision only makes a reader look at one more range; it always checks the ids it
 * finds there.
 */
final class IdLocations {
  private long[] hashes = new long[1024];
  private int[] tids = new int[1024];
  private int[] starts = new int[1024];
  private int[] ends = new int[1024];
  private int size;
  private boolean frozen;

  /** A location of a feature (or of the parts of one). */
  record Location(int tid, int start, int end) {}

  void add(String id, int tid, int start, int end) {
    if (frozen) {
      throw new IllegalStateException("frozen");
    }
    if (size == hashes.length) {
      int n = size * 2;
      hashes = Arrays.copyOf(hashes, n);
      tids = Arrays.copyOf(tids, n);
      starts = Arrays.copyOf(starts, n);
      ends = Arrays.copyOf(ends, n);
    }
    hashes[size] = hash(id);
    tids[size] = tid;
    starts[size] = start;
    ends[size] = end;
    size++;
  }

  /**
   * Sorts by hash and, when {@code merge} is set, folds entries of one hash on one reference into their
   * extent (a parent's parts become one range to read).
   */
  IdLocations freeze(boolean merge) {
    Integer[] order = new Integer[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> {
      int c = Long.compare(hashes[a], hashes[b]);
      if (c != 0) {
        return c;
      }
      c = Integer.compare(tids[a], tids[b]);
      return c != 0 ? c : Integer.compare(starts[a], starts[b]);
    });
    long[] h = new long[size];
    int[] t = new int[size];
    int[] s = new int[size];
    int[] e = new int[size];
    int n = 0;
    for (int k = 0; k < size; k++) {
      int i = order[k];
      if (merge && n > 0 && h[n - 1] == hashes[i] && t[n - 1] == tids[i]) {
        e[n - 1] = Math.max(e[n - 1], ends[i]);
        continue;
      }
      h[n] = hashes[i];
      t[n] = tids[i];
      s[n] = starts[i];
      e[n] = ends[i];
      n++;
    }
    hashes = Arrays.copyOf(h, n);
    tids = Arrays.copyOf(t, n);
    starts = Arrays.copyOf(s, n);
    ends = Arrays.copyOf(e, n);
    size = n;
    frozen = true;
    return this;
  }

  boolean contains(String id) {
    return first(hash(id)) >= 0;
  }

  List<Location> lookup(String id) {
    long h = hash(id);
    int i = first(h);
    if (i < 0) {
      return List.of();
    }
    List<Location> out = new ArrayList<>(1);
    for (; i < size && hashes[i] == h; i++) {
      out.add(new Location(tids[i], starts[i], ends[i]));
    }
    return out;
  }

  int size() {
    return size;
  }

  long bytes() {
    return 20L * hashes.length + 64;
  }

  private int first(long h) {
    int i = Arrays.binarySearch(hashes, 0, size, h);
    if (i < 0) {
      return -1;
    }
    while (i > 0 && hashes[i - 1] == h) {
      i--;
    }
    return i;
  }

  /** FNV-1a over the UTF-16 units, then a MurmurHash3 finaliser so nearby ids spread over all 64 bits. */
  static long hash(String s) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < s.length(); i++) {
      h ^= s.charAt(i);
      h *= 0x100000001b3L;
    }
    h ^= h >>> 33;
    h *= 0xff51afd7ed558ccdL;
    h ^= h >>> 33;
    h *= 0xc4ceb9fe1a85ec53L;
    h ^= h >>> 33;
    return h;
  }
}
