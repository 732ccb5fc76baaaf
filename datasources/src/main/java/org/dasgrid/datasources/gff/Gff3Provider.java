package org.dasgrid.datasources.gff;

import htsjdk.tribble.TribbleException;
import htsjdk.tribble.gff.Gff3Codec;
import htsjdk.tribble.gff.Gff3Feature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.gene.Gene;
import org.dasgrid.core.gene.GeneFileReader;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.TextInput;
import org.dasgrid.datasources.provider.ContigSelectingProvider;

/**
 * GFF3 ({@code format: gff3}), parsed with htsjdk's {@link Gff3Codec} one line at a time ({@code SHALLOW}:
 * we build the ID/Parent hierarchy ourselves, as DAS PARENT/PART, without htsjdk holding the whole graph).
 * Plain or gzipped input.
 *
 * <p>Why htsjdk's codec and not a faster hand-written parser: on a 1M-feature, 120 MB GFF3 the codec decodes
 * at about 70 MB/s of one core's time, roughly half of the loader's CPU time; the rest of a load is building
 * the features and, on small heaps, garbage collection. A parser of our own would save at most about 1.5 s of
 * CPU per million features (docs/datasources.md, "Load speed"), not enough to own a second GFF3 parser.
 */
public final class Gff3Provider extends ContigSelectingProvider implements GeneFileReader {
  private static final int PROGRESS_EVERY = 4096;

  public Gff3Provider() {
    super("gff3");
  }

  @Override
  public DataSource load(SourceConfig config, ContigSelection contigs, LoadMonitor monitor)
      throws SourceLoadException {
    Path file = config.path();
    InMemoryFeatureSource.Builder out = InMemoryFeatureSource.builder().keepOnly(contigs);
    Interner pool = new Interner();
    try (TextInput input = TextInput.open(file)) {
      GffLines lines = new GffLines(input.reader());
      Gff3Codec codec = new Gff3Codec(Gff3Codec.DecodeDepth.SHALLOW);
      long records = 0;
      try {
        codec.readHeader(lines);
        while (!codec.isDone(lines)) {
          Gff3Feature f = codec.decode(lines);
          if (f == null) {
            continue;
          }
          out.add(toFeature(f, lines.lastLine(), pool));
          if (++records % PROGRESS_EVERY == 0) {
            monitor.progress(records, input.bytesRead());
          }
        }
      } catch (TribbleException e) {
        input.checkComplete(lines.lastLineNumber());
        throw SourceLoadException.badRecord(file, lines.lastLineNumber(), htsjdkReason(e, lines.lastLine()));
      } catch (GffColumns.BadColumn | IllegalArgumentException e) {
        input.checkComplete(lines.lastLineNumber());
        throw SourceLoadException.badRecord(file, lines.lastLineNumber(), e.getMessage());
      } catch (UncheckedIOException e) {
        throw SourceLoadException.badRecord(file, lines.lastLineNumber() + 1, TextInput.describe(e.getCause()));
      }
      input.checkComplete(lines.lastLineNumber());
      for (Map.Entry<String, Integer> r : lines.sequenceRegions().entrySet()) {
        out.declareReference(pool.intern(r.getKey()), r.getValue());
      }
      monitor.progress(records, input.bytesRead());
      out.bytesRead(input.bytesRead());
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "read failed: " + e.getMessage());
    }
    return out.build();
  }

  /** The genes of a GFF3 file, for a genotype source's {@code genes:} ({@link GeneRecords#gff3}). */
  @Override
  public List<Gene> readGenes(Path file) throws SourceLoadException {
    return GeneRecords.gff3(file);
  }

  static Feature.Builder toFeature(Gff3Feature f, String rawLine, Interner pool) {
    String[] cols = GffColumns.split(rawLine, 9);
    int start = GffColumns.coordinate(cols[3], "start");
    int end = GffColumns.coordinate(cols[4], "end");
    GffColumns.checkRange(start, end);
    Feature.Builder b = Feature.builder(pool.intern(f.getContig()), start, end)
        .type(pool.type(f.getType()))
        .method(pool.method(f.getSource()))
        .score(GffColumns.score(cols[5]))
        .orientation(GffColumns.strand(cols[6]))
        .phase(GffColumns.phase(cols[7]));
    String id = f.getID();
    if (id != null && !id.isEmpty()) {
      b.id(pool.intern(id));
    }
    String name = f.getName();
    if (name != null && !name.isEmpty()) {
      b.label(name);
    }
    for (String parent : f.getAttribute("Parent")) {
      b.parent(pool.intern(parent));
    }
    GffAttributes.addAnnotations(b, f.getAttributes(), pool);
    return b;
  }

  /**
   * Why htsjdk refused a line: our own reading of its fixed columns when one is wrong (htsjdk reports a bad
   * score or phase as a bad start/end), else htsjdk's message without the echoed line and its own line count.
   */
  static String htsjdkReason(TribbleException e, String line) {
    if (line != null && !line.startsWith("#")) {
      String[] cols = GffColumns.split(line, 9);
      if (cols.length == 9) {
        try {
          GffColumns.checkRange(GffColumns.coordinate(cols[3], "start"), GffColumns.coordinate(cols[4], "end"));
          GffColumns.score(cols[5]);
          GffColumns.strand(cols[6]);
          GffColumns.phase(cols[7]);
        } catch (GffColumns.BadColumn bad) {
          return bad.getMessage();
        }
      }
    }
    return htsjdkReason(e);
  }

  /** htsjdk's message without the echoed line, which the user has in the file already. */
  static String htsjdkReason(TribbleException e) {
    String m = e.getMessage() == null ? "malformed record" : e.getMessage();
    int cut = m.indexOf("Line is:");
    if (cut < 0) {
      cut = m.indexOf(" : ");
    }
    if (cut > 0) {
      m = m.substring(0, cut);
    }
    // htsjdk counts lines its own way ("at line + 2"); the loader names the real line
    m = m.replaceAll("\\s+(?:at|from) line\\s*\\+?\\s*\\d+\\.?", " ").replaceAll("\\s+", " ").trim();
    return m.length() <= 160 ? m : m.substring(0, 157) + "...";
  }
}
