package org.dasgrid.webapp.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.gene.Gene;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.GenotypeSource;

/**
 * Examples a page shows of what to type, taken from the source's own data, so a human cohort is never offered
 * a fly's gene: a feature name the name search finds (one of the features at the source's default locus, a
 * named gene first), two of its sample names, and a gene of its {@code genes:} annotation (at the default locus
 * if one is there). Each is absent when the source has none.
 */
record SourceHints(Optional<String> name, List<String> samples, Optional<String> gene) {
  /** Features looked at for a name: the default locus's first ones. */
  private static final int LOOKED_AT = 2_000;

  static SourceHints of(LoadedSource s, String defaultLocus) {
    Optional<Segment> locus = segment(defaultLocus);
    List<String> samples = s.data().capability(GenotypeSource.class)
        .map(g -> List.copyOf(g.genotypes().sampleNames().subList(0, Math.min(2, g.genotypes().sampleNames().size()))))
        .orElse(List.of());
    return new SourceHints(locus.flatMap(l -> name(s, l)), samples, gene(s.genes(), locus));
  }

  /** {@code REF:START-END} as a segment. */
  private static Optional<Segment> segment(String locus) {
    int colon = locus.lastIndexOf(':');
    int dash = locus.lastIndexOf('-');
    if (colon < 1 || dash < colon) {
      return Optional.empty();
    }
    return Optional.of(new Segment(locus.substring(0, colon), Integer.parseInt(locus.substring(colon + 1, dash)),
        Integer.parseInt(locus.substring(dash + 1))));
  }

  /** A named gene at the locus, else any feature with a name of its own, else any with an id. */
  private static Optional<String> name(LoadedSource s, Segment locus) {
    List<Feature> seen = new ArrayList<>();
    s.data().features(locus, FeatureFilter.ANY, f -> {
      if (seen.size() < LOOKED_AT) {
        seen.add(f);
      }
    });
    Optional<String> gene = seen.stream().filter(SourceHints::named)
        .filter(f -> f.type().id().equals("gene") || "SO:0000704".equals(f.type().cvId())).map(Feature::label)
        .findFirst();
    return gene.or(() -> seen.stream().filter(SourceHints::named).map(Feature::label).findFirst())
        .or(() -> seen.stream().map(Feature::id).filter(id -> id != null && !id.isEmpty()).findFirst());
  }

  private static boolean named(Feature f) {
    return f.label() != null && !f.label().isEmpty() && !f.label().equals(f.id());
  }

  /** A gene of the annotation on the locus's reference overlapping it, else its first gene. */
  private static Optional<String> gene(GeneLookup genes, Optional<Segment> locus) {
    if (!(genes instanceof GeneLookup.Ready ready) || ready.index().genes().isEmpty()) {
      return Optional.empty();
    }
    List<Gene> all = ready.index().genes();
    return all.stream().filter(g -> locus.isPresent() && g.contig().equals(locus.get().ref())
            && g.start() <= locus.get().stop() && g.end() >= locus.get().start())
        .findFirst().or(() -> Optional.of(all.get(0))).map(Gene::name);
  }
}
