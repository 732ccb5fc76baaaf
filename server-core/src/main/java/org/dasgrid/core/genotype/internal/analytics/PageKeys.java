package org.dasgrid.core.genotype.internal.analytics;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.dasgrid.core.genotype.RowKey;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;

/**
 * The cursor of a paged analytics answer: the key that names the last row of a page (its place, and how many
 * equal rows came before it), and where the next page starts in a contig's rows given that key.
 */
final class PageKeys {
  private PageKeys() {}

  /**
   * The key of the answer's last row: its place, and how many rows of the answer (this page's, and when the
   * run of equal rows started before it, the earlier pages' as the previous key says) share its contig,
   * position, ALT and REF before it.
   */
  static RowKey key(GenotypeStore store, Rows out, Optional<RowKey> previous) {
    return key(store, out.contig, out.row, out.size - 1, previous);
  }

  /** As above, for the answer rows {@code contigs[i], rows[i]}, the last being {@code last}. */
  static RowKey key(GenotypeStore store, int[] contigs, int[] rows, int last, Optional<RowKey> previous) {
    ContigRows c = store.contig(contigs[last]);
    int r = rows[last];
    String[] t = c.text(r);
    int ordinal = 0;
    int i = last - 1;
    while (i >= 0 && contigs[i] == contigs[last] && c.pos(rows[i]) == c.pos(r)
        && sameAltRef(c.text(rows[i]), t)) {
      ordinal++;
      i--;
    }
    if (i < 0 && previous.isPresent()) {
      RowKey p = previous.get();
      if (p.contig().equals(c.name) && p.pos() == c.pos(r) && p.alt().equals(t[2]) && p.ref().equals(t[1])) {
        ordinal += p.ordinal() + 1;
      }
    }
    return new RowKey(c.name, c.pos(r), t[2], t[1], ordinal);
  }

  /** The first row at or after the key's place (position, ALT, REF) in answer order. */
  static int firstAtOrAfter(ContigRows c, RowKey key) {
    int lo = 0;
    int hi = c.size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (c.pos(mid) < key.pos()) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    int r = lo;
    while (r < c.size && c.pos(r) == key.pos() && compareToKey(c, r, key) < 0) {
      r++;
    }
    return r;
  }

  /** The first row from {@code from} on that is past the key's place. */
  static int firstAfter(ContigRows c, RowKey key, int from) {
    int r = from;
    while (r < c.size && c.pos(r) == key.pos() && compareToKey(c, r, key) == 0) {
      r++;
    }
    return r;
  }

  /** Row {@code r} (at the key's position) against the key's ALT, then REF, bytewise. */
  private static int compareToKey(ContigRows c, int r, RowKey key) {
    // the row's bytes (heap or mapped), positions relative to its start: a few rows per cursor
    int from = c.textStart(r);
    byte[] text = new byte[c.textEnd(r) - from];
    c.text().copy(from, text, 0, text.length);
    int idEnd = c.idEnd(r) - from;
    int refEnd = c.refEnd(r, idEnd + from) - from;
    byte[] alt = key.alt().getBytes(StandardCharsets.UTF_8);
    int cmp = Arrays.compareUnsigned(text, refEnd + 1, text.length, alt, 0, alt.length);
    if (cmp != 0) {
      return cmp;
    }
    byte[] ref = key.ref().getBytes(StandardCharsets.UTF_8);
    return Arrays.compareUnsigned(text, idEnd + 1, refEnd, ref, 0, ref.length);
  }

  /** Whether two rows' texts ({@link ContigRows#text}: ID, REF, ALT) have the same ALT and REF. */
  private static boolean sameAltRef(String[] a, String[] b) {
    return a[2].equals(b[2]) && a[1].equals(b[1]);
  }
}
