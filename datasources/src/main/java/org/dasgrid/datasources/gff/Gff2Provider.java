package org.dasgrid.datasources.gff;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.TextInput;
import org.dasgrid.datasources.provider.ContigSelectingProvider;

/**
 * GFF2 ({@code format: gff2}), e.g. WormBase. htsjdk has no GFF2 codec, so lines are parsed here. The
 * group (first attribute, e.g. {@code Transcript "B0019.1"}) becomes the feature's DAS GROUP/PARENT; GFF3-style
 * {@code ID}/{@code Parent} attributes, used by later WormBase releases under the GFF2 name, are honoured
 * as in GFF3; {@code Note} and {@code Target} become NOTE and TARGET.
 */
public class Gff2Provider extends ContigSelectingProvider {
  private static final int PROGRESS_EVERY = 4096;
  /** GFF2 group classes that name a feature's own id rather than a parent it belongs to. */
  private static final List<String> SELF_TAGS = List.of("ID");

  public Gff2Provider() {
    this("gff2");
  }

  /** For a dialect of GFF2 read the same way ({@link GtfProvider}). */
  Gff2Provider(String format) {
    super(format);
  }

  @Override
  public DataSource load(SourceConfig config, ContigSelection contigs, LoadMonitor monitor)
      throws SourceLoadException {
    Path file = config.path();
    InMemoryFeatureSource.Builder out = InMemoryFeatureSource.builder().keepOnly(contigs);
    Interner pool = new Interner();
    RecordShaper shaper = shaper();
    long lineNo = 0;
    try (TextInput input = TextInput.open(file)) {
      BufferedReader r = input.reader();
      String line;
      long records = 0;
      while ((line = r.readLine()) != null) {
        lineNo++;
        if (line.startsWith("##FASTA") || line.startsWith(">")) {
          break;
        }
        if (line.startsWith("##sequence-region")) {
          declare(line, out, pool);
          continue;
        }
        if (line.isBlank() || line.charAt(0) == '#') {
          continue;
        }
        try {
          out.add(parse(line, pool, shaper));
        } catch (GffColumns.BadColumn | IllegalArgumentException e) {
          input.checkComplete(lineNo);
          throw SourceLoadException.badRecord(file, lineNo, e.getMessage());
        }
        if (++records % PROGRESS_EVERY == 0) {
          monitor.progress(records, input.bytesRead());
        }
      }
      input.checkComplete(lineNo);
      shaper.finish(out, pool);
      monitor.progress(records, input.bytesRead());
      out.bytesRead(input.bytesRead());
    } catch (IOException e) {
      throw SourceLoadException.badRecord(file, lineNo + 1, TextInput.describe(e));
    }
    return out.build();
  }

  /** How attributes become ids and parents; GTF overrides this. */
  RecordShaper shaper() {
    return new Gff2Shaper();
  }

  private static void declare(String line, InMemoryFeatureSource.Builder out, Interner pool) {
    String[] p = line.trim().split("\\s+");
    if (p.length >= 4) {
      try {
        out.declareReference(pool.intern(p[1]), Integer.parseInt(p[3]));
      } catch (NumberFormatException e) {
        // lengths then come from the features
      }
    }
  }

  static Feature.Builder parse(String line, Interner pool, RecordShaper shaper) {
    String[] cols = GffColumns.split(line, 9);
    if (cols.length < 8) {
      throw new GffColumns.BadColumn("expected 8 or 9 tab-separated columns, found " + cols.length);
    }
    int start = GffColumns.coordinate(cols[3], "start");
    int end = GffColumns.coordinate(cols[4], "end");
    GffColumns.checkRange(start, end);
    if (cols[0].isEmpty()) {
      throw new GffColumns.BadColumn("empty reference name");
    }
    Feature.Builder b = Feature.builder(pool.intern(cols[0]), start, end)
        .type(pool.type(cols[2]))
        .method(pool.method(cols[1]))
        .score(GffColumns.score(cols[5]))
        .orientation(GffColumns.strand(cols[6]))
        .phase(GffColumns.phase(cols[7]));
    Gff2Attributes.Parsed attrs = Gff2Attributes.parse(cols.length > 8 ? cols[8] : "");
    shaper.shape(b, attrs, pool);
    return b;
  }

  /** Turns parsed attributes into a feature's id, label, parents and annotations. */
  interface RecordShaper {
    void shape(Feature.Builder b, Gff2Attributes.Parsed attrs, Interner pool);

    /** Adds any features implied by the records (GTF's missing genes and transcripts). */
    default void finish(InMemoryFeatureSource.Builder out, Interner pool) {}
  }

  /** GFF2: ID/Parent if present, else the group tag's value as parent. */
  static final class Gff2Shaper implements RecordShaper {
    @Override
    public void shape(Feature.Builder b, Gff2Attributes.Parsed attrs, Interner pool) {
      Map<String, List<String>> v = attrs.values();
      first(v, "ID").ifPresent(id -> b.id(pool.intern(id)));
      first(v, "Name").ifPresent(b::label);
      for (String parent : v.getOrDefault("Parent", List.of())) {
        b.parent(pool.intern(parent));
      }
      String group = attrs.firstTag();
      if (!attrs.keyValueStyle() && group != null && !SELF_TAGS.contains(group)
          && !GffAttributes.STRUCTURAL.contains(group)) {
        List<String> gv = v.get(group);
        if (gv != null && !gv.isEmpty() && !gv.get(0).isEmpty()) {
          b.parent(pool.intern(gv.get(0)));
          b.note(GffAttributes.note(pool, group, gv.get(0)));
        }
        Map<String, List<String>> rest = new java.util.LinkedHashMap<>(v);
        rest.remove(group);
        GffAttributes.addAnnotations(b, rest, pool);
        return;
      }
      GffAttributes.addAnnotations(b, v, pool);
    }
  }

  static java.util.Optional<String> first(Map<String, List<String>> v, String key) {
    List<String> l = v.get(key);
    return l == null || l.isEmpty() || l.get(0).isEmpty() ? java.util.Optional.empty()
        : java.util.Optional.of(l.get(0));
  }
}
