package org.dasgrid.core.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.cache.CachedResponse;
import org.dasgrid.core.cache.ResponseCache;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.DasService;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.LoadMonitor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sharded source answers exactly as the whole source does, from whichever node is asked: features,
 * feature ids, type counts and genotype queries, checked on random queries against the source loaded
 * whole. And when a node fails: another replica answers, or the request fails naming what is missing, or,
 * when the client accepts it, the answer is partial and says so.
 */
class ClusterSourceTest {
  @TempDir Path dir;
  private TestCluster cluster;
  private DataSource whole;
  private final Random random = new Random(2026);

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(dir, 800);
    whole = new SyntheticProvider().load(cluster.syn, ContigSelection.ALL, LoadMonitor.NONE);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  private ClusterView view(String node) {
    return cluster.source(node, "syn").open(FanOutOptions.STRICT);
  }

  private Segment randomSegment() {
    String c = SyntheticProvider.CONTIGS.get(random.nextInt(SyntheticProvider.CONTIGS.size()));
    int length = whole.entryPoint(c).orElseThrow().length();
    int start = 1 + random.nextInt(length);
    int stop = Math.min(length, start + random.nextInt(20_000));
    return new Segment(c, start, stop);
  }

  private static List<String> ids(List<Feature> fs) {
    return fs.stream().map(f -> f.id() + "@" + f.ref() + ":" + f.start() + "-" + f.end() + "/" + f.type().id()
        + "/" + f.notes()).toList();
  }

  private static List<Feature> features(DataSource d, Segment s, FeatureFilter filter) {
    List<Feature> out = new ArrayList<>();
    d.features(s, filter, out::add);
    return out;
  }

  @Test
  void everyNodeListsEveryReferenceInTheSourcesOrder() {
    for (String n : TestCluster.NODES) {
      assertThat(view(n).entryPoints()).isEqualTo(whole.entryPoints());
      assertThat(cluster.source(n, "side").open(FanOutOptions.STRICT).entryPoints())
          .isEqualTo(whole.entryPoints());
    }
  }

  @Test
  void featuresOfRandomSegmentsAreTheWholeSourcesFromAnyNode() {
    FeatureFilter exons = new FeatureFilter(java.util.Set.of("exon"), java.util.Set.of());
    for (int i = 0; i < 150; i++) {
      String node = TestCluster.NODES.get(i % 3);
      List<Segment> segs = List.of(randomSegment(), randomSegment(), randomSegment());
      FeatureFilter filter = i % 4 == 0 ? exons : FeatureFilter.ANY;
      ClusterView v = view(node);
      v.prefetch(segs, List.of(), filter);
      for (Segment s : segs) {
        assertThat(v.countFeatures(s, filter)).as("%s on %s", s, node).isEqualTo(whole.countFeatures(s, filter));
        assertThat(ids(features(v, s, filter))).as("%s on %s", s, node).isEqualTo(ids(features(whole, s, filter)));
      }
      assertThat(v.report().isPartial()).isFalse();
    }
  }

  @Test
  void featureIdsAreFoundOnEveryNodesContigsOnce() {
    List<String> ids = List.of("shared0", "shared1", "shared3", "c3_f5", "c4_f17", "c1_f399", "nope");
    for (String n : TestCluster.NODES) {
      ClusterView v = view(n);
      v.prefetch(List.of(), ids, FeatureFilter.ANY);
      for (String id : ids) {
        assertThat(ids(v.featuresById(id))).as("%s on %s", id, n).isEqualTo(ids(whole.featuresById(id)));
      }
    }
    assertThat(whole.featuresById("shared1")).hasSizeGreaterThan(1);
  }

  @Test
  void typeCountsAreSummedOverShardsWithoutCountingReplicasTwice() {
    for (String n : TestCluster.NODES) {
      assertThat(view(n).typeCounts()).isEqualTo(whole.typeCounts());
      for (int i = 0; i < 10; i++) {
        Segment s = randomSegment();
        assertThat(view(n).typeCounts(s)).isEqualTo(whole.typeCounts(s));
      }
    }
  }

