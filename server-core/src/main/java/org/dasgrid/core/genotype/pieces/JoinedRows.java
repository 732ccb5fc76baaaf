package org.dasgrid.core.genotype.pieces;

import java.util.List;
import org.dasgrid.core.genotype.PrecomputedText;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;

/**
 * The rows of several pieces' answers as one answer: whole answers one after another ({@link #concat}), or
 * chosen rows of them ({@link #select}, a top-N). The cursor of a concatenation reads each part's own cursor,
 * so long answers keep the engine's stored bytes and precomputed texts (asked of the part in hand at each row).
 */
final class JoinedRows implements VariantAnswer {
  private final List<VariantAnswer> parts;
  /** Row {@code i}: part {@code part[i]}, its row {@code row[i]}. */
  private final int[] part;
  private final int[] row;
  private final boolean whole;

  private JoinedRows(List<VariantAnswer> parts, int[] part, int[] row, boolean whole) {
    this.parts = List.copyOf(parts);
    this.part = part;
    this.row = row;
    this.whole = whole;
  }

  /** The parts' rows, part after part. */
  static VariantAnswer concat(List<VariantAnswer> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    int n = 0;
    for (VariantAnswer a : parts) {
      n += a.size();
    }
    int[] part = new int[n];
    int[] row = new int[n];
    int at = 0;
    for (int p = 0; p < parts.size(); p++) {
      for (int r = 0; r < parts.get(p).size(); r++, at++) {
        part[at] = p;
        row[at] = r;
      }
    }
    return new JoinedRows(parts, part, row, true);
  }

  /** Rows {@code row[i]} of parts {@code part[i]}, in that order. */
  static VariantAnswer select(List<VariantAnswer> parts, int[] part, int[] row) {
    return new JoinedRows(parts, part.clone(), row.clone(), false);
  }

  @Override
  public int size() {
    return part.length;
  }

  @Override
  public VariantRow get(int i) {
    return parts.get(part[i]).get(row[i]);
  }

  @Override
  public Cursor cursor() {
    return whole ? new PartsCursor() : VariantAnswer.super.cursor();
  }

  /** The parts' cursors one after another. */
  private final class PartsCursor implements Cursor {
    private int at = -1;
    private Cursor current;
    private final PrecomputedText precomputed = new PrecomputedText() {
      @Override
      public boolean plainText() {
        return current.precomputed().plainText();
      }

      @Override
      public int copyAfText(byte[] dst, int at) {
        return current.precomputed().copyAfText(dst, at);
      }
    };

    @Override
    public boolean next() {
      while (true) {
        if (current != null && current.next()) {
          return true;
        }
        if (at + 1 >= parts.size()) {
          return false;
        }
        current = parts.get(++at).cursor();
      }
    }

    @Override
    public String chrom() {
      return current.chrom();
    }

    @Override
    public int pos() {
      return current.pos();
    }

    @Override
    public byte[] text() {
      return current.text();
    }

    @Override
    public int textStart() {
      return current.textStart();
    }

    @Override
    public int textEnd() {
      return current.textEnd();
    }

    @Override
    public int idEnd() {
      return current.idEnd();
    }

    @Override
    public int refEnd(int idEnd) {
      return current.refEnd(idEnd);
    }

    @Override
    public boolean hasId() {
      return current.hasId();
    }

    @Override
    public PrecomputedText precomputed() {
      return precomputed;
    }

    @Override
    public int het() {
      return current.het();
    }

    @Override
    public int hom() {
      return current.hom();
    }

    @Override
    public int ac() {
      return current.ac();
    }

    @Override
    public int an() {
      return current.an();
    }
  }
}
