package org.dasgrid.proto.sidecar;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
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
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.VariantRow;
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
 * The {@code dasgrid.v1.Shards} service: this node's shards for the other nodes. Each call is answered by the
 * core's {@link org.dasgrid.core.cluster.LocalNode} and streamed back in chunks of {@value #CHUNK} rows, with
 * a {@link Summary} (node id and engine time) last. A {@link NodeFailure} becomes the matching gRPC status.
 */
final class ShardService extends ShardsGrpc.ShardsImplBase {
  static final int CHUNK = 256;

  private final NodeClient local;
  private final String server;

  ShardService(NodeClient local, String server) {
    this.local = local;
    this.server = server;
  }

  @Override
  public void info(InfoRequest request, StreamObserver<InfoReply> out) {
    answer(out, local.status(Long.MAX_VALUE), st -> {
      out.onNext(info(st));
      out.onCompleted();
    });
  }

  private InfoReply info(NodeStatus st) {
    InfoReply.Builder b = InfoReply.newBuilder().setNodeId(st.nodeId()).setServer(server);
    for (ShardStatus s : st.sources()) {
      b.addSources(SourceStatus.newBuilder()
          .setSource(s.source())
          .setState(switch (s.state()) {
            case READY -> SourceStatus.State.READY;
            case LOADING -> SourceStatus.State.LOADING;
            case FAILED -> SourceStatus.State.FAILED;
          })
          .setVersion(s.version())
          .setAllContigs(s.contigs().isAll())
          .addAllContigs(s.contigs().names())
          .setReason(s.reason()));
    }
    return b.build();
  }

  @Override
  public void entryPoints(SourceRequest request, StreamObserver<EntryPointsChunk> out) {
    answer(out, local.catalog(request.getSource(), Long.MAX_VALUE), c -> {
      EntryPointsChunk.Builder chunk = EntryPointsChunk.newBuilder();
      for (var e : c.entryPoints()) {
        chunk.addEntryPoints(CoreMessages.entryPoint(e));
        if (chunk.getEntryPointsCount() == CHUNK) {
          out.onNext(chunk.build());
          chunk.clear();
        }
      }
      out.onNext(chunk.build());
      out.onCompleted();
    });
  }

  /** Sample names in chunks; the first chunk also carries the genotype engine's contig order. */
  @Override
  public void cohort(SourceRequest request, StreamObserver<CohortChunk> out) {
    answer(out, local.catalog(request.getSource(), Long.MAX_VALUE), (SourceCatalog c) -> {
      CohortChunk.Builder chunk = CohortChunk.newBuilder().addAllContigs(c.genotypeContigs());
      for (String s : c.samples()) {
        chunk.addSamples(s);
        if (chunk.getSamplesCount() == CHUNK * 8) {
          out.onNext(chunk.build());
          chunk.clear();
        }
      }
      out.onNext(chunk.build());
      out.onCompleted();
    });
  }

  @Override
  public void types(TypesRequest request, StreamObserver<TypesChunk> out) {
    answer(out, local.types(request.getSource(), CoreMessages.fromSegments(request.getSegmentsList()), Long.MAX_VALUE),
        (NodeReply<Map<FeatureType, Integer>> r) -> {
          out.onNext(TypesChunk.newBuilder().addAllTypes(CoreMessages.typeCounts(r.value())).setSummary(summary(r))
              .build());
          out.onCompleted();
        });
  }

  @Override
  public void features(FeaturesRequest request, StreamObserver<FeaturesChunk> out) {
    FeatureFilter filter = new FeatureFilter(java.util.Set.copyOf(request.getTypesList()),
        java.util.Set.copyOf(request.getCategoriesList()));
    answer(out, local.features(request.getSource(), CoreMessages.fromSegments(request.getSegmentsList()), filter,
        request.getMaxFeatures(), Long.MAX_VALUE), (NodeReply<List<SegmentFeatures>> r) -> {
          List<SegmentFeatures> segments = r.value();
          for (int i = 0; i < segments.size(); i++) {
            SegmentFeatures s = segments.get(i);
            FeaturesChunk.Builder chunk = FeaturesChunk.newBuilder()
                .setSegment(i).setTotal(s.total()).setCountOnly(s.countOnly());
            sendFeatures(out, chunk, i, s.features());
          }
          out.onNext(FeaturesChunk.newBuilder().setSummary(summary(r)).build());
          out.onCompleted();
        });
  }

  @Override
  public void featuresById(FeaturesByIdRequest request, StreamObserver<FeaturesChunk> out) {
    answer(out, local.featuresById(request.getSource(), request.getIdsList(), request.getContigsList(),
        Long.MAX_VALUE), (NodeReply<List<Feature>> r) -> {
          sendFeatures(out, FeaturesChunk.newBuilder().setTotal(r.value().size()), 0, r.value());
          out.onNext(FeaturesChunk.newBuilder().setSummary(summary(r)).build());
          out.onCompleted();
        });
  }

  /** The features of one segment: its first chunk (with the total) always goes, even when empty. */
  private static void sendFeatures(StreamObserver<FeaturesChunk> out, FeaturesChunk.Builder first, int segment,
      List<Feature> features) {
    FeaturesChunk.Builder chunk = first;
    boolean sent = false;
    for (Feature f : features) {
      chunk.addFeatures(CoreMessages.feature(f));
      if (chunk.getFeaturesCount() == CHUNK) {
        out.onNext(chunk.build());
        sent = true;
        chunk = FeaturesChunk.newBuilder().setSegment(segment);
      }
    }
    if (chunk.getFeaturesCount() > 0 || !sent) {
      out.onNext(chunk.build());
    }
  }

