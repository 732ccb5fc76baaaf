package org.dasgrid.core.genotype;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@link KeyedRows} of one engine: its rows' ID hashes ({@link RowCalls#idHash}), spread ({@link #spread}),
 * each packed with the row's number across contigs into one long and sorted (8 bytes a row, no String per
 * row), with a directory of where each run of the spread hashes' top bits starts (4 bytes per row or less):
 * a weight's ID is found in one bucket of about one entry, two cache misses where a binary search of the 8 MB
 * took a dozen; a hash shared by other IDs is told apart by comparing the row's ID bytes. A {@code
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
  /** The top bits of a spread hash that pick its bucket. */
  private final int bucketBits;
  /** Per bucket, the first entry of {@link #byIdHash} in it (and the entries' count at the end). */
  private final int[] buckets;
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
        keys[n++] = (long) spread(h) << 32 | (firstRow[c] + r);
      }
    }
    byIdHash = n == keys.length ? keys : Arrays.copyOf(keys, n);
    Arrays.sort(byIdHash);
    bucketBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n)); // 2^bits > n: a bucket holds ~1 entry
    buckets = new int[(1 << bucketBits) + 1];
    int e = 0;
    for (int b = 0; b < buckets.length - 1; b++) {
      buckets[b] = e;
      while (e < n && bucket((int) (byIdHash[e] >>> 32)) == b) {
        e++;
      }
    }
    buckets[buckets.length - 1] = n;
  }

  /**
   * An ID hash spread over all 32 bits (a multiplication by an odd number: one-to-one, so equal spread hashes are
   * equal hashes), its sign bit flipped so that the packed longs' signed order is the spread hashes' unsigned
   * order: IDs such as {@code rs123} differ in the low bits of a 31-hash, and the buckets are its top bits.
   */
  private static int spread(int h) {
    return h * 0x9E3779B9 ^ Integer.MIN_VALUE;
  }

  private int bucket(int spread) {
    return (spread ^ Integer.MIN_VALUE) >>> (32 - bucketBits);
  }

  /** Whether a whole-contig {@link CallReader#forEachRow} visits the row (its REF span reaches position 1). */
  private static boolean visited(ContigRows rows, int r) {
    return rows.end(r) >= 1;
  }

  /** Heap held: the sorted hashes and the contig offsets (the kept matches are bounded apart: {@link KnownMatches}). */
  long heapBytes() {
    return 48L + 8L * byIdHash.length + 4L * buckets.length + 4L * firstRow.length;
  }

  @Override
  public Matches match(KeyList keys) {
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
  private long[] find(KeyList keys) {
    int n = keys.size();
    if (n < PARALLEL_KEYS) {
      return find(keys, 0, n);
    }
    // each key's lookup is a few misses into the buckets, the hashes and the text pool: a second core
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
  private long[] find(KeyList keys, int from, int to) {
    // (row << 32 | how << 31 | key), how 0 by ID and 1 by coordinates: sorted, the visit order
    long[] matches = new long[Math.max(16, to - from)];
    int m = 0;
    byte[] bytes = keys.bytes();
    for (int j = from; j < to; j++) {
      int start = keys.start(j);
      int length = keys.length(j);
      int h = spread(keys.idHash(j));
      for (int i = buckets[bucket(h)], end = buckets[bucket(h) + 1]; i < end; i++) {
        if ((int) (byIdHash[i] >>> 32) == h) {
          int row = (int) byIdHash[i];
          if (idEquals(row, bytes, start, length)) {
            matches = grow(matches, m);
            matches[m++] = (long) row << 32 | j;
          }
        }
      }
      if (!keys.hasColon(j)) {
        continue; // no coordinates (most weights files name rsIDs): no String made
      }
      String key = keys.get(j);
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

  /** Whether the row's ID is the bytes {@code key[start, start + length)}. */
  private boolean idEquals(int row, byte[] key, int start, int length) {
    int c = contigOf(row);
    ContigRows rows = contigs.get(c);
    int r = row - firstRow[c];
    int from = rows.textStart(r);
    if (rows.idEnd(r) - from != length) {
      return false;
    }
    ByteColumn pool = rows.text();
    for (int i = 0; i < length; i++) {
      if (pool.get(from + i) != key[start + i]) {
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
}
