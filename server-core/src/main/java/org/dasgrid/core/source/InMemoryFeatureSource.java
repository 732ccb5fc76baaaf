package org.dasgrid.core.source;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.index.IntervalIndex;
import org.dasgrid.core.segment.Segment;

/**
 * A source whose features are all held in memory: one {@link IntervalIndex} per reference, a map from
 * feature id to features, and precomputed per-type counts. Every in-memory format (GFF2, GFF3, GTF, BED, VCF
 * sites) loads into one of these through {@link #builder()}.
 */
public final class InMemoryFeatureSource implements DataSource {
  private final List<EntryPoint> entryPoints;
  private final Map<String, EntryPoint> byName;
  private final Map<String, IntervalIndex<Feature>> indexes;
  /** Every feature, sorted by id (ties in load order): 4 bytes a feature, where a HashMap took about 40. */
  private final Feature[] byId;
  /** With {@link Builder#findByLabel()}: the features whose label is not their id, sorted by label. */
  private final Feature[] byLabel;
  private final Map<FeatureType, Integer> typeCounts;
  private final SourceStats stats;
  private final boolean vcfSites;

  private InMemoryFeatureSource(Builder b) {
    // every reference of the input, held or not, in order: declared ones first, then by first feature
    Map<String, Integer> lengths = new LinkedHashMap<>(b.declared);
    b.extents.forEach((ref, end) -> lengths.merge(ref, end, Math::max));
    Map<String, List<Feature>> perRef = new LinkedHashMap<>();
    for (String ref : lengths.keySet()) {
      if (b.keeps(ref)) {
        perRef.put(ref, new ArrayList<>());
      }
    }
    Map<String, FeatureType> types = new HashMap<>();
    Map<String, int[]> counts = new TreeMap<>();
    for (Feature f : b.features) {
      perRef.get(f.ref()).add(f);
      types.putIfAbsent(f.type().id(), f.type());
      counts.computeIfAbsent(f.type().id(), k -> new int[1])[0]++;
    }
    Map<String, IntervalIndex<Feature>> idx = new HashMap<>();
    for (Map.Entry<String, List<Feature>> e : perRef.entrySet()) {
      idx.put(e.getKey(), IntervalIndex.of(e.getValue(), Feature::start, Feature::end));
    }
    List<EntryPoint> eps = new ArrayList<>();
    for (Map.Entry<String, Integer> e : lengths.entrySet()) {
      if (e.getValue() > 0) {
        eps.add(EntryPoint.of(e.getKey(), e.getValue()));
      }
    }
    this.entryPoints = EntryPoints.withBuiltInAliases(eps);
    this.byName = EntryPoints.byNameOrAlias(entryPoints);
    this.indexes = Map.copyOf(idx);
    Feature[] sorted = b.features.toArray(new Feature[0]);
    java.util.Arrays.sort(sorted, java.util.Comparator.comparing(Feature::id)); // stable: load order within an id
    this.byId = sorted;
    this.byLabel = b.findByLabel
        ? b.features.stream().filter(f -> !f.label().equals(f.id()))
            .sorted(java.util.Comparator.comparing(Feature::label)).toArray(Feature[]::new)
        : new Feature[0];
    Map<FeatureType, Integer> tc = new LinkedHashMap<>();
    counts.forEach((id, n) -> tc.put(types.get(id), n[0]));
    this.typeCounts = Collections.unmodifiableMap(tc);
    this.stats = new SourceStats(b.features.size(), b.bytesRead, -1);
    this.vcfSites = b.vcfSites;
  }

  public static Builder builder() {
    return new Builder();
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return entryPoints;
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return Optional.ofNullable(byName.get(nameOrAlias));
  }

