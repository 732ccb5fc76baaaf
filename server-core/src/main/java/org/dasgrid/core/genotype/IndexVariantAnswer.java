package org.dasgrid.core.genotype;

/** The engine's answer: its row numbers and the counts computed for the chosen samples. */
final class IndexVariantAnswer implements VariantAnswer {
  private final GenotypeIndex index;
  /** Whether the counts are the whole cohort's, so the rows' af texts made at load apply. */
  private final boolean wholeCohort;
  private final int size;
  private final int[] contig;
  private final int[] row;
  private final int[] het;
  private final int[] hom;
  private final int[] ac;
  private final int[] an;

  IndexVariantAnswer(GenotypeIndex index, boolean wholeCohort, int size, int[] contig, int[] row, int[] het,
      int[] hom, int[] ac, int[] an) {
    this.index = index;
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
  IndexVariantAnswer first(int n) {
    return new IndexVariantAnswer(index, wholeCohort, Math.min(n, size), contig, row, het, hom, ac, an);
  }

  /** Each answer row's contig number (valid up to {@link #size}; not copied). */
  int[] contigs() {
    return contig;
  }

  /** Each answer row's row number in its contig (valid up to {@link #size}; not copied). */
  int[] rows() {
    return row;
  }

  @Override
  public VariantRow get(int i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i);
    }
    return index.row(contig[i], row[i], het[i], hom[i], ac[i], an[i]);
  }

  /** Reads the engine's arrays and text pool directly: no object per row. */
  @Override
  public Cursor cursor() {
    return new Cursor() {
      private int i = -1;
      private int contigNumber = -1;
      private ContigRows rows;
      private byte[] text;
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
          rows = index.contigRows(contigNumber);
          text = rows.textBytes();
          afTexts = wholeCohort ? index.afTexts(contigNumber) : null;
        }
        r = row[i];
        start = rows.textStart(r);
        return true;
      }

      @Override
      public String chrom() {
        return rows.name;
      }

      @Override
      public int pos() {
        return rows.pos[r];
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
        return rows.textEnd(r);
      }

      @Override
      public int idEnd() {
        return rows.idEnd(r);
      }

      @Override
      public int refEnd(int idEnd) {
        return rows.refEnd(r, idEnd);
      }

      @Override
      public boolean hasId() {
        // the engine stores "." for a site without ID (GenotypeIndexBuilder.startSite)
        return text[start] != '.' || text[start + 1] != '\t';
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