  @Override
  public void variants(GenotypeRequest request, StreamObserver<VariantsChunk> out) {
    answer(out, local.variants(request.getSource(), call(request), Long.MAX_VALUE),
        (NodeReply<List<VariantRow>> r) -> {
          VariantsChunk.Builder chunk = VariantsChunk.newBuilder();
          for (VariantRow v : r.value()) {
            chunk.addVariants(CoreMessages.variant(v));
            if (chunk.getVariantsCount() == CHUNK) {
              out.onNext(chunk.build());
              chunk.clear();
            }
          }
          out.onNext(chunk.setSummary(summary(r)).build());
          out.onCompleted();
        });
  }

  @Override
  public void samples(GenotypeRequest request, StreamObserver<SamplesChunk> out) {
    answer(out, local.samples(request.getSource(), call(request), Long.MAX_VALUE),
        (NodeReply<SampleCounts> r) -> {
          SampleCounts c = r.value();
          SamplesChunk.Builder chunk = SamplesChunk.newBuilder();
          int step = CHUNK * 64; // 16,384 carriers, ~100 KB a message
          for (int from = 0; from < c.size(); from += step) {
            int to = Math.min(c.size(), from + step);
            for (int i = from; i < to; i++) {
              chunk.addSamples(c.samples()[i]).addHet(c.het()[i]).addHom(c.hom()[i]);
            }
            if (to < c.size()) {
              out.onNext(chunk.build());
              chunk.clear();
            }
          }
          out.onNext(chunk.setSummary(summary(r)).build());
          out.onCompleted();
        });
  }

  @Override
  public void count(GenotypeRequest request, StreamObserver<CountChunk> out) {
    answer(out, local.count(request.getSource(), call(request), Long.MAX_VALUE), (NodeReply<CountReply> r) -> {
      CountChunk.Builder b = CountChunk.newBuilder()
          .setVariants(r.value().counts().variants())
          .setHet(r.value().counts().het())
          .setHom(r.value().counts().hom())
          .setSamples(r.value().counts().samples());
      for (int s : r.value().carriers()) {
        b.addCarriers(s);
      }
      out.onNext(b.setSummary(summary(r)).build());
      out.onCompleted();
    });
  }

  @Override
  public void carriers(AlleleRequest request, StreamObserver<CarriersChunk> out) {
    answer(out, local.alleleCarriers(request.getSource(), request.getChrom(), request.getPos(), request.getRef(),
        request.getAlt(), Long.MAX_VALUE), (NodeReply<Optional<AlleleCarriers>> r) -> {
          boolean found = r.value().isPresent();
          int[] het = found ? r.value().get().het() : new int[0];
          int[] hom = found ? r.value().get().hom() : new int[0];
          int step = CHUNK * 64; // 16,384 sample numbers a message, as Samples sends them
          for (int from = 0; from < Math.max(het.length, hom.length); from += step) {
            CarriersChunk.Builder chunk = CarriersChunk.newBuilder().setFound(true);
            for (int i = from; i < Math.min(het.length, from + step); i++) {
              chunk.addHet(het[i]);
            }
            for (int i = from; i < Math.min(hom.length, from + step); i++) {
              chunk.addHom(hom[i]);
            }
            out.onNext(chunk.build());
          }
          out.onNext(CarriersChunk.newBuilder().setFound(found).setSummary(summary(r)).build());
          out.onCompleted();
        });
  }

  static GenotypeCall call(GenotypeRequest r) {
    return new GenotypeCall(CoreMessages.fromSegments(r.getSegmentsList()), CoreMessages.zygosity(r.getZygosity()),
        r.getAllSamples(), r.getSamplesList(),
        r.hasLimit() ? java.util.OptionalInt.of(r.getLimit()) : java.util.OptionalInt.empty(), r.getWithCarriers());
  }

  private Summary summary(NodeReply<?> r) {
    return Summary.newBuilder().setNodeId(r.nodeId()).setDbNanos(r.dbNanos()).build();
  }

  /** Sends the answer of a local call, or its failure as a gRPC status. */
  private static <T> void answer(StreamObserver<?> out, CompletableFuture<T> call, Consumer<T> send) {
    T value;
    try {
      value = call.get();
    } catch (ExecutionException e) {
      out.onError(status(e.getCause()));
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      out.onError(Status.CANCELLED.asRuntimeException());
      return;
    } catch (RuntimeException e) {
      out.onError(status(e));
      return;
    }
    try {
      send.accept(value);
    } catch (StatusRuntimeException e) {
      // the caller went away (cancelled, deadline): nothing more to send
    }
  }

  /** The gRPC status of a failure: the one place the sidecar maps them. */
  static StatusRuntimeException status(Throwable t) {
    if (t instanceof NodeFailure f) {
      Status s = switch (f.reason()) {
        case NOT_SERVING -> Status.FAILED_PRECONDITION;
        case UNAVAILABLE -> Status.UNAVAILABLE;
        case DEADLINE -> Status.DEADLINE_EXCEEDED;
        case ERROR -> Status.INTERNAL;
      };
      return s.withDescription(f.getMessage()).asRuntimeException();
    }
    if (t instanceof IllegalArgumentException) {
      return Status.INVALID_ARGUMENT.withDescription(t.getMessage()).asRuntimeException();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return Status.INTERNAL.withDescription(m).asRuntimeException();
  }
}
