package org.dasgrid.datasources.gff;

import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.datasources.io.MalformedRecord;

/**
 * Decodes single GFF2 or GTF lines exactly as {@link Gff2Provider} or {@link GtfProvider} does, for readers that
 * get lines one at a time: GFF2 with the group as parent and GFF3-style {@code ID}/{@code Parent} honoured, GTF
 * with {@code gene_id}/{@code transcript_id} as parents. GTF genes and transcripts that have no line of their
 * own are not made here: {@link GtfProvider} infers them from the whole file. Not thread-safe.
 */
public final class Gff2Records {
  private final Interner pool;
  private final Gff2Provider.RecordShaper shaper;

  private Gff2Records(Interner pool, Gff2Provider.RecordShaper shaper) {
    this.pool = pool;
    this.shaper = shaper;
  }

  /** Lines of a GFF2 file. */
  public static Gff2Records gff2(Interner pool) {
    return new Gff2Records(pool, new Gff2Provider().shaper());
  }

  /** Lines of a GTF file. */
  public static Gff2Records gtf(Interner pool) {
    return new Gff2Records(pool, new GtfProvider().shaper());
  }

  /**
   * The feature of a data line; null for blank lines and comments.
   *
   * @throws MalformedRecord if the line is not valid GFF2 (or GTF)
   */
  public Feature.Builder decode(String line) {
    if (line.isBlank() || line.charAt(0) == '#') {
      return null;
    }
    try {
      return Gff2Provider.parse(line, pool, shaper);
    } catch (GffColumns.BadColumn | IllegalArgumentException e) {
      throw new MalformedRecord(e.getMessage());
    }
  }
}
