package org.dasgrid.core.ga4gh.beacon;

import java.util.List;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.gene.GeneSpans;
import org.dasgrid.core.segment.Segment;

/**
 * Beacon's {@code geneId} query: the variants within the gene's span, found through each dataset's gene
 * annotation ({@code genes:} of its source; the same index as the genotype API's {@code gene=}). A dataset
 * without a readable gene annotation cannot answer it and is left out of the answer; if none of the chosen
 * datasets has one, the query is unavailable (503, a genes file is broken) or unsupported (501). A gene that no dataset's annotation knows is a 404 naming it; a dataset
 * whose annotation lacks a gene another has answers none. A name for several genes covers all their spans.
 */
final class GeneQuery {
  private GeneQuery() {}

  /** The datasets that can answer a geneId query, after checking the gene is known to one of them. */
  static List<BeaconDataset> datasets(List<BeaconDataset> chosen, String geneId) {
    List<BeaconDataset> annotated = chosen.stream().filter(d -> d.genes() instanceof GeneLookup.Ready).toList();
    if (annotated.isEmpty()) {
      // a dataset whose genes file is broken says why (503); with none configured, the query is unsupported
      chosen.stream().filter(d -> d.genes() instanceof GeneLookup.Unavailable)
          .forEach(d -> d.genes().require("geneId"));
      throw RequestException.unsupported("geneId queries need a gene annotation source ('genes:' of a dataset's "
          + "source), and none is configured for the datasets asked; ask by referenceName with start and end");
    }
    boolean known = false;
    for (BeaconDataset d : annotated) {
      known |= !d.genes().require("geneId").find(geneId).isEmpty();
    }
    if (!known) {
      throw RequestException.notFound("geneId: unknown gene: %s (not a name, ID or alias in the datasets' gene "
          + "annotation)", VariantRequestParser.shorten(geneId));
    }
    return annotated;
  }

  /** The dataset's segments for the gene: its spans on the dataset's contigs, joined where they overlap. */
  static List<Segment> segments(BeaconDataset ds, String geneId) {
    if (ds.genes().require("geneId").find(geneId).isEmpty()) {
      return List.of();
    }
    return GeneSpans.resolve(ds.genes().require("geneId"), List.of(geneId), ds.data(), "geneId").segments(ds.data());
  }
}