  @Override
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {
    IntervalIndex<Feature> index = indexes.get(segment.ref());
    if (index == null) {
      return;
    }
    if (filter.isAny()) {
      index.forEachOverlapping(segment.start(), segment.stop(), sink);
    } else {
      index.forEachOverlapping(
          segment.start(),
          segment.stop(),
          f -> {
            if (filter.matches(f)) {
              sink.accept(f);
            }
          });
    }
  }

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    IntervalIndex<Feature> index = indexes.get(segment.ref());
    if (index == null) {
      return 0;
    }
    if (filter.isAny()) {
      return index.countOverlapping(segment.start(), segment.stop());
    }
    int[] n = new int[1];
    index.forEachOverlapping(
        segment.start(),
        segment.stop(),
        f -> {
          if (filter.matches(f)) {
            n[0]++;
          }
        });
    return n[0];
  }

  /**
   * The features with this id; from a source built with {@link Builder#findByLabel()}, then those with this
   * label (a VCF record's ID: the ALT features of a multi-allelic record), each in load order.
   */
  @Override
  public List<Feature> featuresById(String id) {
    List<Feature> byIds = run(byId, Feature::id, id);
    List<Feature> byLabels = run(byLabel, Feature::label, id);
    if (byLabels.isEmpty()) {
      return byIds;
    }
    List<Feature> out = new ArrayList<>(byIds);
    out.addAll(byLabels);
    return List.copyOf(out);
  }

  /** The features of {@code sorted} (sorted by {@code key}) whose key is {@code value}, in their order. */
  private static List<Feature> run(Feature[] sorted, java.util.function.Function<Feature, String> key, String value) {
    int lo = 0;
    int hi = sorted.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (key.apply(sorted[mid]).compareTo(value) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    int end = lo;
    while (end < sorted.length && key.apply(sorted[end]).equals(value)) {
      end++;
    }
    return end == lo ? List.of() : List.of(java.util.Arrays.copyOfRange(sorted, lo, end));
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    return typeCounts;
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    Map<String, FeatureType> types = new HashMap<>();
    Map<String, int[]> counts = new TreeMap<>();
    features(
        segment,
        FeatureFilter.ANY,
        f -> {
          types.putIfAbsent(f.type().id(), f.type());
          counts.computeIfAbsent(f.type().id(), k -> new int[1])[0]++;
        });
    Map<FeatureType, Integer> out = new LinkedHashMap<>();
    counts.forEach((id, n) -> out.put(types.get(id), n[0]));
    return out;
  }

  @Override
  public SourceStats stats() {
    return stats;
  }

  @Override
  public boolean featuresAreVcfSites() {
    return vcfSites;
  }

  /** Collects features and declared reference lengths; not thread-safe. */
  public static final class Builder {
    private final Map<String, Integer> declared = new LinkedHashMap<>();
    /** Every reference features were added on, in order of the first, with the largest end. */
    private final Map<String, Integer> extents = new LinkedHashMap<>();
    private final List<Feature> features = new ArrayList<>();
    private ContigSelection keep = ContigSelection.ALL;
    /** {@link #keep}'s answer per reference: asked once per feature, so looked up rather than recomputed. */
    private final Map<String, Boolean> kept = new HashMap<>();
    private final List<Feature.Builder> pending = new ArrayList<>();
    private long bytesRead;
    private boolean findByLabel;
    private boolean vcfSites;

    /**
     * Declares a reference and its length (GFF {@code ##sequence-region}, a FASTA index). References are
     * listed in declaration order, then in order of first feature.
     */
    public Builder declareReference(String name, int length) {
      declared.merge(name, length, Math::max);
      return this;
    }

    /**
     * Keeps only the features on these references (a cluster node holding some contigs of a source); the
     * others still count for the references' order and lengths, so every node lists the same entry points.
     */
    public Builder keepOnly(ContigSelection contigs) {
      this.keep = java.util.Objects.requireNonNull(contigs, "contigs");
      return this;
    }

    public Builder add(Feature f) {
      extents.merge(f.ref(), f.end(), Math::max);
      if (keeps(f.ref())) {
        features.add(f);
      }
      return this;
    }

    /** Whether features on {@code ref} are kept ({@link #keepOnly}). */
    public boolean keeps(String ref) {
      return keep.isAll() || kept.computeIfAbsent(ref, keep::includes);
    }

    /**
     * Notes a record on a reference that is not kept, without making its feature: it counts only for the
     * reference's place in the order and its length.
     */
    public Builder skip(String ref, int end) {
      extents.merge(ref, end, Math::max);
      return this;
    }

    /**
     * Adds a feature still being built, whose parts and (when missing) id are completed at {@link
     * #build()}: a feature without an id gets {@code type:ref:start..end} (with {@code #n} on a clash), and
     * every feature lists as parts the features naming it as parent.
     */
    public Builder add(Feature.Builder f) {
      // the reference's place in the order is where its first record is, pending or not
      extents.merge(f.ref(), f.end(), Math::max);
      pending.add(f);
      return this;
    }

    /**
     * Makes {@code feature_id=} also find features by their label where it is not their id: a VCF source's
     * features are found by their record's ID, including the ALT features of a multi-allelic record (ids
     * {@code ID:ALT}). Costs 4 bytes per such feature.
     */
    public Builder findByLabel() {
      this.findByLabel = true;
      return this;
    }

    /** Says that every feature is a VCF site ({@link DataSource#featuresAreVcfSites()}). */
    public Builder vcfSites() {
      this.vcfSites = true;
      return this;
    }

    public Builder bytesRead(long bytes) {
      this.bytesRead = bytes;
      return this;
    }

    public int size() {
      return features.size() + pending.size();
    }

    public InMemoryFeatureSource build() {
      completePending();
      return new InMemoryFeatureSource(this);
    }

    private void completePending() {
      if (pending.isEmpty()) {
        return;
      }
      java.util.Set<String> used = new java.util.HashSet<>(pending.size() * 2);
      for (Feature.Builder b : pending) {
        if (b.id() != null) {
          used.add(b.id());
        }
      }
      for (Feature f : features) {
        used.add(f.id());
      }
      Map<String, List<Feature.Builder>> byId = new HashMap<>(pending.size() * 2);
      for (Feature.Builder b : pending) {
        if (b.id() == null) {
          String base = b.type().id() + ":" + b.ref() + ":" + b.start() + ".." + b.end();
          String id = base;
          for (int n = 2; !used.add(id); n++) {
            id = base + "#" + n;
          }
          b.id(id);
        }
        byId.computeIfAbsent(b.id(), k -> new ArrayList<>(1)).add(b);
      }
      for (Feature.Builder child : pending) {
        for (String parent : child.parents()) {
          List<Feature.Builder> parents = byId.get(parent);
          if (parents != null) {
            for (Feature.Builder p : parents) {
              p.part(child.id());
            }
          }
        }
      }
      for (Feature.Builder b : pending) {
        extents.merge(b.ref(), b.end(), Math::max);
        if (keeps(b.ref())) {
          features.add(b.build());
        }
      }
      pending.clear();
    }
  }
}
