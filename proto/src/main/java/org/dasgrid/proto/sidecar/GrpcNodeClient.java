package org.dasgrid.proto.sidecar;

import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Function;
import javax.net.ssl.SSLException;
import org.dasgrid.core.cluster.CountReply;
import org.dasgrid.core.cluster.GenotypeCall;
import org.dasgrid.core.cluster.NodeClient;
import org.dasgrid.core.cluster.NodeFailure;
import org.dasgrid.core.cluster.NodeReply;
import org.dasgrid.core.cluster.NodeStatus;
import org.dasgrid.core.cluster.SampleCounts;
import org.dasgrid.core.cluster.SegmentFeatures;
import org.dasgrid.core.cluster.ShardStatus;
import org.dasgrid.core.cluster.SourceCatalog;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.proto.v1.AlleleRequest;
import org.dasgrid.proto.v1.CarriersChunk;
import org.dasgrid.proto.v1.CohortChunk;
import org.dasgrid.proto.v1.CountChunk;
import org.dasgrid.proto.v1.EntryPointsChunk;
import org.dasgrid.proto.v1.FeaturesByIdRequest;
import org.dasgrid.proto.v1.FeaturesChunk;
import org.dasgrid.proto.v1.FeaturesRequest;
import org.dasgrid.proto.v1.GenotypeRequest;
import org.dasgrid.proto.v1.InfoReply;
import org.dasgrid.proto.v1.InfoRequest;
import org.dasgrid.proto.v1.SamplesChunk;
import org.dasgrid.proto.v1.ShardsGrpc;
import org.dasgrid.proto.v1.SourceRequest;
import org.dasgrid.proto.v1.SourceStatus;
import org.dasgrid.proto.v1.Summary;
import org.dasgrid.proto.v1.TypesChunk;
import org.dasgrid.proto.v1.TypesRequest;
import org.dasgrid.proto.v1.VariantsChunk;

/**
 * Another cluster node, asked over gRPC: the core's {@link NodeClient} on the {@code dasgrid.v1.Shards}
 * service. Every call carries the request's deadline; a streamed answer is collected, and its future fails
 * with a {@link NodeFailure} saying whether the node was unreachable, too slow, or refused. Cancelling the
 * future cancels the call.
 */
public final class GrpcNodeClient implements NodeClient {
  private final String nodeId;
  private final ManagedChannel channel;
  private final ShardsGrpc.ShardsStub stub;

  private GrpcNodeClient(String nodeId, ManagedChannel channel) {
    this.nodeId = nodeId;
    this.channel = channel;
    this.stub = ShardsGrpc.newStub(channel);
  }

  /** A client of {@code node} (channels connect lazily, and reconnect by themselves). */
  public static GrpcNodeClient connect(ClusterConfig.Node node, Optional<TlsFiles> tls) {
    NettyChannelBuilder b = NettyChannelBuilder.forTarget(node.grpc())
        // callbacks only collect chunks: running them on the transport thread saves a hand-off per message
        .directExecutor()
        .keepAliveTime(30, TimeUnit.SECONDS)
        .maxInboundMessageSize(64 << 20);
    if (tls.isPresent()) {
      try {
        b.sslContext(tls.get().client());
      } catch (SSLException e) {
        throw new UncheckedIOException("cluster.tls: " + e.getMessage(), e);
      }
    } else {
      b.usePlaintext();
    }
    return new GrpcNodeClient(node.id(), b.build());
  }

  @Override
  public String nodeId() {
    return nodeId;
  }

  @Override
  public void retryNow() {
    channel.resetConnectBackoff();
  }

