package org.dasgrid.core.genotype;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@link KeyedRows} of one engine: its rows' ID hashes ({@link RowCalls#idHash}), each packed with the row's
 * number across contigs into one long and sorted (8 bytes a row, no String per row), so a weight's ID is found
 * by a binary search; a hash shared by other IDs is told apart by comparing the row's ID bytes. A {@code
 * CHROM:POS:REF:ALT} key needs no table: the contig by name, its rows at POS by the sorted positions, then the
 * row's REF and ALT compared. Built once per engine (a reloaded source is a new engine and builds its own); the
 * matches of the last weights files are kept ({@link KnownMatches}), so the same file asked again is not
 * matched again.
 */
final class RowLookup implements KeyedRows {
  private final List<ContigRows> contigs;
  private final Map<String, Integer> contigNumbers;
  private final SampleSets sets;
  private final Corrections fixes;
  /** Per contig, the number of its first row across contigs (and the total at the end). */
  private final int[] firstRow;
  /** Per row scanned by a whole-contig visit: ID hash (high 32 bits) then row number (low 32), ascending. */
  private final long[] byIdHash;
  /** The matches of weights files asked before (the one mutable part: a bounded, thread-safe cache). */
  private final KnownMatches known = new KnownMatches();

  RowLookup(List<ContigRows> contigs, Map<String, Integer> contigNumbers, SampleSets sets, Corrections fixes) {
    this.contigs = contigs;
    this.contigNumbers = contigNumbers;
    this.sets = sets;
    this.fixes = fixes;
    firstRow = new int[contigs.size() + 1];
    long total = 0;
    for (int c = 0; c < contigs.size(); c++) {
      firstRow[c] = (int) total;
      total += contigs.get(c).size;
    }
    if (total > Integer.MAX_VALUE) {
      throw new IllegalStateException("more than 2^31 rows");
    }
    firstRow[contigs.size()] = (int) total;
    long[] keys = new long[(int) total];
    int n = 0;
    for (int c = 0; c < contigs.size(); c++) {
      ContigRows rows = contigs.get(c);
      ByteColumn pool = rows.text();
      for (int r = 0; r < rows.size; r++) {
        if (!visited(rows, r)) {
          continue;
        }
        int h = 0;
        for (int i = rows.textStart(r), end = rows.idEnd(r); i < end; i++) {
          h = 31 * h + pool.get(i);
        }
        keys[n++] = (long) h << 32 | (firstRow[c] + r);
      }
    }
    byIdHash = n == keys.length ? keys : Arrays.copyOf(keys, n);
    Arrays.sort(byIdHash);
  }

  /** Whether a whole-contig {@link CallReader#forEachRow} visits the row (its REF span reaches position 1). */
  private static boolean visited(ContigRows rows, int r) {
    return rows.end(r) >= 1;
  }

  /** Heap held: the sorted hashes and the contig offsets (the kept matches are bounded apart: {@link KnownMatches}). */
  long heapBytes() {
    return 16L + 8L * byIdHash.length + 4L * firstRow.length;
  }

  @Override
  public Matches match(List<String> keys) {
    String digest = KnownMatches.digest(keys);
    long[] sorted = known.get(digest);
    if (sorted == null) {
      sorted = find(keys);
      known.put(digest, sorted);
    }
    long[] matches = sorted;
    return (part, parts, visitor) -> visit(matches, rowStart(matches, matches.length,
        (int) ((long) matches.length * part / parts)), rowStart(matches, matches.length,
        (int) ((long) matches.length * (part + 1) / parts)), visitor);
  }

  /** Keys from which on {@link #find} looks up the two halves of the keys at once ({@link TwoParts}). */
  static final int PARALLEL_KEYS = 10_000;

