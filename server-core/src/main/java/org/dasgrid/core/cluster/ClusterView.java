package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.core.source.SourceStats;

/**
 * A sharded source as one request sees it. Questions about contigs this node holds go to its own data
 * directly; the rest go to the nodes holding them. {@link #prefetch} fetches every remote segment and feature
 * id of a request at once, in parallel, before the answer starts, so a node that fails makes the request
 * fail cleanly (or, with {@code partial=allow}, makes it partial) rather than cut an answer short. The
 * {@link #report()} tells who answered. Used by one request thread.
 */
public final class ClusterView implements DataSource {
  private final ClusterSource source;
  private final FanOut fanOut;
  private final Map<SegmentKey, SegmentFeatures> fetched = new HashMap<>();
  private final Map<String, List<Feature>> byId = new HashMap<>();
  private CatalogLookup catalog;
  /** The genotype engine over the cluster, made on first use. */
  private ClusterGenotypes genotypes;

  private record SegmentKey(Segment segment, FeatureFilter filter) {}

  ClusterView(ClusterSource source, FanOut fanOut) {
    this.source = source;
    this.fanOut = fanOut;
  }

  static ClusterView of(ClusterSource source, FanOut fanOut) {
    return new ClusterView(source, fanOut);
  }

  /** The sequence of this node's part; genotypes fanned out over the nodes of this view. */
  @Override
  public <C> Optional<C> capability(Class<C> kind) {
    if (kind == SequenceSource.class) {
      return source.local().capability(kind);
    }
    if (kind == GenotypeSource.class && source.hasGenotypes()) {
      GenotypeSource fanned = this::genotypes;
      return Optional.of(kind.cast(fanned));
    }
    return DataSource.super.capability(kind);
  }

  private GenotypeQueries genotypes() {
    if (genotypes == null) {
      genotypes = new ClusterGenotypes(source, fanOut, catalog());
    }
    return genotypes;
  }

  /** Who answered so far, and what is missing from a partial answer. */
  public FanOutReport report() {
    return fanOut.report();
  }

  /** The source's version across the cluster, for cache keys and ETags. */
  public String version() {
    return source.version();
  }

  CatalogLookup catalog() {
    if (catalog == null) {
      catalog = source.catalog(fanOut);
    }
    return catalog;
  }

  private DataSource local() {
    return source.local();
  }

  private boolean isLocal(String contig) {
    return source.held().includes(contig);
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return catalog().entryPoints();
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return catalog().entryPoint(nameOrAlias);
  }

  @Override
  public void prefetch(List<Segment> segments, List<String> featureIds, FeatureFilter filter) {
    Map<String, List<Segment>> remote = new LinkedHashMap<>();
    for (Segment s : segments) {
      if (!isLocal(s.ref()) && !fetched.containsKey(new SegmentKey(s, filter))) {
        remote.computeIfAbsent(s.ref(), k -> new ArrayList<>()).add(s);
      }
    }
    if (!remote.isEmpty()) {
      fetchFeatures(remote, filter, fanOut.options().maxFeatures());
    }
    List<String> ids = featureIds.stream().filter(id -> !byId.containsKey(id)).distinct().toList();
    if (!ids.isEmpty()) {
      fetchById(ids);
    }
  }

  private void fetchFeatures(Map<String, List<Segment>> byContig, FeatureFilter filter, int max) {
    var parts = fanOut.run(byContig.keySet(), (node, contigs, deadline) ->
        node.features(source.id(), segmentsOn(byContig, contigs), filter, max, deadline));
    for (FanOut.Part<List<SegmentFeatures>> p : parts) {
      List<Segment> asked = segmentsOn(byContig, p.contigs());
      for (int i = 0; i < asked.size(); i++) {
        fetched.put(new SegmentKey(asked.get(i), filter), p.value().get(i));
      }
    }
  }

  private static List<Segment> segmentsOn(Map<String, List<Segment>> byContig, List<String> contigs) {
    List<Segment> out = new ArrayList<>();
    for (String c : contigs) {
      out.addAll(byContig.get(c));
    }
    return out;
  }

