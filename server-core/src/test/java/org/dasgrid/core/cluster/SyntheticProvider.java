package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.feature.Method;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.ForwardingDataSource;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;

/**
 * Format {@code synthetic}: the same features and genotypes every time (from a fixed seed, whatever the
 * file holds), loading only the selected contigs the way real providers do. Contigs c1..c5; features with
 * some ids repeated across contigs; with {@code genotypes: true}, 40 samples with multi-allelic sites, missing
 * and haploid calls.
 */
final class SyntheticProvider implements DataSourceProvider {
  static final List<String> CONTIGS = List.of("c1", "c2", "c3", "c4", "c5");
  static final int SAMPLES = 40;
  private static final List<FeatureType> TYPES = List.of(
      new FeatureType("gene", "transcription", "SO:0000704"), new FeatureType("exon", "transcription", ""),
      new FeatureType("TF_binding_site", "regulatory", ""), new FeatureType("SNV", "variation", ""));
  private static final Method METHOD = new Method("synthetic", "synthetic");

  @Override
  public String format() {
    return "synthetic";
  }

  @Override
  public DataSource load(SourceConfig config, LoadMonitor monitor) {
    return load(config, ContigSelection.ALL, monitor);
  }

  @Override
  public DataSource load(SourceConfig config, ContigSelection contigs, LoadMonitor monitor) {
    InMemoryFeatureSource.Builder b = InMemoryFeatureSource.builder().keepOnly(contigs);
    for (String c : CONTIGS) {
      Random r = new Random(c.hashCode());
      for (int i = 0; i < 400; i++) {
        int start = 1 + r.nextInt(100_000);
        Feature.Builder f = Feature.builder(c, start, start + r.nextInt(3_000))
            .id(i % 97 == 0 ? "shared" + (i / 97) : c + "_f" + i)
            .type(TYPES.get(r.nextInt(TYPES.size())))
            .method(METHOD)
            .orientation(r.nextBoolean() ? Orientation.FORWARD : Orientation.REVERSE)
            .note("n" + i);
        if (r.nextInt(3) == 0) {
          f.score(r.nextInt(1000) / 10.0);
        }
        b.add(f.build());
      }
    }
    InMemoryFeatureSource features = b.build();
    if (!config.genotypes()) {
      return features;
    }
    List<String> samples = new ArrayList<>();
    for (int s = 0; s < SAMPLES; s++) {
      samples.add("S" + s);
    }
    GenotypeIndexBuilder g = new GenotypeIndexBuilder(samples);
    for (String c : CONTIGS) {
      if (!contigs.includes(c)) {
        g.declareContig(c); // another node's: it keeps its place in the order
        continue;
      }
      Random gr = new Random(31L * c.hashCode());
      int pos = 0;
      for (int i = 0; i < 300; i++) {
        pos += 1 + gr.nextInt(300);
        int alts = gr.nextInt(8) == 0 ? 2 : 1;
        List<String> altList = alts == 2 ? List.of("C", "G") : List.of("T");
        g.startSite(c, pos, pos, "rs" + c + "_" + i, "A", altList);
        boolean haploid = c.equals("c5");
        for (int s = 0; s < SAMPLES; s++) {
          int x = gr.nextInt(100);
          if (x < 4) {
            g.diploid(s, GenotypeIndexBuilder.MISSING, GenotypeIndexBuilder.MISSING);
          } else if (x < 20) {
            int a = 1 + gr.nextInt(alts);
            if (haploid) {
              g.haploid(s, a);
            } else {
              g.diploid(s, 0, a);
            }
          } else if (x < 26) {
            int a = 1 + gr.nextInt(alts);
            if (haploid) {
              g.haploid(s, a);
            } else {
              g.diploid(s, a, a);
            }
          } else if (alts == 2 && x < 29) {
            g.diploid(s, 1, 2);
          }
        }
        g.endSite();
      }
    }
    return new WithGenotypes(features, g.build());
  }

  private static final class WithGenotypes extends ForwardingDataSource implements GenotypeSource {
    private final GenotypeQueries genotypes;

    WithGenotypes(DataSource features, GenotypeQueries genotypes) {
      super(features);
      this.genotypes = genotypes;
    }

    @Override
    public GenotypeQueries genotypes() {
      return genotypes;
    }
  }
}