  @Test
  void genotypeQueriesEqualTheWholeCohortsOnRandomQueries() {
    GenotypeQueries oracle = whole.capability(GenotypeSource.class).orElseThrow().genotypes();
    for (int i = 0; i < 200; i++) {
      String node = TestCluster.NODES.get(i % 3);
      GenotypeQueries g = view(node).capability(GenotypeSource.class).orElseThrow().genotypes();
      List<Segment> segs = new ArrayList<>();
      for (int k = 0, n = 1 + random.nextInt(3); k < n; k++) {
        segs.add(randomSegment());
      }
      Zygosity z = Zygosity.values()[random.nextInt(3)];
      int[] subset = random.nextInt(3) == 0 ? random.ints(1 + random.nextInt(6), 0, SyntheticProvider.SAMPLES).toArray()
          : null;
      OptionalInt limit = random.nextBoolean() ? OptionalInt.of(random.nextInt(25)) : OptionalInt.empty();
      GenotypeQuery mine = new GenotypeQuery(segs, z, subset == null ? g.allSamples() : g.select(subset), limit);
      GenotypeQuery theirs = new GenotypeQuery(segs, z, subset == null ? oracle.allSamples() : oracle.select(subset),
          limit);
      String what = segs + " " + z + " " + java.util.Arrays.toString(subset) + " " + limit + " on " + node;
      assertThat(rows(g.variants(mine))).as(what).isEqualTo(rows(oracle.variants(theirs)));
      assertThat(samples(g.carriers(mine))).as(what).isEqualTo(samples(oracle.carriers(theirs)));
      CountAnswer c = g.count(new GenotypeQuery(segs, z, mine.samples(), OptionalInt.empty()));
      assertThat(c).as(what).isEqualTo(oracle.count(new GenotypeQuery(segs, z, theirs.samples(), OptionalInt.empty())));
    }
  }

  /** Paging a sharded source: each page and its cursor as the whole cohort's, all pages the unpaged answer. */
  @Test
  void pagingThroughTheClusterGivesTheWholeCohortsPagesAndCursors() {
    GenotypeQueries oracle = whole.capability(GenotypeSource.class).orElseThrow().genotypes();
    for (int i = 0; i < 20; i++) {
      String node = TestCluster.NODES.get(i % 3);
      GenotypeQueries g = view(node).capability(GenotypeSource.class).orElseThrow().genotypes();
      List<Segment> segs = new ArrayList<>();
      for (int k = 0, n = 1 + random.nextInt(3); k < n; k++) {
        segs.add(randomSegment());
      }
      Zygosity z = Zygosity.values()[random.nextInt(3)];
      int page = 1 + random.nextInt(9);
      List<Object> all = rows(oracle.variants(new GenotypeQuery(segs, z, oracle.allSamples(), OptionalInt.empty())));
      List<Object> paged = new ArrayList<>();
      java.util.Optional<org.dasgrid.core.genotype.RowKey> after = java.util.Optional.empty();
      for (int guard = 0; guard < 10_000; guard++) {
        var mine = g.analyse(new org.dasgrid.core.genotype.AnalyticsQuery(new GenotypeQuery(segs, z, g.allSamples(),
            OptionalInt.of(page)), org.dasgrid.core.genotype.VariantFilter.NONE, false, java.util.Optional.empty(),
            java.util.Optional.empty(), after));
        var theirs = oracle.analyse(new org.dasgrid.core.genotype.AnalyticsQuery(new GenotypeQuery(segs, z,
            oracle.allSamples(), OptionalInt.of(page)), org.dasgrid.core.genotype.VariantFilter.NONE, false,
            java.util.Optional.empty(), java.util.Optional.empty(), after));
        assertThat(rows(mine.rows())).isEqualTo(rows(theirs.rows()));
        assertThat(mine.next()).isEqualTo(theirs.next());
        paged.addAll(rows(mine.rows()));
        after = mine.next();
        if (after.isEmpty()) {
          break;
        }
      }
      assertThat(paged).as(segs + " " + z + " by " + page).isEqualTo(all);
    }
  }

