package org.dasgrid.core.ga4gh.beacon;

import java.util.Optional;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import java.util.Objects;
import org.dasgrid.core.config.Coordinates;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.source.DataSource;

/**
 * One Beacon dataset: a loaded VCF source with genotypes that the client may read. {@code caseLevel} says
 * whether its answers may name the samples carrying a variant (see {@link BeaconDatasets}); {@code genes} is its
 * source's gene annotation ({@code genes:}), through which {@code geneId} finds spans; {@code access} what the
 * client may have of it (its tiers); {@code sheet} its sample sheet, the individuals' sex, population, family.
 */
public record BeaconDataset(String id, String title, String description, Coordinates coordinates,
    DataSource data, GenotypeQueries engine, boolean caseLevel, GeneLookup genes, DatasetAccess access,
    Optional<SampleSheet> sheet) {
  /** A dataset open to the client, without a sample sheet. */
  public BeaconDataset(String id, String title, String description, Coordinates coordinates, DataSource data,
      GenotypeQueries engine, boolean caseLevel, GeneLookup genes) {
    this(id, title, description, coordinates, data, engine, caseLevel, genes, DatasetAccess.OPEN, Optional.empty());
  }

  /** A dataset without gene annotation. */
  public BeaconDataset(String id, String title, String description, Coordinates coordinates, DataSource data,
      GenotypeQueries engine, boolean caseLevel) {
    this(id, title, description, coordinates, data, engine, caseLevel, GeneLookup.NONE);
  }

  public BeaconDataset {
    genes = genes == null ? GeneLookup.NONE : genes;
    access = access == null ? DatasetAccess.OPEN : access;
    sheet = sheet == null ? Optional.empty() : sheet;
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
