package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.registry.SourceSlot;
import org.dasgrid.core.registry.SourceState;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.GenotypeSource;

/**
 * This node's own shards, answering {@link NodeClient} calls in-process: for the node of contact when it
 * holds a contig itself, and behind the gRPC sidecar for the other nodes. Calls run on the caller's thread and
 * return completed futures. A call about a contig this node does not hold fails with {@link
 * NodeFailure.Reason#NOT_SERVING}, so a routing mistake is an error, never an empty answer.
 */
public final class LocalNode implements NodeClient {
  private final String nodeId;
  private final SourceRegistry registry;
  private final Function<SourceConfig, ContigSelection> held;

  public LocalNode(String nodeId, SourceRegistry registry, Function<SourceConfig, ContigSelection> held) {
    this.nodeId = nodeId;
    this.registry = registry;
    this.held = held;
  }

  @Override
  public String nodeId() {
    return nodeId;
  }

  @Override
  public CompletableFuture<NodeStatus> status(long deadlineNanos) {
    List<ShardStatus> out = new ArrayList<>();
    for (SourceSlot slot : registry.all()) {
      ContigSelection contigs = held.apply(slot.config());
      if (contigs.isNone()) {
        continue;
      }
      SourceState st = slot.state();
      if (st instanceof SourceState.Ready r) {
        out.add(new ShardStatus(slot.id(), ShardStatus.State.READY, r.source().version(), contigs, ""));
      } else if (st instanceof SourceState.Failed f) {
        out.add(new ShardStatus(slot.id(), ShardStatus.State.FAILED, "", contigs, f.reason()));
      } else {
        out.add(new ShardStatus(slot.id(), ShardStatus.State.LOADING, "", contigs, ""));
      }
    }
    return CompletableFuture.completedFuture(new NodeStatus(nodeId, out));
  }

  @Override
  public CompletableFuture<SourceCatalog> catalog(String source, long deadlineNanos) {
    return answer(() -> {
      DataSource data = shard(source).data;
      List<String> samples = List.of();
      List<String> contigs = List.of();
      Optional<GenotypeSource> g = data.capability(GenotypeSource.class);
      if (g.isPresent()) {
        samples = g.get().genotypes().sampleNames();
        contigs = g.get().genotypes().contigs();
      }
      return new SourceCatalog(data.entryPoints(), samples, contigs);
    });
  }

  @Override
  public CompletableFuture<NodeReply<Map<FeatureType, Integer>>> types(String source, List<Segment> segments,
      long deadlineNanos) {
    return answer(() -> {
      Shard s = shard(source);
      s.requireHeld(segments);
      long t = System.nanoTime();
      Map<FeatureType, Integer> counts = s.coversAllHeld(segments) ? s.data.typeCounts() : sumTypes(s.data, segments);
      return new NodeReply<>(nodeId, counts, System.nanoTime() - t);
    });
  }

  private static Map<FeatureType, Integer> sumTypes(DataSource data, List<Segment> segments) {
    Map<String, FeatureType> types = new TreeMap<>();
    Map<String, Integer> counts = new TreeMap<>();
    for (Segment seg : segments) {
      data.typeCounts(seg).forEach((type, n) -> {
        types.putIfAbsent(type.id(), type);
        counts.merge(type.id(), n, Integer::sum);
      });
    }
    Map<FeatureType, Integer> out = new LinkedHashMap<>();
    counts.forEach((id, n) -> out.put(types.get(id), n));
    return out;
  }

  @Override
  public CompletableFuture<NodeReply<List<SegmentFeatures>>> features(String source, List<Segment> segments,
      FeatureFilter filter, int maxFeatures, long deadlineNanos) {
    return answer(() -> {
      Shard s = shard(source);
      s.requireHeld(segments);
      long t = System.nanoTime();
      List<SegmentFeatures> out = new ArrayList<>(segments.size());
      for (Segment seg : segments) {
        int n = s.data.countFeatures(seg, filter);
        if (n > maxFeatures) {
          out.add(new SegmentFeatures(n, true, List.of()));
          continue;
        }
        List<Feature> list = new ArrayList<>(n);
        s.data.features(seg, filter, list::add);
        out.add(new SegmentFeatures(n, false, list));
      }
      return new NodeReply<>(nodeId, out, System.nanoTime() - t);
    });
  }

  @Override
  public CompletableFuture<NodeReply<List<Feature>>> featuresById(String source, List<String> ids,
      List<String> contigs, long deadlineNanos) {
    return answer(() -> {
      Shard s = shard(source);
      Set<String> wanted = new HashSet<>(contigs);
      for (String c : wanted) {
        s.requireHeld(c);
      }
      long t = System.nanoTime();
      List<Feature> out = new ArrayList<>();
      for (String id : ids) {
        for (Feature f : s.data.featuresById(id)) {
          if (wanted.contains(f.ref())) {
            out.add(f);
          }
        }
      }
      return new NodeReply<>(nodeId, out, System.nanoTime() - t);
    });
  }

  @Override
  public CompletableFuture<NodeReply<List<VariantRow>>> variants(String source, GenotypeCall call,
      long deadlineNanos) {
    return onGenotypes(source, call, GenotypeQueries::variants, a -> {
      List<VariantRow> rows = new ArrayList<>(a.size());
      for (int i = 0; i < a.size(); i++) {
        rows.add(a.get(i));
      }
      return rows;
    });
  }

  @Override
  public CompletableFuture<NodeReply<SampleCounts>> samples(String source, GenotypeCall call, long deadlineNanos) {
    return onGenotypes(source, call, GenotypeQueries::carriers, a -> {
      int[] numbers = new int[a.size()];
      int[] het = new int[a.size()];
      int[] hom = new int[a.size()];
      for (int i = 0; i < a.size(); i++) {
        numbers[i] = a.sampleNumber(i);
        het[i] = a.get(i).het();
        hom[i] = a.get(i).hom();
      }
      return new SampleCounts(numbers, het, hom);
    });
  }

