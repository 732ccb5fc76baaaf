package org.dasgrid.proto.sidecar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.ManagedChannel;
import io.grpc.health.v1.HealthCheckRequest;
import io.grpc.health.v1.HealthCheckResponse;
import io.grpc.health.v1.HealthGrpc;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.cluster.GenotypeCall;
import org.dasgrid.core.cluster.LocalNode;
import org.dasgrid.core.cluster.NodeClient;
import org.dasgrid.core.cluster.NodeFailure;
import org.dasgrid.core.cluster.NodeReply;
import org.dasgrid.core.cluster.SegmentFeatures;
import org.dasgrid.core.config.ClusterConfig;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.registry.LoadListener;
import org.dasgrid.core.registry.SourceLoader;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.FeatureFilter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The sidecar over the wire answers exactly as the node does in-process: every call of {@link NodeClient}
 * on the bundled FlyBase, WormBase and 1000 Genomes data, through a real gRPC server and client on
 * loopback. And the failures the fan-out relies on: a node that is not there is UNAVAILABLE, a call past its
 * deadline is DEADLINE, a contig not held is NOT_SERVING.
 */
class GrpcRoundTripTest {
  private static Sidecar sidecar;
  private static LocalNode local;
  private static GrpcNodeClient remote;

  static Path examples() {
    return Path.of(System.getProperty("dasgrid.root", "..")).resolve("webapp/src/main/resources/examples/data");
  }

  @BeforeAll
  static void start() throws Exception {
    Path d = examples();
    SourceConfig dmel = SourceConfig.of("dmel", "gff3", d.resolve("dmel-2L.gff3"));
    SourceConfig ce = new SourceConfig("ce", "ce", "", "gff2", d.resolve("ce_ws199.gff").toString(),
        d.resolve("ce_ws199.fa").toString(), null, null, false, null, null, null, null, d);
    SourceConfig ceu = new SourceConfig("ceu", "ceu", "", "vcf", d.resolve("ceu_exon.vcf.gz").toString(), null,
        null, null, true, null, null, null, null, d);
    SourceRegistry registry = new SourceRegistry(List.of(dmel, ce, ceu));
    try (SourceLoader loader = new SourceLoader(DataSourceProviders.discover(GrpcRoundTripTest.class.getClassLoader()),
        LoadListener.NONE, 2)) {
      loader.loadAll(registry).join();
    }
    local = new LocalNode("t1", registry, c -> c.id().equals("ce") ? ContigSelection.of(List.of("I", "II"))
        : ContigSelection.ALL);
    sidecar = Sidecar.start("127.0.0.1", 0, local, "DasGrid/test", Optional.empty(),
        CompletableFuture.completedFuture(null));
    remote = GrpcNodeClient.connect(new ClusterConfig.Node("t1", "127.0.0.1:" + sidecar.port(), null),
        Optional.empty());
  }

  @AfterAll
  static void stop() {
    remote.close();
    sidecar.close();
  }

  private static long deadline() {
    return System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
  }

  static String text(Feature f) {
    return String.join("|", f.ref(), f.start() + "-" + f.end(), f.id(), f.label(), "named=" + f.hasLabel(),
        f.type().toString(),
        f.method().toString(), f.hasScore() ? Double.toString(f.score()) : "-", f.orientation().name(),
        f.phase().name(), f.notes().toString(), f.links().toString(), f.targets().toString(),
        f.parents().toString(), f.parts().toString());
  }

  private static List<String> texts(List<Feature> fs) {
    return fs.stream().map(GrpcRoundTripTest::text).toList();
  }

  /** Segment by segment: the same totals and the same features, every field as {@link #text}. */
  private static void assertSameFeatures(List<SegmentFeatures> there, List<SegmentFeatures> here) {
    assertThat(there).hasSameSizeAs(here);
    for (int i = 0; i < here.size(); i++) {
      assertThat(there.get(i).total()).isEqualTo(here.get(i).total());
      assertThat(texts(there.get(i).features())).isEqualTo(texts(here.get(i).features()));
    }
  }