  private static List<Object> rows(VariantAnswer a) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      out.add(a.get(i));
    }
    return out;
  }

  private static List<Object> samples(SampleAnswer a) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < a.size(); i++) {
      out.add(a.get(i) + "#" + a.sampleNumber(i));
    }
    return out;
  }

  @Test
  void theReportNamesTheNodesThatAnsweredAndTheirContigs() {
    ClusterView v = view("n1");
    List<Segment> segs = List.of(new Segment("c1", 1, 50_000), new Segment("c3", 1, 50_000),
        new Segment("c4", 1, 50_000));
    GenotypeQueries g = v.capability(GenotypeSource.class).orElseThrow().genotypes();
    g.variants(new GenotypeQuery(segs, Zygosity.ANY, g.allSamples(), OptionalInt.of(5)));
    Map<String, List<String>> byNode = new java.util.TreeMap<>();
    v.report().nodes().forEach(n -> byNode.put(n.node(), n.contigs()));
    assertThat(byNode).containsExactly(Map.entry("n1", List.of("c1")), Map.entry("n2", List.of("c3")),
        Map.entry("n3", List.of("c4")));
    assertThat(v.report().engineNanos()).isPositive();
  }

  @Test
  void aDownNodesContigsFailTheRequestNamingThemUnlessPartialIsAllowed() {
    cluster.network.get("n3").mode = TestCluster.Flaky.Mode.DOWN;
    Segment c4 = new Segment("c4", 1, 90_000);
    Segment c1 = new Segment("c1", 1, 90_000);
    assertThatThrownBy(() -> view("n1").prefetch(List.of(c1, c4), List.of(), FeatureFilter.ANY))
        .isInstanceOfSatisfying(RequestException.class, e -> {
          assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE);
          assertThat(e.getMessage()).contains("syn:c4").contains("n3").contains("partial=allow");
        });
    ClusterView partial = cluster.source("n1", "syn").open(new FanOutOptions(true, Integer.MAX_VALUE));
    partial.prefetch(List.of(c1, c4), List.of(), FeatureFilter.ANY);
    assertThat(partial.countFeatures(c1, FeatureFilter.ANY)).isEqualTo(whole.countFeatures(c1, FeatureFilter.ANY));
    assertThat(partial.countFeatures(c4, FeatureFilter.ANY)).isZero();
    assertThat(partial.report().isPartial()).isTrue();
    assertThat(partial.report().missing()).extracting(FanOutReport.Missing::contig).containsExactly("c4");
    // c5 is on n1 too: still whole
    assertThat(view("n2").countFeatures(new Segment("c5", 1, 90_000), FeatureFilter.ANY))
        .isEqualTo(whole.countFeatures(new Segment("c5", 1, 90_000), FeatureFilter.ANY));
  }

  /**
   * The node of contact caches a complete DAS answer as a single node does, and answers it again without
   * asking the other nodes (here: a node gone silent, which would otherwise hold the request to its deadline),
   * with the headers naming who answered the first time.
   */
  @Test
  void aCachedCompleteAnswerIsServedAgainWithoutAskingTheNodes() throws Exception {
    ResponseCache cache = new ResponseCache(1 << 20, 1 << 20);
    DasService das = new DasService(new DasContext(cluster.registries.get("n1"), ServerSettings.DEFAULTS, "t", cache));
    DasRequest request = new DasRequest("syn", "features", QueryArguments.parse("segment=c4:1,20000"), "http://h/das");
    DasResponse first = das.handle(request);
    assertThat(first.cached()).isEmpty();
    assertThat(first.headers()).containsEntry("X-DasGrid-Nodes", "n3 (c4)");
    java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
    first.writeTo(body);
    // what the servlet does with a complete answer it wrote
    cache.put(first.cacheKey(), new CachedResponse(body.toByteArray(), first.contentType(), first.capabilities(),
        first.headers()));

    TestCluster.Flaky n3 = cluster.network.get("n3");
    n3.mode = TestCluster.Flaky.Mode.SILENT;
    int asked = n3.questions.get();
    DasResponse again = das.handle(request);
    assertThat(n3.questions.get()).as("questions to the silent node").isEqualTo(asked);
    assertThat(again.cacheKey()).isEqualTo(first.cacheKey());
    assertThat(again.cached()).isPresent();
    assertThat(again.headers()).isEqualTo(first.headers());
    java.io.ByteArrayOutputStream replay = new java.io.ByteArrayOutputStream();
    again.writeTo(replay);
    assertThat(replay.toByteArray()).isEqualTo(body.toByteArray());
    // another question about n3's contig still needs n3, and fails clearly at the deadline
    assertThatThrownBy(() -> das.handle(
        new DasRequest("syn", "features", QueryArguments.parse("segment=c4:1,30000"), "http://h/das")))
        .isInstanceOfSatisfying(RequestException.class,
            e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE));
  }

  /** A node that loaded another cohort (other samples) is named in a clear error, not an index failure. */
  @Test
  void carriersFromANodeWithAnotherCohortFailTheRequestNamingTheNode() {
    TestCluster.Flaky n3 = cluster.network.get("n3");
    NodeClient real = n3.target;
    n3.target = (NodeClient) java.lang.reflect.Proxy.newProxyInstance(NodeClient.class.getClassLoader(),
        new Class<?>[] {NodeClient.class}, (proxy, method, args) -> {
          if (method.getName().equals("samples")) {
            SampleCounts far = new SampleCounts(new int[] {1_000_000}, new int[] {1}, new int[] {0});
            return java.util.concurrent.CompletableFuture.completedFuture(new NodeReply<>("n3", far, 0));
          }
          try {
            return method.invoke(real, args);
          } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
          }
        });
    GenotypeQueries g = view("n1").capability(GenotypeSource.class).orElseThrow().genotypes();
    GenotypeQuery q = new GenotypeQuery(List.of(new Segment("c4", 1, 90_000)), Zygosity.ANY, g.allSamples(),
        OptionalInt.empty());
    assertThatThrownBy(() -> g.carriers(q)).isInstanceOfSatisfying(RequestException.class, e -> {
      assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE);
      assertThat(e.getMessage()).contains("node n3").contains("sample number 1000000").contains("same VCF header");
    });
  }

  @Test
  void aReplicaAnswersForANodeThatIsDown() {
    cluster.network.get("n2").mode = TestCluster.Flaky.Mode.DOWN;
    Segment c2 = new Segment("c2", 1, 90_000);
    ClusterView v = view("n3");
    assertThat(ids(features(v, c2, FeatureFilter.ANY))).isEqualTo(ids(features(whole, c2, FeatureFilter.ANY)));
    assertThat(v.report().nodes()).extracting(FanOutReport.Node::node).containsExactly("n1");
  }

  @Test
  void aSilentNodeEndsTheRequestAtTheDeadlineWithAClearError() {
    cluster.network.get("n3").mode = TestCluster.Flaky.Mode.SILENT;
    long t = System.nanoTime();
    assertThatThrownBy(() -> view("n2").countFeatures(new Segment("c4", 1, 1000), FeatureFilter.ANY))
        .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.getMessage())
            .contains("syn:c4").contains("deadline of 800 ms"));
    // ends at the deadline (plus the grace the wait allows), not later: a bound, not a timing measurement
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t)).isLessThan(5_000);
  }

  @Test
  void aNodeAnsweringErrorsIsReplacedByAReplicaOrNamedInTheError() {
    cluster.network.get("n3").mode = TestCluster.Flaky.Mode.FAILING;
    // c5 is on n1 too: n2 asks n3 first or n1, and ends with the whole answer either way
    Segment c5 = new Segment("c5", 1, 90_000);
    for (int i = 0; i < 4; i++) {
      assertThat(view("n2").countFeatures(c5, FeatureFilter.ANY)).isEqualTo(whole.countFeatures(c5, FeatureFilter.ANY));
    }
    // c4 is only on n3: its error is the reason given
    assertThatThrownBy(() -> view("n1").countFeatures(new Segment("c4", 1, 1000), FeatureFilter.ANY))
        .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.getMessage())
            .contains("syn:c4").contains("n3: INTERNAL: disk read error"));
    // an error is not a node in trouble: it stays up for the contigs it does answer
    assertThat(cluster.clusters.get("n1").isUp("n3")).isTrue();
  }

  @Test
  void aNodeThatComesBackAnswersAgainWithoutARestart() throws Exception {
    TestCluster.Flaky n3 = cluster.network.get("n3");
    n3.mode = TestCluster.Flaky.Mode.DOWN;
    Segment c4 = new Segment("c4", 1, 90_000);
    assertThatThrownBy(() -> view("n1").countFeatures(c4, FeatureFilter.ANY)).isInstanceOf(RequestException.class);
    n3.mode = TestCluster.Flaky.Mode.UP;
    assertThat(view("n1").countFeatures(c4, FeatureFilter.ANY)).isEqualTo(whole.countFeatures(c4, FeatureFilter.ANY));
    // and the probe marks it up again, so it is preferred again over nothing
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!cluster.clusters.get("n1").isUp("n3") && System.nanoTime() < until) {
      Thread.sleep(20);
    }
    assertThat(cluster.clusters.get("n1").isUp("n3")).isTrue();
  }

  @Test
  void aNodeHoldingNoneOfASourceFetchesItsCatalogFromOneThatDoes() {
    ClusterSource side = cluster.source("n1", "side");
    assertThat(side.held().isNone()).isTrue();
    ClusterView v = side.open(FanOutOptions.STRICT);
    Segment s = new Segment("c3", 1, 60_000);
    assertThat(ids(features(v, s, FeatureFilter.ANY))).isEqualTo(ids(features(whole, s, FeatureFilter.ANY)));
    assertThat(v.typeCounts()).isEqualTo(whole.typeCounts());
  }

  @Test
  void aNodeRefusesContigsItDoesNotHold() {
    NodeClient n2 = cluster.clusters.get("n2").local();
    assertThatThrownBy(() -> n2.features("syn", List.of(new Segment("c4", 1, 10)), FeatureFilter.ANY, 10,
        Long.MAX_VALUE).join())
        .hasCauseInstanceOf(NodeFailure.class)
        .hasMessageContaining("does not hold syn:c4");
  }
}
