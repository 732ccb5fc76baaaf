package org.dasgrid.core.feature;

import java.util.Objects;

/**
 * A DAS feature type: its id (e.g. a Sequence Ontology term name such as {@code exon}), a category grouping
 * types for clients and stylesheets ({@code transcription}, {@code similarity}, {@code variation}...), and an
 * ontology accession ({@code cvId}), empty when unknown.
 */
public record FeatureType(String id, String category, String cvId) {
  public FeatureType {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(cvId, "cvId");
  }

  public boolean hasCvId() {
    return !cvId.isEmpty();
  }
}