  @Test
  void featuresComeOverTheWireFieldForField() throws Exception {
    List<Segment> segs = List.of(new Segment("2L", 1, 27772), new Segment("2L", 2501, 2550),
        new Segment("2L", 1, 1605126));
    NodeReply<List<SegmentFeatures>> here = local.features("dmel", segs, FeatureFilter.ANY, 1_000_000, deadline()).get();
    NodeReply<List<SegmentFeatures>> there = remote.features("dmel", segs, FeatureFilter.ANY, 1_000_000, deadline()).get();
    assertThat(there.nodeId()).isEqualTo("t1");
    assertSameFeatures(there.value(), here.value());
    assertThat(there.value().get(2).features()).hasSize(18_513);
    // FlyBase's orthologs have a Target with a strand; a few features have no Name (their label is their id)
    assertThat(there.value().get(2).features()).anyMatch(f -> f.targets().stream()
        .anyMatch(t -> t.orientation() != org.dasgrid.core.feature.Orientation.NONE));
    // GFF2 with notes and targets, on held contigs, all of it and through a filter; a segment over the limit
    // as a count
    FeatureFilter filter = new FeatureFilter(Set.of("exon", "CDS"), Set.of());
    List<Segment> ce = List.of(new Segment("I", 1, 15_000_000), new Segment("II", 1, 15_000_000));
    List<SegmentFeatures> all = remote.features("ce", ce, FeatureFilter.ANY, 1_000_000, deadline()).get().value();
    assertSameFeatures(all, local.features("ce", ce, FeatureFilter.ANY, 1_000_000, deadline()).get().value());
    assertThat(all).extracting(sf -> sf.features().size()).containsExactly(159, 3);
    assertThat(all.get(0).features()).anyMatch(f -> !f.targets().isEmpty()).anyMatch(f -> !f.notes().isEmpty());
    List<SegmentFeatures> some = remote.features("ce", ce, filter, 1_000_000, deadline()).get().value();
    assertSameFeatures(some, local.features("ce", ce, filter, 1_000_000, deadline()).get().value());
    assertThat(some).extracting(sf -> sf.features().size()).containsExactly(90, 0);
    assertThat(some.get(0).features()).extracting(f -> f.type().id()).containsOnly("exon", "CDS");
    SegmentFeatures over = remote.features("dmel", List.of(new Segment("2L", 1, 27772)), FeatureFilter.ANY, 10,
        deadline()).get().value().get(0);
    assertThat(over.countOnly()).isTrue();
    assertThat(over.total()).isEqualTo(550);
    assertThat(over.features()).isEmpty();
  }

  @Test
  void catalogTypesAndFeatureIdsComeOverTheWire() throws Exception {
    assertThat(remote.catalog("ceu", deadline()).get()).isEqualTo(local.catalog("ceu", deadline()).get());
    assertThat(remote.catalog("ce", deadline()).get().entryPoints())
        .isEqualTo(local.catalog("ce", deadline()).get().entryPoints()).isNotEmpty();
    List<Segment> whole = List.of(new Segment("2L", 1, 23_011_544));
    assertThat(remote.types("dmel", whole, deadline()).get().value())
        .isEqualTo(local.types("dmel", whole, deadline()).get().value()).isNotEmpty();
    List<String> ids = List.of("FBgn0031208", "CG11023:1", "nope");
    assertThat(texts(remote.featuresById("dmel", ids, List.of("2L"), deadline()).get().value()))
        .isEqualTo(texts(local.featuresById("dmel", ids, List.of("2L"), deadline()).get().value()))
        .isNotEmpty();
  }

  @Test
  void genotypeAnswersComeOverTheWire() throws Exception {
    List<Segment> segs = List.of(new Segment("1", 1, 200_000_000), new Segment("21", 1, 46_000_000));
    for (Zygosity z : Zygosity.values()) {
      GenotypeCall all = new GenotypeCall(segs, z, true, List.of(), OptionalInt.empty(), true);
      GenotypeCall few = new GenotypeCall(segs, z, false, List.of(0, 5, 17, 89), OptionalInt.of(40), false);
      for (GenotypeCall call : List.of(all, few)) {
        assertThat(remote.variants("ceu", call, deadline()).get().value())
            .isEqualTo(local.variants("ceu", call, deadline()).get().value()).isNotEmpty();
        assertThat(remote.samples("ceu", call, deadline()).get().value())
            .usingRecursiveComparison().isEqualTo(local.samples("ceu", call, deadline()).get().value());
        assertThat(remote.count("ceu", call, deadline()).get().value())
            .usingRecursiveComparison().isEqualTo(local.count("ceu", call, deadline()).get().value());
      }
    }
  }

