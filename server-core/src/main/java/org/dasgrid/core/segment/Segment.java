package org.dasgrid.core.segment;

/**
 * A resolved segment: a reference the source knows (by its canonical name) and a range inside it, 1-based and
 * inclusive as in DAS.
 */
public record Segment(String ref, int start, int stop) {
  public Segment {
    if (ref == null || ref.isEmpty()) {
      throw new IllegalArgumentException("empty reference");
    }
    if (start > stop) {
      throw new IllegalArgumentException("start " + start + " > stop " + stop);
    }
  }

  public int length() {
    return stop - start + 1;
  }

  public boolean overlaps(int otherStart, int otherEnd) {
    return otherStart <= stop && otherEnd >= start;
  }

  @Override
  public String toString() {
    return ref + ":" + start + "," + stop;
  }
}