  /** The matches of {@code keys}, sorted (the visit order), exactly sized. */
  private long[] find(List<String> keys) {
    int n = keys.size();
    if (n < PARALLEL_KEYS) {
      return find(keys, 0, n);
    }
    // each key's binary search is a few misses into the 8 MB of hashes and the text pool: a second core
    // overlaps them; the halves' matches are then sorted together, as one pass would have them
    List<long[]> halves = TwoParts.run(h -> find(keys, h == 0 ? 0 : n / 2, h == 0 ? n / 2 : n));
    long[] a = halves.get(0);
    long[] b = halves.get(1);
    long[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    Arrays.sort(all);
    return all;
  }

  /** The matches of keys {@code [from, to)} (numbered as in {@code keys}), sorted, exactly sized. */
  private long[] find(List<String> keys, int from, int to) {
    // (row << 32 | how << 31 | key), how 0 by ID and 1 by coordinates: sorted, the visit order
    long[] matches = new long[Math.max(16, to - from)];
    int m = 0;
    for (int j = from; j < to; j++) {
      String key = keys.get(j);
      byte[] id = key.getBytes(StandardCharsets.UTF_8);
      long h = (long) RowCalls.idHash(key) << 32;
      for (int i = lowerBound(h); i < byIdHash.length && (byIdHash[i] & 0xFFFFFFFF00000000L) == h; i++) {
        int row = (int) byIdHash[i];
        if (idEquals(row, id)) {
          matches = grow(matches, m);
          matches[m++] = (long) row << 32 | j;
        }
      }
      for (int colon = key.indexOf(':'); colon > 0; colon = key.indexOf(':', colon + 1)) {
        int now;
        while ((now = byCoordinates(key, colon, j, matches, m)) < 0) { // full: redo into a larger array
          matches = Arrays.copyOf(matches, 2 * matches.length);
        }
        m = now;
      }
    }
    Arrays.sort(matches, 0, m);
    return m == matches.length ? matches : Arrays.copyOf(matches, m);
  }

  /** The first entry at or after {@code i} that starts a row's run of matches ({@code size} if none). */
  private static int rowStart(long[] matches, int size, int i) {
    while (i > 0 && i < size && matches[i] >>> 32 == matches[i - 1] >>> 32) {
      i++;
    }
    return Math.min(i, size);
  }

  /** Visits the rows of {@code matches[from, to)} (sorted, whole runs of rows). */
  private void visit(long[] matches, int from, int m, Visitor visitor) {
    IndexRowCalls cursor = new IndexRowCalls(sets, fixes);
    int c = 0;
    for (int a = from; a < m; ) {
      int row = (int) (matches[a] >>> 32);
      int b = a + 1;
      while (b < m && (int) (matches[b] >>> 32) == row) {
        b++;
      }
      int[] hits = new int[b - a];
      for (int i = a; i < b; i++) {
        hits[i - a] = (int) (matches[i] & 0x7FFFFFFFL);
      }
      while (row >= firstRow[c + 1]) {
        c++;
      }
      visitor.visit(cursor.at(contigs.get(c), row - firstRow[c]), hits);
      a = b;
    }
  }

  private static long[] grow(long[] a, int size) {
    return size < a.length ? a : Arrays.copyOf(a, 2 * a.length);
  }

  /**
   * Adds the rows whose {@code CHROM:POS:REF:ALT} is {@code key}, taking the contig to end at {@code colon} (a
   * contig's name may hold colons: each is tried); returns the new size, or {@code -(size + 1)} when the array
   * is too small (nothing added).
   */
  private int byCoordinates(String key, int colon, int j, long[] matches, int m) {
    Integer c = contigNumbers.get(key.substring(0, colon));
    if (c == null) {
      return m;
    }
    int next = key.indexOf(':', colon + 1);
    if (next < 0) {
      return m;
    }
    int pos;
    try {
      pos = Integer.parseInt(key, colon + 1, next, 10);
    } catch (NumberFormatException e) {
      return m;
    }
    ContigRows rows = contigs.get(c);
    int start = m;
    for (int r = rows.firstAtOrAfter(pos); r < rows.size && rows.pos(r) == pos; r++) {
      if (!visited(rows, r)) {
        continue;
      }
      String[] t = rows.text(r);
      // exactly the key a row is named by: what a scan would compare
      if (key.equals(rows.name + ":" + pos + ":" + t[1] + ":" + t[2])) {
        if (m == matches.length) {
          return -(start + 1);
        }
        matches[m++] = (long) (firstRow[c] + r) << 32 | 1L << 31 | j;
      }
    }
    return m;
  }

  private boolean idEquals(int row, byte[] id) {
    int c = contigOf(row);
    ContigRows rows = contigs.get(c);
    int r = row - firstRow[c];
    int from = rows.textStart(r);
    if (rows.idEnd(r) - from != id.length) {
      return false;
    }
    ByteColumn pool = rows.text();
    for (int i = 0; i < id.length; i++) {
      if (pool.get(from + i) != id[i]) {
        return false;
      }
    }
    return true;
  }

  private int contigOf(int row) {
    int c = Arrays.binarySearch(firstRow, row);
    if (c < 0) {
      return -c - 2;
    }
    while (c + 1 < firstRow.length && firstRow[c + 1] == row) {
      c++; // empty contigs share the offset: the row is in the last of them
    }
    return c;
  }

  private int lowerBound(long key) {
    int lo = 0;
    int hi = byIdHash.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (byIdHash[mid] < key) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