  /** Every allele of a region: the same carriers over the wire, and an allele that is not there is empty. */
  @Test
  void alleleCarriersComeOverTheWire() throws Exception {
    GenotypeCall region = new GenotypeCall(List.of(new Segment("21", 1, 46_000_000)), Zygosity.ANY, true, List.of(),
        OptionalInt.empty(), false);
    List<VariantRow> rows = local.variants("ceu", region, deadline()).get().value();
    assertThat(rows).hasSizeGreaterThan(10);
    int withCarriers = 0;
    for (VariantRow v : rows) {
      Optional<AlleleCarriers> here = local.alleleCarriers("ceu", v.chrom(), v.pos(), v.ref(), v.alt(), deadline())
          .get().value();
      Optional<AlleleCarriers> there = remote.alleleCarriers("ceu", v.chrom(), v.pos(), v.ref(), v.alt(), deadline())
          .get().value();
      assertThat(there).as("%s", v).isEqualTo(here).isPresent();
      // as many carriers as the variants answer counts
      assertThat(there.get().het().length).isEqualTo(v.het());
      assertThat(there.get().hom().length).isEqualTo(v.hom());
      withCarriers += there.get().het().length + there.get().hom().length > 0 ? 1 : 0;
    }
    assertThat(withCarriers).isPositive();
    VariantRow first = rows.get(0);
    assertThat(remote.alleleCarriers("ceu", first.chrom(), first.pos(), first.ref(), "<NOPE>", deadline()).get()
        .value()).isEmpty();
  }

  @Test
  void statusListsSourcesWithTheirContigs() throws Exception {
    var st = remote.status(deadline()).get();
    assertThat(st.nodeId()).isEqualTo("t1");
    assertThat(st.source("ce").orElseThrow().contigs()).isEqualTo(ContigSelection.of(List.of("I", "II")));
    assertThat(st.source("dmel").orElseThrow().contigs().isAll()).isTrue();
    assertThat(st.source("dmel").orElseThrow().version()).isNotEmpty();
  }

  @Test
  void failuresComeBackAsTheKindTheFanOutActsOn() throws Exception {
    assertThatThrownBy(() -> remote.features("ce", List.of(new Segment("V", 1, 10)), FeatureFilter.ANY, 10,
        deadline()).get())
        .isInstanceOf(ExecutionException.class)
        .cause().isInstanceOfSatisfying(NodeFailure.class, f -> {
          assertThat(f.reason()).isEqualTo(NodeFailure.Reason.NOT_SERVING);
          assertThat(f.getMessage()).contains("does not hold ce:V");
        });
    GrpcNodeClient nobody = GrpcNodeClient.connect(new ClusterConfig.Node("x", "127.0.0.1:1", null), Optional.empty());
    try {
      assertThatThrownBy(() -> nobody.status(deadline()).get())
          .cause().isInstanceOfSatisfying(NodeFailure.class,
              f -> assertThat(f.reason()).isEqualTo(NodeFailure.Reason.UNAVAILABLE));
    } finally {
      nobody.close();
    }
    assertThatThrownBy(() -> remote.features("dmel", List.of(new Segment("2L", 1, 1_605_126)), FeatureFilter.ANY,
        1_000_000, System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(50)).get())
        .cause().isInstanceOfSatisfying(NodeFailure.class,
            f -> assertThat(f.reason()).isEqualTo(NodeFailure.Reason.DEADLINE));
  }

  @Test
  void theStandardHealthServiceSaysServing() {
    ManagedChannel ch = NettyChannelBuilder.forTarget("127.0.0.1:" + sidecar.port()).usePlaintext().build();
    try {
      HealthCheckResponse r = HealthGrpc.newBlockingStub(ch).withDeadlineAfter(10, TimeUnit.SECONDS)
          .check(HealthCheckRequest.newBuilder().setService("dasgrid.v1.Shards").build());
      assertThat(r.getStatus()).isEqualTo(HealthCheckResponse.ServingStatus.SERVING);
    } finally {
      ch.shutdownNow();
    }
  }

}