  @Override
  public CompletableFuture<NodeStatus> status(long deadlineNanos) {
    return call(deadlineNanos, (s, o) -> s.info(InfoRequest.getDefaultInstance(), o), (List<InfoReply> r) -> {
      InfoReply reply = r.get(0);
      List<ShardStatus> sources = new ArrayList<>();
      for (SourceStatus s : reply.getSourcesList()) {
        ShardStatus.State state = switch (s.getState()) {
          case READY -> ShardStatus.State.READY;
          case FAILED -> ShardStatus.State.FAILED;
          default -> ShardStatus.State.LOADING;
        };
        ContigSelection contigs = s.getAllContigs() ? ContigSelection.ALL : ContigSelection.of(s.getContigsList());
        sources.add(new ShardStatus(s.getSource(), state, s.getVersion(), contigs, s.getReason()));
      }
      return new NodeStatus(reply.getNodeId(), sources);
    });
  }

  @Override
  public CompletableFuture<SourceCatalog> catalog(String source, long deadlineNanos) {
    SourceRequest req = SourceRequest.newBuilder().setSource(source).build();
    CompletableFuture<List<EntryPoint>> eps = call(deadlineNanos, (s, o) -> s.entryPoints(req, o),
        (List<EntryPointsChunk> chunks) -> {
          List<EntryPoint> out = new ArrayList<>();
          chunks.forEach(c -> c.getEntryPointsList().forEach(e -> out.add(CoreMessages.entryPoint(e))));
          return out;
        });
    CompletableFuture<CohortChunk> cohort = call(deadlineNanos, (s, o) -> s.cohort(req, o),
        (List<CohortChunk> chunks) -> {
          CohortChunk.Builder all = CohortChunk.newBuilder();
          for (CohortChunk c : chunks) {
            all.addAllSamples(c.getSamplesList()).addAllContigs(c.getContigsList());
          }
          return all.build();
        });
    return eps.thenCombine(cohort, (e, c) -> new SourceCatalog(e, c.getSamplesList(), c.getContigsList()));
  }

  @Override
  public CompletableFuture<NodeReply<Map<FeatureType, Integer>>> types(String source, List<Segment> segments,
      long deadlineNanos) {
    TypesRequest req = TypesRequest.newBuilder().setSource(source).addAllSegments(CoreMessages.segments(segments))
        .build();
    return call(deadlineNanos, (s, o) -> s.types(req, o), (List<TypesChunk> chunks) -> {
      Map<FeatureType, Integer> counts = new LinkedHashMap<>();
      Summary summary = Summary.getDefaultInstance();
      for (TypesChunk c : chunks) {
        CoreMessages.typeCounts(c.getTypesList(), counts);
        if (c.hasSummary()) {
          summary = c.getSummary();
        }
      }
      return reply(counts, summary);
    });
  }