  /** Each node looks the ids up on the contigs assigned to it; answers are joined in reference order. */
  private void fetchById(List<String> ids) {
    List<String> contigs = entryPoints().stream().map(EntryPoint::name).toList();
    var parts = fanOut.run(contigs, (node, assigned, deadline) ->
        node.featuresById(source.id(), ids, assigned, deadline));
    Map<String, Integer> order = new HashMap<>();
    for (int i = 0; i < contigs.size(); i++) {
      order.put(contigs.get(i), i);
    }
    Map<String, TreeMap<Integer, List<Feature>>> found = new HashMap<>();
    for (FanOut.Part<List<Feature>> p : parts) {
      for (Feature f : p.value()) {
        found.computeIfAbsent(f.id(), k -> new TreeMap<>())
            .computeIfAbsent(order.getOrDefault(f.ref(), Integer.MAX_VALUE), k -> new ArrayList<>()).add(f);
      }
    }
    for (String id : ids) {
      List<Feature> all = new ArrayList<>();
      found.getOrDefault(id, new TreeMap<>()).values().forEach(all::addAll);
      byId.put(id, all);
    }
  }

  private SegmentFeatures remote(Segment segment, FeatureFilter filter) {
    SegmentKey key = new SegmentKey(segment, filter);
    SegmentFeatures f = fetched.get(key);
    if (f == null) {
      prefetch(List.of(segment), List.of(), filter);
      f = fetched.get(key);
    }
    // missing from a partial answer: nothing there
    return f != null ? f : new SegmentFeatures(0, false, List.of());
  }

  /** Records that this node answered for a contig itself, with the time it took. */
  private void answeredHere(String contig, long startedNanos) {
    fanOut.report().answered(source.cluster().self(), List.of(contig), System.nanoTime() - startedNanos);
  }

  @Override
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {
    if (isLocal(segment.ref())) {
      long t = System.nanoTime();
      local().features(segment, filter, sink);
      answeredHere(segment.ref(), t);
      return;
    }
    SegmentFeatures f = remote(segment, filter);
    if (f.countOnly()) {
      // more than a response may hold (a binned answer): fetched now, in full
      Map<String, List<Segment>> one = Map.of(segment.ref(), List.of(segment));
      var parts = fanOut.run(one.keySet(), (node, contigs, deadline) ->
          node.features(source.id(), List.of(segment), filter, Integer.MAX_VALUE, deadline));
      for (FanOut.Part<List<SegmentFeatures>> p : parts) {
        p.value().get(0).features().forEach(sink);
      }
      return;
    }
    f.features().forEach(sink);
  }

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    if (isLocal(segment.ref())) {
      long t = System.nanoTime();
      int n = local().countFeatures(segment, filter);
      answeredHere(segment.ref(), t);
      return n;
    }
    return remote(segment, filter).total();
  }

  @Override
  public List<Feature> featuresById(String id) {
    if (!byId.containsKey(id)) {
      prefetch(List.of(), List.of(id), FeatureFilter.ANY);
    }
    return byId.get(id);
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    if (source.held().isAll()) {
      return local().typeCounts();
    }
    Map<String, List<Segment>> whole = new LinkedHashMap<>();
    for (EntryPoint ep : entryPoints()) {
      whole.put(ep.name(), List.of(new Segment(ep.name(), 1, ep.length())));
    }
    return types(whole);
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    if (isLocal(segment.ref())) {
      long t = System.nanoTime();
      Map<FeatureType, Integer> counts = local().typeCounts(segment);
      answeredHere(segment.ref(), t);
      return counts;
    }
    return types(Map.of(segment.ref(), List.of(segment)));
  }

  /** Counts per type over segments by contig, summed over the nodes, ordered by type id. */
  private Map<FeatureType, Integer> types(Map<String, List<Segment>> byContig) {
    var parts = fanOut.run(byContig.keySet(), (node, contigs, deadline) ->
        node.types(source.id(), segmentsOn(byContig, contigs), deadline));
    Map<String, FeatureType> types = new TreeMap<>();
    Map<String, Integer> counts = new TreeMap<>();
    for (FanOut.Part<Map<FeatureType, Integer>> p : parts) {
      p.value().forEach((type, n) -> {
        types.putIfAbsent(type.id(), type);
        counts.merge(type.id(), n, Integer::sum);
      });
    }
    Map<FeatureType, Integer> out = new LinkedHashMap<>();
    counts.forEach((id, n) -> out.put(types.get(id), n));
    return out;
  }

  /** This node's part. */
  @Override
  public SourceStats stats() {
    return local().stats();
  }

  @Override
  public boolean featuresAreVcfSites() {
    return source.featuresAreVcfSites();
  }

  /** The distinct contigs of some segments, in order. */
  static Set<String> contigsOf(List<Segment> segments) {
    Set<String> out = new LinkedHashSet<>();
    for (Segment s : segments) {
      out.add(s.ref());
    }
    return out;
  }

  ClusterSource source() {
    return source;
  }

  FanOut fanOut() {
    return fanOut;
  }
}
