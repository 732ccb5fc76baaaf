package org.dasgrid.core.genotype.internal.engine;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.genotype.KeyList;
import org.dasgrid.core.genotype.KeyedRows;
import org.dasgrid.core.genotype.internal.column.ByteColumn;
import org.dasgrid.core.genotype.internal.column.TwoParts;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.Corrections;
import org.dasgrid.core.genotype.internal.store.IndexRowCalls;

/**
 * {@link KeyedRows} of one engine: its rows' ID hashes ({@link org.dasgrid.core.genotype.RowCalls#idHash}), spread ({@link #spread}),
 * each packed with the row's number across contigs into one long and sorted (8 bytes a row, no String per
 * row), with a directory of where each run of the spread hashes' top bits starts (4 bytes per row or less):
 * a weight's ID is found in one bucket of about one entry, where a binary search of the 8 MB took a dozen
 * steps; a hash shared by other IDs is told apart by comparing the row's ID bytes. The keys are looked up in
 * their buckets' order and the candidates checked in row order, so that both passes read the big arrays
 * forwards (see {@link #find(KeyList, int, int)}). A {@code CHROM:POS:REF:ALT} key needs no table of rows: the
 * contig by its name's hash, its rows at POS by the sorted positions, then the row's REF and ALT compared as
 * bytes. Built once per engine (a reloaded source is a new engine and builds its own); the
 * matches of the last weights files are kept ({@link KnownMatches}), so the same file asked again is not
 * matched again.
 */
final class RowLookup implements KeyedRows {
  private final List<ContigRows> contigs;
  /** The contigs' names as UTF-8 (by contig number), and a table of them by their 31-hash (number + 1; 0 empty). */
  private final byte[][] contigNames;
  private final int[] contigTable;
  private final SampleSets sets;
  private final Corrections fixes;
  /** Per contig, the number of its first row across contigs (and the total at the end). */
  private final int[] firstRow;
  /** Per row scanned by a whole-contig visit: spread ID hash (high 32 bits) then row number (low 32), ascending. */
  private final long[] byIdHash;
  /** The top bits of a spread hash that pick its bucket. */
  private final int bucketBits;
  /** Per bucket, the first entry of {@link #byIdHash} in it (and the entries' count at the end). */
  private final int[] buckets;
  /** The matches of weights files asked before (the one mutable part: a bounded, thread-safe cache). */
  private final KnownMatches known = new KnownMatches();

