package org.dasgrid.datasources.gff;

import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.datasources.io.MalformedRecord;

/**
 * Decodes single GTF lines exactly as {@link GtfProvider} does ({@code gene_id}/{@code transcript_id} as
 * parents), for readers that get lines one at a time. Genes and transcripts that have no line of their own
 * are not made here: {@link GtfProvider} infers them from the whole file. Not thread-safe.
 */
public final class GtfRecords {
  private final Interner pool;
  private final Gff2Provider.RecordShaper shaper = new GtfProvider().shaper();

  public GtfRecords(Interner pool) {
    this.pool = pool;
  }

  /**
   * The feature of a data line; null for blank lines and comments.
   *
   * @throws MalformedRecord if the line is not valid GTF
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
