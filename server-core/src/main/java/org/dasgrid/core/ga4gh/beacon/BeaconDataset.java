package org.dasgrid.core.ga4gh.beacon;

import java.util.Objects;
import org.dasgrid.core.config.Coordinates;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.source.DataSource;

/**
 * One Beacon dataset: a loaded VCF source with genotypes that the client may read. {@code caseLevel} says
 * whether its answers may name the samples carrying a variant (see {@link BeaconDatasets}); {@code genes} is its
 * source's gene annotation ({@code genes:}), through which {@code geneId} finds spans.
 */
public record BeaconDataset(String id, String title, String description, Coordinates coordinates,
    DataSource data, GenotypeQueries engine, boolean caseLevel, GeneLookup genes) {
  /** A dataset without gene annotation. */
  public BeaconDataset(String id, String title, String description, Coordinates coordinates, DataSource data,
      GenotypeQueries engine, boolean caseLevel) {
    this(id, title, description, coordinates, data, engine, caseLevel, GeneLookup.NONE);
  }

  public BeaconDataset {
    genes = genes == null ? GeneLookup.NONE : genes;
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(coordinates, "coordinates");
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(engine, "engine");
    title = title == null ? id : title;
    description = description == null ? "" : description;
  }

  /** The assembly this dataset's positions are on, as Beacon's {@code assemblyId} names it. */
  public String assemblyId() {
    return Assemblies.name(coordinates);
  }
}