  RowLookup(List<ContigRows> contigs, Map<String, Integer> contigNumbers, SampleSets sets, Corrections fixes) {
    this.contigs = contigs;
    contigNames = new byte[contigs.size()][];
    contigTable = new int[Integer.highestOneBit(Math.max(4, 4 * contigNumbers.size())) * 2];
    contigNumbers.forEach((name, c) -> {
      contigNames[c] = name.getBytes(StandardCharsets.UTF_8);
      int slot = contigSlot(hash(contigNames[c], 0, contigNames[c].length));
      while (contigTable[slot] != 0) {
        slot = (slot + 1) & (contigTable.length - 1);
      }
      contigTable[slot] = c + 1;
    });
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

  private static int hash(byte[] b, int from, int to) {
    int h = 0;
    for (int i = from; i < to; i++) {
      h = 31 * h + b[i];
    }
    return h;
  }

  private int contigSlot(int hash) {
    return (hash * 0x9E3779B9) >>> (32 - Integer.numberOfTrailingZeros(contigTable.length));
  }

  /** The contig named {@code key[from, to)} (whose 31-hash is {@code hash}), or -1. */
  private int contigNamed(byte[] key, int from, int to, int hash) {
    for (int slot = contigSlot(hash); contigTable[slot] != 0; slot = (slot + 1) & (contigTable.length - 1)) {
      byte[] name = contigNames[contigTable[slot] - 1];
      if (Arrays.equals(name, 0, name.length, key, from, to)) {
        return contigTable[slot] - 1;
      }
    }
    return -1;
  }

  private int bucket(int spread) {
    return (spread ^ Integer.MIN_VALUE) >>> (32 - bucketBits);
  }

  /** Whether a whole-contig {@link org.dasgrid.core.genotype.CallReader#forEachRow} visits the row (its REF span reaches position 1). */
  private static boolean visited(ContigRows rows, int r) {
    return rows.end(r) >= 1;
  }

  /**
   * Heap held: the sorted hashes, their buckets, the contig offsets and names (the kept matches are bounded
   * apart: {@link KnownMatches}).
   */
  long heapBytes() {
    long names = 0;
    for (byte[] name : contigNames) {
      names += name == null ? 0 : 16 + name.length;
    }
    return 64L + 8L * byIdHash.length + 4L * buckets.length + 4L * firstRow.length + 4L * contigTable.length
        + names;
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
    int n = to - from;
    // the keys taken in the order of their buckets' top bits (a counting sort), so that the lookups walk the
    // buckets and the hashes forwards: in file order each lookup was two misses into 12 MB of its own
    int binBits = Math.min(bucketBits, 16);
    int[] hashes = new int[n];
    int[] starts = new int[(1 << binBits) + 1];
    for (int k = 0; k < n; k++) {
      hashes[k] = spread(keys.idHash(from + k));
      starts[(bucket(hashes[k]) >>> (bucketBits - binBits)) + 1]++;
    }
    for (int b = 1; b < starts.length; b++) {
      starts[b] += starts[b - 1];
    }
    int[] order = new int[n];
    for (int k = 0; k < n; k++) {
      order[starts[bucket(hashes[k]) >>> (bucketBits - binBits)]++] = k;
    }
    long[] matches = new long[Math.max(16, n)];
    int m = 0;
    for (int k : order) {
      int h = hashes[k];
      int b = bucket(h);
      for (int i = buckets[b], end = buckets[b + 1]; i < end; i++) {
        if ((int) (byIdHash[i] >>> 32) == h) { // a candidate: its ID bytes are compared below, in row order
          matches = grow(matches, m);
          matches[m++] = (long) (int) byIdHash[i] << 32 | (from + k);
        }
      }
    }
    for (int j = from; j < to; j++) {
      if (keys.hasColon(j)) { // most weights files name rsIDs: this is a loop over their bytes only
        int now;
        while ((now = byCoordinates(keys, j, matches, m)) < 0) { // full: redo into a larger array
          matches = Arrays.copyOf(matches, 2 * matches.length);
        }
        m = now;
      }
    }
    sortByRow(matches, m);
    // the candidates' ID bytes compared in row order: the text offsets and the pool read forwards
    byte[] bytes = keys.bytes();
    int kept = 0;
    for (int e = 0; e < m; e++) {
      long match = matches[e];
      int j = (int) (match & 0x7FFFFFFFL);
      if ((match & 1L << 31) != 0 || idEquals((int) (match >>> 32), bytes, keys.start(j), keys.length(j))) {
        matches[kept++] = match; // still sorted
      }
    }
    return kept == matches.length ? matches : Arrays.copyOf(matches, kept);
  }

  /**
   * Sorts {@code a[0, m)} ascending: a stable radix sort by row (the high 32 bits, 11 bits a pass), then an
   * insertion pass for the order within a row, which the radix sort mostly kept already (a row's candidates
   * by ID come in key order, those by coordinates after them in key order): O(m), where a comparison sort of
   * candidates in bucket order took as long as the lookups.
   */
  static void sortByRow(long[] a, int m) {
    int maxRow = 0;
    for (int i = 0; i < m; i++) {
      maxRow = Math.max(maxRow, (int) (a[i] >>> 32));
    }
    long[] from = a;
    long[] to = new long[m];
    int[] counts = new int[(1 << 11) + 1];
    for (int shift = 0; shift == 0 || maxRow >>> shift != 0; shift += 11) {
      Arrays.fill(counts, 0);
      for (int i = 0; i < m; i++) {
        counts[((int) (from[i] >>> 32) >>> shift & 0x7FF) + 1]++;
      }
      for (int d = 1; d < counts.length; d++) {
        counts[d] += counts[d - 1];
      }
      for (int i = 0; i < m; i++) {
        to[counts[(int) (from[i] >>> 32) >>> shift & 0x7FF]++] = from[i];
      }
      long[] t = from;
      from = to;
      to = t;
    }
    if (from != a) {
      System.arraycopy(from, 0, a, 0, m);
    }
    for (int i = 1; i < m; i++) {
      long v = a[i];
      int k = i - 1;
      while (k >= 0 && a[k] > v) {
        a[k + 1] = a[k];
        k--;
      }
      a[k + 1] = v;
    }
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
   * Adds the rows whose {@code CHROM:POS:REF:ALT} is key {@code j}, taking the contig to end at each of its
   * colons in turn (a contig's name may hold colons); returns the new size, or {@code -(size + 1)} when the
   * array is too small (nothing added).
   */
  private int byCoordinates(KeyList keys, int j, long[] matches, int m) {
    byte[] key = keys.bytes();
    int from = keys.start(j);
    int to = from + keys.length(j);
    if (key[from] == ':') {
      return m; // a key starting with a colon names no contig (as the String search stopped at index 0)
    }
    int start = m;
    int h = key[from]; // the 31-hash of the key up to the colon tried
    for (int colon = from + 1; colon < to; h = 31 * h + key[colon], colon++) {
      if (key[colon] != ':') {
        continue;
      }
      int c = contigNamed(key, from, colon, h);
      int next = colon + 1;
      while (next < to && key[next] != ':') {
        next++;
      }
      int pos = c < 0 || next == to ? -1 : decimal(key, colon + 1, next);
      if (pos < 0) {
        continue;
      }
      ContigRows rows = contigs.get(c);
      for (int r = rows.firstAtOrAfter(pos); r < rows.size && rows.pos(r) == pos; r++) {
        // exactly the key a row is named by (contig:pos:REF:ALT), what a scan would compare
        if (visited(rows, r) && alleles(rows, r, key, next + 1, to)) {
          if (m == matches.length) {
            return -(start + 1);
          }
          matches[m++] = (long) (firstRow[c] + r) << 32 | 1L << 31 | j;
        }
      }
    }
    return m;
  }

  /**
   * The digits {@code key[from, to)} as {@link String#valueOf(int)} writes a position (no sign, no leading
   * zero), or -1: another spelling ("+5", "05") is not how a row is named.
   */
  private static int decimal(byte[] key, int from, int to) {
    if (to == from || to - from > 10 || (key[from] == '0' && to - from > 1)) {
      return -1;
    }
    long v = 0;
    for (int i = from; i < to; i++) {
      if (key[i] < '0' || key[i] > '9') {
        return -1;
      }
      v = 10 * v + (key[i] - '0');
    }
    return v > Integer.MAX_VALUE ? -1 : (int) v;
  }

  /** Whether {@code key[from, to)} is the row's {@code REF:ALT}; compared as bytes when it is ASCII. */
  private static boolean alleles(ContigRows rows, int r, byte[] key, int from, int to) {
    int idEnd = rows.idEnd(r);
    int refEnd = rows.refEnd(r, idEnd);
    int textEnd = rows.textEnd(r);
    boolean ascii = true;
    for (int i = from; i < to; i++) {
      ascii &= key[i] >= 0;
    }
    if (!ascii) { // the row's text decoded, as a scan reads it (malformed bytes as U+FFFD)
      String[] t = rows.text(r);
      return new String(key, from, to - from, StandardCharsets.UTF_8).equals(t[1] + ":" + t[2]);
    }
    // an ASCII key equals decoded text only where that text is the same ASCII bytes
    int refLength = refEnd - idEnd - 1;
    if (to - from != textEnd - idEnd - 1 || key[from + refLength] != ':') {
      return false; // REF, ':' and ALT are the text after the ID but for the tab
    }
    ByteColumn pool = rows.text();
    for (int i = 0; i < refLength; i++) {
      if (pool.get(idEnd + 1 + i) != key[from + i]) {
        return false;
      }
    }
    for (int i = refEnd + 1, k = from + refLength + 1; i < textEnd; i++, k++) {
      if (pool.get(i) != key[k]) {
        return false;
      }
    }
    return true;
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
