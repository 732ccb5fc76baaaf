package org.dasgrid.core.api.genotype;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import java.util.stream.IntStream;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.cluster.Reports;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The writer against the Jackson generator it replaces ({@link JacksonGenotypeWriter}): the same bytes for
 * random answers of an engine whose names, IDs and alleles hold characters JSON or HTML must escape, text
 * that is not ASCII and alleles longer than the writer's buffer; as JSON and NDJSON, with and without a
 * cluster report.
 */
class GenotypeJsonWriterTest {
  static final String[] TEXTS = {"A", "C", "G", "T", "AT", "GCA", "<DEL>", "<INS:ME>", "*", "N", "A&T", "it's",
      "q\"uote", "back\\slash", "caf\u00e9", "\ud83d\ude00", "ctl\u0001", "\u2028"};
  static final String[] CONTIGS = {"chr1", "17", "chr<M>", "ch\u00e9"};
  static GenotypeQueries engine;
  static List<String> samples;

  @BeforeAll
  static void build() {
    Random rnd = new Random(5);
    samples = IntStream.range(0, 40).mapToObj(i -> i % 7 == 3 ? "s<" + i + ">&\u00e9" : "S" + i).toList();
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(samples);
    for (int i = 0; i < 3_000; i++) {
      String contig = CONTIGS[rnd.nextInt(CONTIGS.length)];
      String ref = TEXTS[rnd.nextInt(rnd.nextInt(50) == 0 ? TEXTS.length : 6)];
      List<String> alts = new ArrayList<>();
      for (int a = 0, n = 1 + (rnd.nextInt(5) == 0 ? 1 : 0); a < n; a++) {
        alts.add(TEXTS[rnd.nextInt(rnd.nextInt(20) == 0 ? TEXTS.length : 9)] + (a > 0 ? "T" : ""));
      }
      String id = rnd.nextBoolean() ? "." : rnd.nextInt(10) == 0 ? TEXTS[rnd.nextInt(TEXTS.length)] : "rs" + i;
      int pos = 1 + rnd.nextInt(rnd.nextInt(10) == 0 ? 2_000_000_000 : 5_000);
      b.startSite(contig, pos, pos + ref.length() - 1, id, ref, alts);
      for (int s = 0; s < samples.size(); s++) {
        int r = rnd.nextInt(20);
        if (r == 0) {
          b.diploid(s, 1, 1);
        } else if (r < 3) {
          b.diploid(s, 0, alts.size());
        } else if (r == 3) {
          b.diploid(s, GenotypeIndexBuilder.MISSING, 1);
        } else if (r == 4) {
          b.haploid(s, 1);
        }
      }
      b.endSite();
    }
    // longer than the writer's buffer
    b.startSite("chr1", 4_000, 4_000, "rs" + "9".repeat(70_000), "A",
        List.of("C".repeat(70_000), "<\u00e9>".repeat(9_000)));
    b.diploid(0, 1, 2);
    b.endSite();
    engine = b.build();
  }

