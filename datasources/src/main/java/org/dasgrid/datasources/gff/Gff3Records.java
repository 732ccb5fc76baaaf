package org.dasgrid.datasources.gff;

import htsjdk.tribble.TribbleException;
import htsjdk.tribble.gff.Gff3Codec;
import htsjdk.tribble.gff.Gff3Feature;
import htsjdk.tribble.readers.LineIterator;
import java.io.IOException;
import java.util.NoSuchElementException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.datasources.io.MalformedRecord;

/**
 * Decodes single GFF3 lines exactly as {@link Gff3Provider} does (htsjdk's codec, then the same mapping to
 * DAS features), for readers that get lines one at a time, such as a tabix region query. The features come
 * back unbuilt, with their {@code Parent}s named: linking parents to parts is the reader's job. Not
 * thread-safe; one per load or query.
 */
public final class Gff3Records {
  private final Gff3Codec codec = new Gff3Codec(Gff3Codec.DecodeDepth.SHALLOW);
  private final OneLine source = new OneLine();
  private final Interner pool;

  public Gff3Records(Interner pool) {
    this.pool = pool;
  }

  /**
   * The feature of a data line; null for comments and directives.
   *
   * @throws MalformedRecord if the line is not valid GFF3
   */
  public Feature.Builder decode(String line) {
    source.line = GffLines.escapePlusInAttributes(line);
    try {
      Gff3Feature f = codec.decode(source);
      return f == null ? null : Gff3Provider.toFeature(f, line, pool);
    } catch (TribbleException e) {
      throw new MalformedRecord(Gff3Provider.htsjdkReason(e, line));
    } catch (GffColumns.BadColumn | IllegalArgumentException e) {
      throw new MalformedRecord(e.getMessage());
    } catch (IOException e) {
      throw new MalformedRecord(e.getMessage());
    }
  }

  /** The coordinates of a GFF3 data line, {@code {start, end}}, without decoding it. */
  public static int[] span(String line) {
    String[] cols = GffColumns.split(line, 6);
    if (cols.length < 5) {
      throw new MalformedRecord("expected 9 tab-separated columns, found " + cols.length);
    }
    try {
      return new int[] {GffColumns.coordinate(cols[3], "start"), GffColumns.coordinate(cols[4], "end")};
    } catch (GffColumns.BadColumn e) {
      throw new MalformedRecord(e.getMessage());
    }
  }

  /** Feeds the codec one line at a time. */
  private static final class OneLine implements LineIterator {
    String line;

    @Override
    public String peek() {
      return line;
    }

    @Override
    public boolean hasNext() {
      return line != null;
    }

    @Override
    public String next() {
      if (line == null) {
        throw new NoSuchElementException();
      }
      String l = line;
      line = null;
      return l;
    }
  }
}
