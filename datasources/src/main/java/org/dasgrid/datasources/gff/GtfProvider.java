package org.dasgrid.datasources.gff;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.feature.Method;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.gene.Gene;
import org.dasgrid.core.gene.GeneFileReader;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.core.source.InMemoryFeatureSource;

/**
 * GTF ({@code format: gtf}, GENCODE/Ensembl): {@code gene_id}/{@code transcript_id} become the DAS hierarchy
 * gene → transcript → exon/CDS/UTR. GTF files often leave out gene and transcript lines; those features are
 * then made from the extent of their parts, so PARENT always points at a feature that exists.
 */
public final class GtfProvider extends Gff2Provider implements GeneFileReader {
  public GtfProvider() {
    super("gtf");
  }

  /** The genes of a GTF file, for a genotype source's {@code genes:} ({@link GeneRecords#gtf}). */
  @Override
  public List<Gene> readGenes(java.nio.file.Path file) throws SourceLoadException {
    return GeneRecords.gtf(file);
  }

  @Override
  RecordShaper shaper() {
    return new GtfShaper();
  }

  private static final class GtfShaper implements RecordShaper {
    private final Set<String> definedGenes = new HashSet<>();
    private final Set<String> definedTranscripts = new HashSet<>();
    private final Map<String, Extent> genes = new LinkedHashMap<>();
    private final Map<String, Extent> transcripts = new LinkedHashMap<>();

    @Override
    public void shape(Feature.Builder b, Gff2Attributes.Parsed attrs, Interner pool) {
      Map<String, List<String>> v = attrs.values();
      String gene = first(v, "gene_id").orElse(null);
      String transcript = first(v, "transcript_id").orElse(null);
      String type = b.type().id();
      if (type.equals("gene") && gene != null) {
        b.id(pool.intern(gene));
        first(v, "gene_name").ifPresent(b::label);
        definedGenes.add(gene);
      } else if (type.equals("transcript") && transcript != null) {
        b.id(pool.intern(transcript));
        first(v, "transcript_name").ifPresent(b::label);
        definedTranscripts.add(transcript);
        if (gene != null) {
          b.parent(pool.intern(gene));
          extend(genes, gene, null, b, v, "gene_name");
        }
      } else if (transcript != null) {
        b.parent(pool.intern(transcript));
        extend(transcripts, transcript, gene, b, v, "transcript_name");
        if (gene != null) {
          extend(genes, gene, null, b, v, "gene_name");
        }
      } else if (gene != null) {
        b.parent(pool.intern(gene));
        extend(genes, gene, null, b, v, "gene_name");
      }
      Map<String, List<String>> rest = new LinkedHashMap<>(v);
      rest.remove("gene_id");
      rest.remove("transcript_id");
      GffAttributes.addAnnotations(b, rest, pool);
    }

    private static void extend(Map<String, Extent> extents, String id, String parent, Feature.Builder child,
        Map<String, List<String>> v, String nameKey) {
      Extent e = extents.get(id);
      if (e == null) {
        e = new Extent(child.ref(), child.start(), child.end(), parent, first(v, nameKey).orElse(null));
        extents.put(id, e);
      } else {
        e.start = Math.min(e.start, child.start());
        e.end = Math.max(e.end, child.end());
      }
      if (e.method == null) {
        e.method = child.method();
        e.orientation = child.orientation();
      }
    }

    @Override
    public void finish(InMemoryFeatureSource.Builder out, Interner pool) {
      add(out, pool, transcripts, definedTranscripts, "transcript");
      add(out, pool, genes, definedGenes, "gene");
    }

    private static void add(InMemoryFeatureSource.Builder out, Interner pool, Map<String, Extent> extents,
        Set<String> defined, String type) {
      for (Map.Entry<String, Extent> en : extents.entrySet()) {
        if (defined.contains(en.getKey())) {
          continue;
        }
        Extent e = en.getValue();
        Feature.Builder b = Feature.builder(e.ref, e.start, e.end)
            .id(en.getKey())
            .label(e.name == null ? en.getKey() : e.name)
            .type(pool.type(type))
            .method(e.method)
            .orientation(e.orientation)
            .note("inferred from the extent of its parts (no " + type + " line in the GTF)");
        if (e.parent != null) {
          b.parent(e.parent);
        }
        out.add(b);
      }
    }
  }

  /** The span of a gene or transcript seen through its parts. */
  private static final class Extent {
    final String ref;
    int start;
    int end;
    final String parent;
    final String name;
    Method method;
    Orientation orientation = Orientation.NONE;

    Extent(String ref, int start, int end, String parent, String name) {
      this.ref = ref;
      this.start = start;
      this.end = end;
      this.parent = parent;
      this.name = name;
    }
  }
}