  static String bytes(boolean jackson, GenotypeResult result, boolean ndjson, FanOutReport report, RequestTimer timer)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (jackson) {
      JacksonGenotypeWriter.write(result, ndjson, report, timer, out);
    } else {
      GenotypeJsonWriter.write(result, ndjson, report, timer, out);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  static void assertSameAsJackson(GenotypeResult result, FanOutReport report) throws IOException {
    RequestTimer timer = new RequestTimer(System.nanoTime() - 1_234_567);
    timer.db(() -> IntStream.range(0, 1000).sum());
    timer.finalElapsedMillis(); // frozen: both writers write the same timings
    for (boolean ndjson : new boolean[] {false, true}) {
      assertThat(bytes(false, result, ndjson, report, timer)).isEqualTo(bytes(true, result, ndjson, report, timer));
    }
  }

  static GenotypeQuery randomQuery(Random rnd) {
    List<Segment> segments = new ArrayList<>();
    for (int k = 0, n = 1 + rnd.nextInt(3); k < n; k++) {
      int start = 1 + rnd.nextInt(rnd.nextBoolean() ? 5_000 : 2_000_000_000);
      segments.add(new Segment(CONTIGS[rnd.nextInt(CONTIGS.length)], start,
          rnd.nextInt(4) == 0 ? Integer.MAX_VALUE : start + rnd.nextInt(3_000)));
    }
    SampleSelection chosen = rnd.nextBoolean() ? engine.allSamples()
        : engine.select(IntStream.range(0, 1 + rnd.nextInt(10)).map(i -> rnd.nextInt(samples.size())).toArray());
    Zygosity z = Zygosity.values()[rnd.nextInt(3)];
    return new GenotypeQuery(segments, z, chosen, rnd.nextInt(3) == 0 ? OptionalInt.of(rnd.nextInt(50))
        : OptionalInt.empty());
  }

  @Test
  void writesEngineAnswersAsJacksonDid() throws IOException {
    Random rnd = new Random(17);
    int rows = 0;
    for (int i = 0; i < 200; i++) {
      GenotypeQuery q = randomQuery(rnd);
      VariantAnswer a = engine.variants(q);
      rows += a.size();
      assertSameAsJackson(new GenotypeResult.Variants(a), null);
      assertSameAsJackson(new GenotypeResult.Samples(engine.carriers(q)), null);
      assertSameAsJackson(new GenotypeResult.Count(engine.count(q)), null);
    }
    assertThat(rows).isGreaterThan(5_000);
  }

  /** Whole-cohort rows carry their af text, made at load; the writer copies it (checked above against Jackson). */
  @Test
  void wholeCohortRowsCarryTheAfTextJacksonWrites() {
    List<Segment> everything = java.util.Arrays.stream(CONTIGS)
        .map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList();
    VariantAnswer a = engine.variants(new GenotypeQuery(everything, Zygosity.ANY, engine.allSamples(),
        OptionalInt.empty()));
    VariantAnswer.Cursor v = a.cursor();
    int withText = 0;
    byte[] dst = new byte[32];
    while (v.next()) {
      if (v.an() != 0) {
        int end = v.precomputed().copyAfText(dst, 3);
        assertThat(end).isGreaterThan(3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonBytes json = new JsonBytes(out, 256);
        try {
          json.number((double) v.ac() / v.an());
          json.flush();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
        assertThat(new String(dst, 3, end - 3, StandardCharsets.US_ASCII))
            .isEqualTo(out.toString(StandardCharsets.US_ASCII));
        withText++;
      }
    }
    assertThat(withText).isGreaterThan(2_000);
  }

  @Test
  void writesAnswersMadeOfRowsAsJacksonDid() throws IOException {
    Random rnd = new Random(19);
    for (int i = 0; i < 100; i++) {
      VariantAnswer a = engine.variants(randomQuery(rnd));
      List<VariantRow> rows = IntStream.range(0, a.size()).mapToObj(a::get).toList();
      assertSameAsJackson(new GenotypeResult.Variants(VariantAnswer.of(rows)), null);
    }
  }

  @Test
  void writesRowsLongerThanItsBufferAsJacksonDid() throws IOException {
    GenotypeQuery q = new GenotypeQuery(List.of(new Segment("chr1", 3_990, 4_010)), Zygosity.ANY,
        engine.allSamples(), OptionalInt.empty());
    VariantAnswer a = engine.variants(q);
    assertThat(IntStream.range(0, a.size()).filter(i -> a.get(i).alt().length() > 20_000).count()).isEqualTo(2);
    assertSameAsJackson(new GenotypeResult.Variants(a), null);
  }

  @Test
  void writesEmptyAnswersAsJacksonDid() throws IOException {
    GenotypeQuery none = new GenotypeQuery(List.of(new Segment("chr1", 1, 1)), Zygosity.ANY, engine.allSamples(),
        OptionalInt.of(0));
    assertSameAsJackson(new GenotypeResult.Variants(engine.variants(none)), null);
    assertSameAsJackson(new GenotypeResult.Samples(engine.carriers(none)), null);
    assertSameAsJackson(new GenotypeResult.Variants(VariantAnswer.of(List.of())), null);
  }

  @Test
  void writesClusterReportsAsJacksonDid() throws IOException {
    Map<String, List<String>> nodes = new LinkedHashMap<>();
    nodes.put("n1", List.of("chr1", "17"));
    nodes.put("n<2>", List.of("ch\u00e9"));
    FanOutReport whole = Reports.of(nodes, 123_456, Map.of());
    FanOutReport partial = Reports.of(nodes, 7_000_001, Map.of("chr<M>", "n3: unreachable \"timeout\""));
    FanOutReport nobody = Reports.of(Map.of(), 0, Map.of("chr1", "no node"));
    GenotypeQuery q = randomQuery(new Random(23));
    for (FanOutReport r : List.of(whole, partial, nobody)) {
      assertSameAsJackson(new GenotypeResult.Variants(engine.variants(q)), r);
      assertSameAsJackson(new GenotypeResult.Samples(engine.carriers(q)), r);
      assertSameAsJackson(new GenotypeResult.Count(engine.count(q)), r);
    }
  }
}
