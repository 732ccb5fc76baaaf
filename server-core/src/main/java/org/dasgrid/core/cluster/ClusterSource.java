package org.dasgrid.core.cluster;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.core.source.SourceStats;

/**
 * A sharded source as one node serves it: the part this node loaded, plus the other nodes' parts through the
 * cluster. Requests {@link #open} a {@link ClusterView} carrying their options and reporting who answered;
 * the source itself answers long-lived callers (the status page, metrics) like a view that allows no partial
 * answer, and lists references from what is known without waiting on other nodes.
 *
 * <p>Sequence comes from this node's own FASTA (every node reads the same files and FASTA stays on disk);
 * genotype capability follows the config, so every node advertises the same capabilities.
 */
public class ClusterSource implements DataSource {
  private final Cluster cluster;
  private final LoadedSource local;
  private final ContigSelection held;
  private final CatalogLookup localCatalog;
  private volatile CatalogLookup fetchedCatalog;

  ClusterSource(Cluster cluster, LoadedSource local, ContigSelection held) {
    this.cluster = cluster;
    this.local = local;
    this.held = held;
    this.localCatalog = held.isNone() ? null : new CatalogLookup(catalogOf(local.data()), "local");
  }

  static ClusterSource of(Cluster cluster, LoadedSource local, ContigSelection held) {
    return new ClusterSource(cluster, local, held);
  }

  private static SourceCatalog catalogOf(DataSource data) {
    Optional<GenotypeSource> g = data.capability(GenotypeSource.class);
    if (g.isPresent()) {
      return new SourceCatalog(data.entryPoints(), g.get().genotypes().sampleNames(), g.get().genotypes().contigs());
    }
    return new SourceCatalog(data.entryPoints(), List.of(), List.of());
  }

  public String id() {
    return local.id();
  }

  /** What this node loaded of the source (only the held contigs have features). */
  public DataSource local() {
    return local.data();
  }

  /** The contigs this node holds. */
  public ContigSelection held() {
    return held;
  }

  Cluster cluster() {
    return cluster;
  }

  /**
   * References of the source that no node holds (a mistake in {@code cluster.shards}: requests touching them
   * fail), as far as this node knows them (empty on a node holding none of the source).
   */
  public List<String> unassignedContigs() {
    if (localCatalog == null) {
      return List.of();
    }
    return localCatalog.entryPoints().stream().map(EntryPoint::name)
        .filter(c -> cluster.layout().holders(id(), c).isEmpty()).toList();
  }

  /** The nodes holding some of the source. */
  public List<String> holders() {
    return cluster.layout().holdersOfAny(id());
  }

  /** The source's version across the cluster (this node's and every other holder's). */
  public String version() {
    return cluster.version(id(), local.version());
  }

  /** A view for one request. */
  public ClusterView open(FanOutOptions options) {
    return ClusterView.of(this, new FanOut(cluster, id(), options));
  }

  /**
   * The catalog: this node's if it holds any of the source (every node lists every reference), else one
   * fetched from a node that does and kept until the source's version changes.
   */
  CatalogLookup catalog(FanOut fanOut) {
    if (localCatalog != null) {
      return localCatalog;
    }
    String version = version();
    CatalogLookup c = fetchedCatalog;
    if (c == null || !c.version().equals(version)) {
      SourceCatalog fetched = fanOut.any((node, deadline) -> node.catalog(id(), deadline));
      c = new CatalogLookup(fetched, version);
      fetchedCatalog = c;
    }
    return c;
  }

  /** The catalog if known without asking another node. */
  private Optional<CatalogLookup> knownCatalog() {
    return Optional.ofNullable(localCatalog != null ? localCatalog : fetchedCatalog);
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return knownCatalog().map(CatalogLookup::entryPoints).orElseGet(() -> {
      try {
        return open(FanOutOptions.STRICT).entryPoints();
      } catch (RuntimeException e) {
        return List.of(); // the status page says so; requests get the error
      }
    });
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return open(FanOutOptions.STRICT).entryPoint(nameOrAlias);
  }

  @Override
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {
    open(FanOutOptions.STRICT).features(segment, filter, sink);
  }

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    return open(FanOutOptions.COUNTS).countFeatures(segment, filter);
  }

  @Override
  public List<Feature> featuresById(String id) {
    return open(FanOutOptions.STRICT).featuresById(id);
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    return open(FanOutOptions.STRICT).typeCounts();
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    return open(FanOutOptions.STRICT).typeCounts(segment);
  }

  /** This node's part: what it holds in memory. */
  @Override
  public SourceStats stats() {
    return local.data().stats();
  }

  /** As this node's part says; a node holding none of the source knows a {@code vcf} one by its format. */
  @Override
  public boolean featuresAreVcfSites() {
    return local.data().featuresAreVcfSites() || held.isNone() && local.config().format().equals("vcf");
  }

  /** Whether the source answers genotype queries (its nodes hold a multi-sample VCF's calls). */
  boolean hasGenotypes() {
    return local.config().genotypes();
  }

  /**
   * The sequence of this node's part; genotypes over the whole cluster, each query through a new strict
   * {@link ClusterView} (a node that fails fails the query).
   */
  @Override
  public <C> Optional<C> capability(Class<C> kind) {
    if (kind == SequenceSource.class) {
      return local.data().capability(kind);
    }
    if (kind == GenotypeSource.class && hasGenotypes()) {
      GenotypeSource whole = () -> open(FanOutOptions.STRICT).capability(GenotypeSource.class).orElseThrow()
          .genotypes();
      return Optional.of(kind.cast(whole));
    }
    return DataSource.super.capability(kind);
  }
}
