package org.dasgrid.core.ga4gh.beacon;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.cluster.ClusterSource;
import org.dasgrid.core.cluster.ClusterView;
import org.dasgrid.core.cluster.FanOutOptions;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.GenotypeSource;

/**
 * The datasets a client sees: every loaded source with genotypes that {@link AccessCheck} lets it read, in
 * config order. A protected source it may not read is left out entirely, as DAS leaves it out of its sources.
 *
 * <p>Case-level data (which samples carry a variant) is given for a protected source to a client holding its
 * token, for a tiered one to a client reaching its genotypes tier, and for a public source only when its config says {@code options: {beaconCaseLevelData: "true"}}: a
 * public Beacon answers about variants, not people, unless its owner chose otherwise.
 *
 * <p>A source sharded over a cluster is a dataset like any other: it is answered through a view for this
 * request, which asks the nodes holding the queried contigs (no partial answers: a Beacon count must be
 * whole) and reports who answered to the {@code reports} sink.
 */
public final class BeaconDatasets {
  /** The {@code options:} key that lets a public source show its samples in Beacon records. */
  public static final String CASE_LEVEL_OPTION = "beaconCaseLevelData";

  private BeaconDatasets() {}

  public static List<BeaconDataset> readable(SourceRegistry registry, AccessCheck access) {
    return readable(registry, access, report -> { });
  }

  public static List<BeaconDataset> readable(SourceRegistry registry, AccessCheck access,
      Consumer<FanOutReport> reports) {
    Function<SourceConfig, Optional<DatasetAccess>> open =
        config -> access.mayRead(config) ? Optional.of(DatasetAccess.OPEN) : Optional.empty();
    return readableAtTiers(registry, open, reports);
  }

  /**
   * The datasets a client sees at the tiers it reaches: {@code tiers} says, per source, what the client may have
   * of it ({@link DatasetAccess}), or nothing for a source it may not see at all (not even its aggregate tier).
   */
  public static List<BeaconDataset> readableAtTiers(SourceRegistry registry,
      Function<SourceConfig, Optional<DatasetAccess>> tiers, Consumer<FanOutReport> reports) {
    List<BeaconDataset> out = new ArrayList<>();
    for (SourceSlot slot : registry.all()) {
      SourceConfig config = slot.config();
      Optional<DatasetAccess> access = tiers.apply(config);
      if (access.isEmpty()) {
        continue;
      }
      LoadedSource loaded = slot.loaded().orElse(null);
      if (loaded == null || loaded.data().capability(GenotypeSource.class).isEmpty()) {
        continue; // not loaded (yet), or no genotypes: nothing to answer with
      }
      // a tiered source names its samples to the callers reaching its genotypes tier (contract section 11)
      boolean caseLevel = access.get().sampleRecords() && (config.access() == Access.TOKEN
          || config.tiers().restricted() || Boolean.parseBoolean(config.option(CASE_LEVEL_OPTION, "false")));
      DataSource data = loaded.data();
      if (data instanceof ClusterSource sharded) {
        ClusterView view = sharded.open(FanOutOptions.STRICT);
        reports.accept(view.report());
        data = view;
      }
      out.add(new BeaconDataset(config.id(), config.title(), config.description(), config.coordinates(),
          data, data.capability(GenotypeSource.class).orElseThrow().genotypes(), caseLevel, loaded.genes(), access.get(), loaded.sheet()));
    }
    return out;
  }

  /**
   * The genotype sources a client may read that cannot answer now (their load failed, or is still under way),
   * each with the registry's reason: a query naming one is answered 503 with that reason, as every other
   * API answers for such a source, not 404 as if it did not exist.
   */
  public static List<UnavailableDataset> unavailable(SourceRegistry registry, AccessCheck access) {
    List<UnavailableDataset> out = new ArrayList<>();
    for (SourceSlot slot : registry.all()) {
      if (!slot.config().genotypes() || !access.mayRead(slot.config()) || slot.loaded().isPresent()) {
        continue;
      }
      try {
        registry.require(slot.id());
      } catch (RequestException e) {
        out.add(new UnavailableDataset(slot.id(), e.kind(), e.getMessage()));
      }
    }
    return out;
  }
}