  @Override
  public CompletableFuture<NodeReply<List<SegmentFeatures>>> features(String source, List<Segment> segments,
      FeatureFilter filter, int maxFeatures, long deadlineNanos) {
    FeaturesRequest req = FeaturesRequest.newBuilder()
        .setSource(source)
        .addAllSegments(CoreMessages.segments(segments))
        .addAllTypes(filter.types())
        .addAllCategories(filter.categories())
        .setMaxFeatures(maxFeatures)
        .build();
    return call(deadlineNanos, (s, o) -> s.features(req, o), (List<FeaturesChunk> chunks) -> {
      int n = segments.size();
      int[] totals = new int[n];
      boolean[] countOnly = new boolean[n];
      List<List<Feature>> features = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        features.add(new ArrayList<>());
      }
      CoreMessages.Pool pool = new CoreMessages.Pool();
      Summary summary = Summary.getDefaultInstance();
      for (FeaturesChunk c : chunks) {
        if (c.hasSummary()) {
          summary = c.getSummary();
          continue;
        }
        int i = c.getSegment();
        totals[i] = Math.max(totals[i], c.getTotal());
        countOnly[i] |= c.getCountOnly();
        for (org.dasgrid.proto.v1.Feature f : c.getFeaturesList()) {
          features.get(i).add(CoreMessages.feature(f, pool));
        }
      }
      List<SegmentFeatures> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(new SegmentFeatures(totals[i], countOnly[i], features.get(i)));
      }
      return reply(out, summary);
    });
  }

  @Override
  public CompletableFuture<NodeReply<List<Feature>>> featuresById(String source, List<String> ids,
      List<String> contigs, long deadlineNanos) {
    FeaturesByIdRequest req = FeaturesByIdRequest.newBuilder()
        .setSource(source).addAllIds(ids).addAllContigs(contigs).build();
    return call(deadlineNanos, (s, o) -> s.featuresById(req, o), (List<FeaturesChunk> chunks) -> {
      CoreMessages.Pool pool = new CoreMessages.Pool();
      List<Feature> out = new ArrayList<>();
      Summary summary = Summary.getDefaultInstance();
      for (FeaturesChunk c : chunks) {
        if (c.hasSummary()) {
          summary = c.getSummary();
        }
        c.getFeaturesList().forEach(f -> out.add(CoreMessages.feature(f, pool)));
      }
      return reply(out, summary);
    });
  }

  @Override
  public CompletableFuture<NodeReply<List<VariantRow>>> variants(String source, GenotypeCall call,
      long deadlineNanos) {
    GenotypeRequest req = request(source, call);
    return call(deadlineNanos, (s, o) -> s.variants(req, o), (List<VariantsChunk> chunks) -> {
      List<VariantRow> rows = new ArrayList<>();
      Summary summary = Summary.getDefaultInstance();
      for (VariantsChunk c : chunks) {
        c.getVariantsList().forEach(v -> rows.add(CoreMessages.variant(v)));
        if (c.hasSummary()) {
          summary = c.getSummary();
        }
      }
      return reply(rows, summary);
    });
  }

  @Override
  public CompletableFuture<NodeReply<SampleCounts>> samples(String source, GenotypeCall call, long deadlineNanos) {
    GenotypeRequest req = request(source, call);
    return call(deadlineNanos, (s, o) -> s.samples(req, o), (List<SamplesChunk> chunks) -> {
      int n = chunks.stream().mapToInt(SamplesChunk::getSamplesCount).sum();
      int[] samples = new int[n];
      int[] het = new int[n];
      int[] hom = new int[n];
      int i = 0;
      Summary summary = Summary.getDefaultInstance();
      for (SamplesChunk c : chunks) {
        for (int k = 0; k < c.getSamplesCount(); k++, i++) {
          samples[i] = c.getSamples(k);
          het[i] = c.getHet(k);
          hom[i] = c.getHom(k);
        }
        if (c.hasSummary()) {
          summary = c.getSummary();
        }
      }
      return reply(new SampleCounts(samples, het, hom), summary);
    });
  }

  @Override
  public CompletableFuture<NodeReply<CountReply>> count(String source, GenotypeCall call, long deadlineNanos) {
    GenotypeRequest req = request(source, call);
    return call(deadlineNanos, (s, o) -> s.count(req, o), (List<CountChunk> chunks) -> {
      CountChunk c = chunks.get(chunks.size() - 1);
      int[] carriers = c.getCarriersList().stream().mapToInt(Integer::intValue).toArray();
      return reply(new CountReply(new CountAnswer(c.getVariants(), c.getHet(), c.getHom(), c.getSamples()),
          carriers), c.getSummary());
    });
  }

  @Override
  public CompletableFuture<NodeReply<Optional<AlleleCarriers>>> alleleCarriers(String source, String chrom, int pos,
      String ref, String alt, long deadlineNanos) {
    AlleleRequest req = AlleleRequest.newBuilder()
        .setSource(source).setChrom(chrom).setPos(pos).setRef(ref).setAlt(alt).build();
    return call(deadlineNanos, (s, o) -> s.carriers(req, o), (List<CarriersChunk> chunks) -> {
      CarriersChunk last = chunks.get(chunks.size() - 1);
      if (!last.getFound()) {
        return reply(Optional.<AlleleCarriers>empty(), last.getSummary());
      }
      int[] het = chunks.stream().flatMapToInt(c -> c.getHetList().stream().mapToInt(Integer::intValue)).toArray();
      int[] hom = chunks.stream().flatMapToInt(c -> c.getHomList().stream().mapToInt(Integer::intValue)).toArray();
      return reply(Optional.of(new AlleleCarriers(het, hom)), last.getSummary());
    });
  }

  private static GenotypeRequest request(String source, GenotypeCall call) {
    GenotypeRequest.Builder b = GenotypeRequest.newBuilder()
        .setSource(source)
        .addAllSegments(CoreMessages.segments(call.segments()))
        .setZygosity(CoreMessages.zygosity(call.zygosity()))
        .setAllSamples(call.allSamples())
        .addAllSamples(call.samples())
        .setWithCarriers(call.withCarriers());
    call.limit().ifPresent(b::setLimit);
    return b.build();
  }

  private <T> NodeReply<T> reply(T value, Summary summary) {
    return new NodeReply<>(summary.getNodeId().isEmpty() ? nodeId : summary.getNodeId(), value,
        summary.getDbNanos());
  }

  /**
   * Starts a call with the deadline and collects its stream; the future completes with {@code finish} of
   * the messages, or fails with the node's failure.
   */
  private <M, R> CompletableFuture<R> call(long deadlineNanos, BiConsumer<ShardsGrpc.ShardsStub, ClientResponseObserver<?, M>> start,
      Function<List<M>, R> finish) {
    CompletableFuture<R> result = new CompletableFuture<>();
    long left = deadlineNanos == Long.MAX_VALUE ? TimeUnit.DAYS.toNanos(1) : deadlineNanos - System.nanoTime();
    if (left <= 0) {
      result.completeExceptionally(new NodeFailure(nodeId, NodeFailure.Reason.DEADLINE, "deadline passed"));
      return result;
    }
    List<M> messages = new ArrayList<>();
    ClientResponseObserver<Object, M> observer = new ClientResponseObserver<>() {
      @Override
      public void beforeStart(ClientCallStreamObserver<Object> call) {
        result.whenComplete((r, e) -> {
          if (result.isCancelled()) {
            call.cancel("the caller gave up", null);
          }
        });
      }

      @Override
      public void onNext(M m) {
        messages.add(m);
      }

      @Override
      public void onError(Throwable t) {
        result.completeExceptionally(failure(t));
      }

      @Override
      public void onCompleted() {
        try {
          result.complete(finish.apply(messages));
        } catch (RuntimeException e) {
          result.completeExceptionally(new NodeFailure(nodeId, NodeFailure.Reason.ERROR,
              "bad answer: " + e.getMessage()));
        }
      }
    };
    try {
      start.accept(stub.withDeadlineAfter(left, TimeUnit.NANOSECONDS), observer);
    } catch (RuntimeException e) {
      result.completeExceptionally(failure(e));
    }
    return result;
  }

  /** A gRPC failure as the core sees it. */
  NodeFailure failure(Throwable t) {
    if (!(t instanceof StatusRuntimeException e)) {
      return NodeFailure.of(nodeId, t);
    }
    Status s = e.getStatus();
    String detail = s.getDescription() == null ? s.getCode().toString() : s.getDescription();
    return switch (s.getCode()) {
      case UNAVAILABLE -> new NodeFailure(nodeId, NodeFailure.Reason.UNAVAILABLE, "unreachable (" + detail + ")");
      case DEADLINE_EXCEEDED -> new NodeFailure(nodeId, NodeFailure.Reason.DEADLINE, "no answer before the deadline");
      case FAILED_PRECONDITION, NOT_FOUND -> new NodeFailure(nodeId, NodeFailure.Reason.NOT_SERVING, detail);
      default -> new NodeFailure(nodeId, NodeFailure.Reason.ERROR, s.getCode() + ": " + detail);
    };
  }

  @Override
  public void close() {
    channel.shutdownNow();
  }
}