  @Override
  public CompletableFuture<NodeReply<CountReply>> count(String source, GenotypeCall call, long deadlineNanos) {
    return onGenotypes(source, call,
        (engine, q) -> new CountReply(engine.count(q), call.withCarriers() ? engine.carrierNumbers(q) : new int[0]),
        reply -> reply);
  }

  @Override
  public CompletableFuture<NodeReply<Optional<AlleleCarriers>>> alleleCarriers(String source, String chrom, int pos,
      String ref, String alt, long deadlineNanos) {
    return answer(() -> {
      GenotypeQueries engine = shard(source).genotypes(List.of(new Segment(chrom, pos, pos)));
      long t = System.nanoTime();
      Optional<AlleleCarriers> carriers = engine.alleleCarriers(chrom, pos, ref, alt);
      return new NodeReply<>(nodeId, carriers, System.nanoTime() - t);
    });
  }

  /**
   * Runs a genotype query on this node's engine, timing the engine's part only (as a single node's {@code
   * elapsed_db_ms} does), then turns its answer into what goes back.
   */
  private <A, T> CompletableFuture<NodeReply<T>> onGenotypes(String source, GenotypeCall call,
      java.util.function.BiFunction<GenotypeQueries, GenotypeQuery, A> run, Function<A, T> reply) {
    return answer(() -> {
      GenotypeQueries engine = shard(source).genotypes(call.segments());
      GenotypeQuery q = query(engine, call);
      long t = System.nanoTime();
      A answer = run.apply(engine, q);
      long db = System.nanoTime() - t;
      return new NodeReply<>(nodeId, reply.apply(answer), db);
    });
  }

  private static GenotypeQuery query(GenotypeQueries engine, GenotypeCall call) {
    SampleSelection sel;
    if (call.allSamples()) {
      sel = engine.allSamples();
    } else {
      int[] numbers = call.samples().stream().mapToInt(Integer::intValue).toArray();
      for (int n : numbers) {
        if (n < 0 || n >= engine.sampleNames().size()) {
          throw new NodeFailure("", NodeFailure.Reason.ERROR, "sample number " + n + " outside the cohort");
        }
      }
      sel = engine.select(numbers);
    }
    return new GenotypeQuery(call.segments(), call.zygosity(), sel, call.limit());
  }

  /** Runs an answer, turning a failure into a failed future that names this node. */
  private <T> CompletableFuture<T> answer(Supplier<T> work) {
    try {
      return CompletableFuture.completedFuture(work.get());
    } catch (NodeFailure f) {
      return CompletableFuture.failedFuture(f.nodeId().isEmpty() ? new NodeFailure(nodeId, f.reason(), f.getMessage()) : f);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(NodeFailure.of(nodeId, e));
    }
  }

  /** The local data of a source this node holds some of, or a NOT_SERVING failure. */
  private Shard shard(String source) {
    SourceSlot slot = registry.slot(source).orElseThrow(() -> notServing("has no source '" + source + "'"));
    ContigSelection contigs = held.apply(slot.config());
    if (contigs.isNone()) {
      throw notServing("holds none of '" + source + "'");
    }
    SourceState st = slot.state();
    if (st instanceof SourceState.Ready r) {
      return new Shard(source, localData(r.source()), contigs);
    }
    if (st instanceof SourceState.Failed f) {
      throw notServing("cannot serve '" + source + "': " + f.reason());
    }
    throw notServing("is still loading '" + source + "'");
  }

  /** What this node loaded of a source: published sources wrap it in a view of the whole cluster. */
  static DataSource localData(LoadedSource ls) {
    return ls.data() instanceof ClusterSource cs ? cs.local() : ls.data();
  }

  private NodeFailure notServing(String what) {
    return new NodeFailure(nodeId, NodeFailure.Reason.NOT_SERVING, "node " + nodeId + " " + what);
  }

  /** A source's local data and the contigs held of it. */
  private final class Shard {
    final String source;
    final DataSource data;
    final ContigSelection contigs;

    Shard(String source, DataSource data, ContigSelection contigs) {
      this.source = source;
      this.data = data;
      this.contigs = contigs;
    }

    void requireHeld(List<Segment> segments) {
      for (Segment s : segments) {
        requireHeld(s.ref());
      }
    }

    void requireHeld(String contig) {
      if (!contigs.includes(contig)) {
        throw notServing("does not hold " + source + ":" + contig);
      }
    }

    /**
     * Whether the segments are every reference of a source held whole, so the precomputed source-wide counts
     * answer. (A provider may load more than the held contigs, so a part of a source is always counted.)
     */
    boolean coversAllHeld(List<Segment> segments) {
      if (!contigs.isAll()) {
        return false;
      }
      Set<String> asked = new HashSet<>();
      for (Segment s : segments) {
        EntryPoint ep = data.entryPoint(s.ref()).orElse(null);
        if (ep == null || s.start() != 1 || s.stop() < ep.length()) {
          return false;
        }
        asked.add(ep.name());
      }
      for (EntryPoint ep : data.entryPoints()) {
        if (!asked.contains(ep.name())) {
          return false;
        }
      }
      return true;
    }

    GenotypeQueries genotypes(List<Segment> segments) {
      GenotypeSource g = data.capability(GenotypeSource.class).orElseThrow(() ->
          notServing("has no genotypes for '" + source + "'"));
      requireHeld(segments);
      return g.genotypes();
    }
  }
}
