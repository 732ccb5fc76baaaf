package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.ToIntFunction;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.RowKey;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.segment.Segment;

/**
 * Global paging of a sharded source's variants ({@code limit} + {@code cursor}) over the nodes' plain
 * variants answers: the page after a key asks for the segments from the key's position on (contigs before the
 * key's dropped), drops the rows not past the key (those starting before its position that overlap it, and
 * those at its position up to it), and keeps one row more than the page to know whether another follows. The
 * rows dropped are few (long deletions spanning the key, duplicates at its position), so each node is asked
 * for the page plus some slack, and again with more slack in the rare case that was not enough. Keys and
 * their ordinals are those a single node gives, so a cursor reads the same on any node.
 */
final class ClusterPaging {
  private static final int SLACK = 64;
  private final GenotypeQueries merged;
  private final ToIntFunction<String> contigOrder;

  ClusterPaging(GenotypeQueries merged, ToIntFunction<String> contigOrder) {
    this.merged = merged;
    this.contigOrder = contigOrder;
  }

  AnalyticsAnswer page(AnalyticsQuery q) {
    if (q.withStats() || q.caseControl().isPresent() || q.top().isPresent() || !q.filter().keepsAll()) {
      throw RequestException.unsupported("statistics, case/control, top-N and filters are not available for a "
          + "source sharded over cluster nodes yet (paging with limit and cursor is)");
    }
    GenotypeQuery base = q.base();
    if (base.limitOrMax() == 0) {
      return AnalyticsAnswer.page(VariantAnswer.of(List.of()), Optional.empty()); // as a single node answers
    }
    long want = base.limitOrMax() + 1L;
    RowKey key = q.after().orElse(null);
    List<Segment> segments = key == null ? base.segments() : from(base.segments(), key);
    for (long slack = key == null ? 0 : SLACK; ; slack *= 4) {
      int ask = (int) Math.min(Integer.MAX_VALUE, want + slack);
      VariantAnswer a = merged.variants(new GenotypeQuery(segments, base.zygosity(), base.samples(),
          OptionalInt.of(ask)));
      List<VariantRow> rows = new ArrayList<>();
      int equalSkipped = 0;
      for (int i = 0; i < a.size() && rows.size() < want; i++) {
        VariantRow v = a.get(i);
        int cmp = key == null ? 1 : compare(v, key);
        if (cmp < 0 || cmp == 0 && equalSkipped++ <= key.ordinal()) {
          continue;
        }
        rows.add(v);
      }
      if (rows.size() >= want || a.size() < ask) {
        Optional<RowKey> next = Optional.empty();
        if (rows.size() == want) {
          rows.remove(rows.size() - 1);
          next = Optional.of(keyOf(rows, key));
        }
        return AnalyticsAnswer.page(VariantAnswer.of(rows), next);
      }
    }
  }

  /** The segments from the key's place on: later contigs whole, the key's contig from its position. */
  private List<Segment> from(List<Segment> segments, RowKey key) {
    int kc = contigOrder.applyAsInt(key.contig());
    List<Segment> out = new ArrayList<>();
    for (Segment s : segments) {
      int c = contigOrder.applyAsInt(s.ref());
      if (c > kc) {
        out.add(s);
      } else if (c == kc && s.stop() >= key.pos()) {
        out.add(new Segment(s.ref(), Math.max(s.start(), key.pos()), s.stop()));
      }
    }
    return out;
  }

  /** A row against the key's place: contig order, position, ALT, REF (as the merge orders them). */
  private int compare(VariantRow v, RowKey key) {
    int c = Integer.compare(contigOrder.applyAsInt(v.chrom()), contigOrder.applyAsInt(key.contig()));
    if (c == 0) {
      c = Integer.compare(v.pos(), key.pos());
    }
    if (c == 0) {
      c = v.alt().compareTo(key.alt());
    }
    if (c == 0) {
      c = v.ref().compareTo(key.ref());
    }
    return c;
  }

  /** The key of the page's last row, its ordinal counted as the engine counts it. */
  private static RowKey keyOf(List<VariantRow> rows, RowKey previous) {
    VariantRow last = rows.get(rows.size() - 1);
    int ordinal = 0;
    int i = rows.size() - 2;
    while (i >= 0 && same(rows.get(i), last)) {
      ordinal++;
      i--;
    }
    if (i < 0 && previous != null && previous.contig().equals(last.chrom()) && previous.pos() == last.pos()
        && previous.alt().equals(last.alt()) && previous.ref().equals(last.ref())) {
      ordinal += previous.ordinal() + 1;
    }
    return new RowKey(last.chrom(), last.pos(), last.alt(), last.ref(), ordinal);
  }

  private static boolean same(VariantRow a, VariantRow b) {
    return a.chrom().equals(b.chrom()) && a.pos() == b.pos() && a.alt().equals(b.alt()) && a.ref().equals(b.ref());
  }
}
