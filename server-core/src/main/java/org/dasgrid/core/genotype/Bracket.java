package org.dasgrid.core.genotype;

import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.segment.Segment;

/**
 * A bracket query's bounds (Beacon v2's {@code start=[min,max]&end=[min,max]}, for structural variants whose
 * breakpoints are imprecise): a row is kept when its POS is within {@code [startMin, startMax]} and its END within
 * {@code [endMin, endMax]}, all inclusive. Positions are the genotype API's: 1-based, POS as in the VCF (for a
 * symbolic allele the padding base before the event), END the last base the site covers as the engine stores it
 * (INFO/END; else POS + |SVLEN| for {@code <DEL>}, {@code <DUP>}, {@code <INV>}, {@code <CNV>}; else
 * POS + len(REF) - 1). An open side is {@code 1} or {@link Integer#MAX_VALUE}.
 */
public record Bracket(int startMin, int startMax, int endMin, int endMax) {
  /** Keeps every row. */
  public static final Bracket ANY = new Bracket(1, Integer.MAX_VALUE, 1, Integer.MAX_VALUE);

  public Bracket {
    if (startMin < 1 || endMin < 1 || startMin > startMax || endMin > endMax) {
      throw new IllegalArgumentException("bad bracket " + startMin + "," + startMax + " / " + endMin + "," + endMax);
    }
  }

  public boolean keepsAll() {
    return equals(ANY);
  }

  /** Whether a row starting at {@code pos} and ending at {@code end} is inside the bracket. */
  public boolean keeps(int pos, int end) {
    return pos >= startMin && pos <= startMax && end >= endMin && end <= endMax;
  }

  /**
   * The segments cut to where a kept row can be: it overlaps {@code [startMin, startMax]} (its POS is there) and
   * {@code [endMin, endMax]} (its END is, and POS &le; END), so the scan needs only the narrower of the two.
   * A segment left empty is dropped.
   */
  public List<Segment> narrow(List<Segment> segments) {
    if (keepsAll()) {
      return segments;
    }
    long startSpan = (long) startMax - startMin;
    long endSpan = (long) endMax - endMin;
    int lo = startSpan <= endSpan ? startMin : endMin;
    int hi = startSpan <= endSpan ? startMax : endMax;
    List<Segment> out = new ArrayList<>(segments.size());
    for (Segment s : segments) {
      int a = Math.max(s.start(), lo);
      int b = Math.min(s.stop(), hi);
      if (a <= b) {
        out.add(new Segment(s.ref(), a, b));
      }
    }
    return out;
  }
}
