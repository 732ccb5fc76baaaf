package org.dasgrid.core.cluster;

import java.io.IOException;
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
  private final Catalog localCatalog;
  private volatile Catalog fetchedCatalog;

  ClusterSource(Cluster cluster, LoadedSource local, ContigSelection held) {
    this.cluster = cluster;
    this.local = local;
    this.held = held;
    this.localCatalog = held.isNone() ? null : new Catalog(catalogOf(local.data()), "local");
  }

  static ClusterSource of(Cluster cluster, LoadedSource local, ContigSelection held) {
    boolean sequence = local.data() instanceof SequenceSource;
    boolean genotypes = local.config().genotypes();
    if (sequence && genotypes) {
      return new WithBoth(cluster, local, held);
    }
    if (sequence) {
      return new WithSequence(cluster, local, held);
    }
    return genotypes ? new WithGenotypes(cluster, local, held) : new ClusterSource(cluster, local, held);
  }

  private static SourceCatalog catalogOf(DataSource data) {
    if (data instanceof GenotypeSource g) {
      return new SourceCatalog(data.entryPoints(), g.genotypes().sampleNames(), g.genotypes().contigs());
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
  Catalog catalog(FanOut fanOut) {
    if (localCatalog != null) {
      return localCatalog;
    }
    String version = version();
    Catalog c = fetchedCatalog;
    if (c == null || !c.version().equals(version)) {
      SourceCatalog fetched = fanOut.any((node, deadline) -> node.catalog(id(), deadline));
      c = new Catalog(fetched, version);
      fetchedCatalog = c;
    }
    return c;
  }

  /** The catalog if known without asking another node. */
  private Optional<Catalog> knownCatalog() {
    return Optional.ofNullable(localCatalog != null ? localCatalog : fetchedCatalog);
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return knownCatalog().map(Catalog::entryPoints).orElseGet(() -> {
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

  private static final class WithSequence extends ClusterSource implements SequenceSource {
    WithSequence(Cluster cluster, LoadedSource local, ContigSelection held) {
      super(cluster, local, held);
    }

    @Override
    public void sequence(Segment segment, Appendable out) throws IOException {
      ((SequenceSource) local()).sequence(segment, out);
    }

    @Override
    public int sequenceLength(String ref) {
      return ((SequenceSource) local()).sequenceLength(ref);
    }
  }

  private static final class WithGenotypes extends ClusterSource implements GenotypeSource {
    WithGenotypes(Cluster cluster, LoadedSource local, ContigSelection held) {
      super(cluster, local, held);
    }

    @Override
    public GenotypeQueries genotypes() {
      return ((GenotypeSource) open(FanOutOptions.STRICT)).genotypes();
    }
  }

  private static final class WithBoth extends ClusterSource implements SequenceSource, GenotypeSource {
    WithBoth(Cluster cluster, LoadedSource local, ContigSelection held) {
      super(cluster, local, held);
    }

    @Override
    public void sequence(Segment segment, Appendable out) throws IOException {
      ((SequenceSource) local()).sequence(segment, out);
    }

    @Override
    public int sequenceLength(String ref) {
      return ((SequenceSource) local()).sequenceLength(ref);
    }

    @Override
    public GenotypeQueries genotypes() {
      return ((GenotypeSource) open(FanOutOptions.STRICT)).genotypes();
    }
  }
}
