package org.dasgrid.core.genotype.internal.engine;

import java.util.Optional;
import org.dasgrid.core.genotype.PrecomputedText;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.internal.store.AfTexts;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;

/** The engine's answer: its row numbers and the counts computed for the chosen samples. */
public final class IndexVariantAnswer implements VariantAnswer {
  private final GenotypeStore store;
  /** Whether the counts are the whole cohort's, so the rows' af texts made at load apply. */
  private final boolean wholeCohort;
  private final int size;
  private final int[] contig;
  private final int[] row;
  private final int[] het;
  private final int[] hom;
  private final int[] ac;
  private final int[] an;

  /** The rows of {@code rows}; their counts are the whole cohort's when {@code wholeCohort}. */
  IndexVariantAnswer(GenotypeStore store, boolean wholeCohort, RowBuffer rows) {
    this(store, wholeCohort, rows.size, rows.contig, rows.row, rows.het, rows.hom, rows.ac, rows.an);
  }

  private IndexVariantAnswer(GenotypeStore store, boolean wholeCohort, int size, int[] contig, int[] row, int[] het,
      int[] hom, int[] ac, int[] an) {
    this.store = store;
    this.wholeCohort = wholeCohort;
    this.size = size;
    this.contig = contig;
    this.row = row;
    this.het = het;
    this.hom = hom;
    this.ac = ac;
    this.an = an;
  }

  @Override
  public int size() {
    return size;
  }

  /** The first {@code n} rows (the same arrays). */
  public IndexVariantAnswer first(int n) {
    return new IndexVariantAnswer(store, wholeCohort, Math.min(n, size), contig, row, het, hom, ac, an);
  }

  /** Each answer row's contig number (valid up to {@link #size}; not copied). */
  public int[] contigs() {
    return contig;
  }

  /** Each answer row's row number in its contig (valid up to {@link #size}; not copied). */
  public int[] rows() {
    return row;
  }

  @Override
  public VariantRow get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    ContigRows c = store.contig(contig[i]);
    String[] t = c.text(row[i]);
    Optional<String> id = t[0].equals(".") ? Optional.empty() : Optional.of(t[0]);
    return new VariantRow(c.name, c.pos(row[i]), t[1], t[2], id, het[i], hom[i], ac[i], an[i]);
  }

  /** A cursor that also offers what the engine precomputed for the writer, as itself. */
  private interface PrecomputedCursor extends Cursor, PrecomputedText {}

  /** Reads the engine's arrays and text pool directly: no object per row. */
  @Override
  public Cursor cursor() {
    return new PrecomputedCursor() {
      private int i = -1;
      private int contigNumber = -1;
      private ContigRows rows;
      /** The contig's text pool when on the heap (handed to writers as it is), else null. */
      private byte[] pool;
      /** What {@link #text} returns: the pool, or a copy of the current row's text from a mapped one. */
      private byte[] text;
      /** Added to the rows' text offsets to find them in {@link #text} (0 for a heap pool). */
      private int shift;
      /** The contig's whole-cohort af texts; null for a virtual cohort's answer, whose counts are its own. */
      private AfTexts afTexts;
      private int r;
      private int start;

      @Override
      public boolean next() {
        if (i + 1 >= size) {
          i = size;
          return false;
        }
        i++;
        if (contig[i] != contigNumber) {
          contigNumber = contig[i];
          rows = store.contig(contigNumber);
          pool = rows.text().array();
          text = pool != null ? pool : new byte[64];
          afTexts = wholeCohort ? store.afTexts(contigNumber) : null;
        }
        r = row[i];
        start = rows.textStart(r);
        if (pool == null) {
          copyRowText();
        }
        return true;
      }

      /**
       * Copies the row's text from a mapped pool into {@link #text} from 0, with the slack {@link
       * #plainText} promises (the pool holds it after its last row; the copy keeps the row's next bytes).
       */
      private void copyRowText() {
        int end = rows.textEnd(r);
        int n = Math.min(end - start + TextRules.installed().slack(), rows.text().length() - start);
        if (text.length < end - start + TextRules.installed().slack()) {
          text = new byte[Math.max(2 * text.length, end - start + TextRules.installed().slack())];
        }
        rows.text().copy(start, text, 0, n);
        shift = -start;
        start = 0;
      }

      @Override
      public String chrom() {
        return rows.name;
      }

      @Override
      public int pos() {
        return rows.pos(r);
      }

      @Override
      public byte[] text() {
        return text;
      }

      @Override
      public int textStart() {
        return start;
      }

      @Override
      public int textEnd() {
        return rows.textEnd(r) + shift;
      }

      @Override
      public int idEnd() {
        return rows.idEnd(r) + shift;
      }

      @Override
      public int refEnd(int idEnd) {
        return rows.refEnd(r, idEnd - shift) + shift;
      }

      @Override
      public boolean hasId() {
        // the engine stores "." for a site without ID (GenotypeIndexBuilder.startSite)
        return text[start] != '.' || text[start + 1] != '\t';
      }

      @Override
      public PrecomputedText precomputed() {
        return this;
      }

      @Override
      public boolean plainText() {
        return rows.plainText(r);
      }

      @Override
      public int het() {
        return het[i];
      }

      @Override
      public int hom() {
        return hom[i];
      }

      @Override
      public int ac() {
        return ac[i];
      }

      @Override
      public int an() {
        return an[i];
      }

      @Override
      public int copyAfText(byte[] dst, int at) {
        return afTexts == null ? -1 : afTexts.copyText(r, dst, at);
      }
    };
  }
}
