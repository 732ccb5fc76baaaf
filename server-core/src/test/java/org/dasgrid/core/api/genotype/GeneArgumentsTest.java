package org.dasgrid.core.api.genotype;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.util.List;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.gene.Gene;
import org.dasgrid.core.gene.GeneIndex;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code gene=} read into segments: a gene's request is its span's request (through the source's contig
 * aliases), overlapping genes are one segment, and each mistake has its own kind: unknown gene 404, no
 * annotation 400, a broken annotation 503, gene= with segment= 400.
 */
class GeneArgumentsTest {
  static InMemoryFeatureSource source;
  static GenotypeQueries engine;
  static final GeneLookup GENES = new GeneLookup.Ready(GeneIndex.of(List.of(
      new Gene("ENSG00000141510.16", "TP53", List.of("P53"), "chr17", 7_661_779, 7_687_538, 2),
      new Gene("ENSG00000161960.15", "EIF4A1", List.of(), "chr17", 7_572_507, 7_668_000, 3), // overlaps TP53 here
      new Gene("ENSG00000139618.15", "BRCA2", List.of("FANCD1"), "chr13", 32_315_508, 32_400_268, 4),
      new Gene("ENSG00000000001.1", "ONY", List.of(), "chrY", 100, 200, 5))), "genes.gff3");

  @BeforeAll
  static void build() {
    Interner pool = new Interner();
    source = InMemoryFeatureSource.builder()
        .declareReference("13", 115_169_878)
        .declareReference("17", 83_257_441)
        .add(Feature.builder("17", 7_661_800, 7_661_800).id("a").type(pool.type("SNV")).method(pool.method("VCF"))
            .build())
        .build();
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(List.of("NA1", "NA2"));
    b.startSite("17", 7_661_800, 7_661_800, "rs1", "C", List.of("T"));
    b.diploid(0, 0, 1);
    b.endSite();
    engine = b.build();
  }

  static GeneArguments resolve(String query) {
    return GeneArguments.resolve(QueryArguments.parse(query), GENES, source, 10);
  }

  static GenotypeRequest parse(QueryArguments args) {
    return GenotypeRequest.parse(GenotypeEndpoint.COUNT, args, source, engine, 10, 1000);
  }

  @Test
  void aGenesRequestIsItsSpansRequestInTheSourcesContigNames() {
    GeneArguments g = resolve("gene=brca2&zygosity=het");
    assertThat(g.args().all("segment")).containsExactly("13:32315508,32400268");
    assertThat(g.args().has("gene")).isFalse();
    assertThat(parse(g.args())).isEqualTo(parse(QueryArguments.parse("segment=13:32315508,32400268&zygosity=het")));
    assertThat(g.genes().orElseThrow().hits()).singleElement().satisfies(h -> {
      assertThat(h.query()).isEqualTo("brca2");
      assertThat(h.gene().span()).isEqualTo("chr13:32315508,32400268");
      assertThat(h.segment()).contains(new Segment("13", 32_315_508, 32_400_268));
    });
  }

  @Test
  void overlappingGenesAreOneSegmentInContigOrderAndRepeatsCountOnce() {
    GeneArguments g = resolve("gene=TP53,FANCD1&gene=EIF4A1,ENSG00000141510");
    assertThat(g.args().all("segment")).containsExactly("13:32315508,32400268", "17:7572507,7687538");
    assertThat(g.genes().orElseThrow().hits()).extracting(h -> h.gene().name())
        .containsExactly("TP53", "BRCA2", "EIF4A1");
  }

  @Test
  void aGeneOnAContigTheSourceLacksHasNoSegmentAndAnswersNothing() {
    GeneArguments g = resolve("gene=ONY");
    assertThat(g.genes().orElseThrow().hits()).singleElement().satisfies(h -> assertThat(h.segment()).isEmpty());
    assertThat(parse(g.args()).query().segments()).isEmpty();
    assertThat(engine.count(parse(g.args()).query()).variants()).isZero();
    assertThat(resolve("gene=ONY,TP53").args().all("segment")).containsExactly("17:7661779,7687538");
  }

  @Test
  void withoutGeneTheArgumentsAreUnchanged() {
    QueryArguments args = QueryArguments.parse("segment=17&zygosity=any");
    assertThat(GeneArguments.resolve(args, GeneLookup.NONE, source, 10).args()).isSameAs(args);
  }

  @Test
  void everyMistakeHasItsKindAndNamesWhatIsWrong() {
    assertError(() -> resolve("gene=TP53,NOPE1,nope2"), ErrorKind.NOT_FOUND, "unknown genes: NOPE1, nope2");
    assertError(() -> resolve("gene=TP53&segment=17:1,10"), ErrorKind.BAD_ARGUMENT, "gene= and segment=");
    assertError(() -> resolve("gene=TP53,,BRCA2"), ErrorKind.BAD_ARGUMENT, "empty gene name");
    assertError(() -> GeneArguments.resolve(QueryArguments.parse("gene=TP53"), GeneLookup.NONE, source, 10),
        ErrorKind.BAD_ARGUMENT, "has no gene annotation");
    assertError(() -> GeneArguments.resolve(QueryArguments.parse("gene=TP53"),
        new GeneLookup.Unavailable("genes.gff3:12: end 10 < start 200"), source, 10), ErrorKind.UNAVAILABLE,
        "genes.gff3:12: end 10 < start 200");
    assertError(() -> GeneArguments.resolve(QueryArguments.parse("gene=TP53,BRCA2,EIF4A1"), GENES, source, 2),
        ErrorKind.TOO_LARGE, "3 genes");
  }

  @Test
  void theAnswerNamesEachGeneItsSpanAndItsSegment() throws Exception {
    GeneArguments g = resolve("gene=tp53,ONY");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    GenotypeRequest r = parse(g.args());
    GenotypeJsonWriter.write(r.run(engine), false, null, g.genes(), new RequestTimer(System.nanoTime()), out);
    JsonNode json = new ObjectMapper().readTree(out.toByteArray());
    assertThat(json.get("variants").asInt()).isEqualTo(1);
    assertThat(json.get("genes").toString()).isEqualTo("[{\"query\":\"tp53\",\"name\":\"TP53\","
        + "\"id\":\"ENSG00000141510.16\",\"span\":\"chr17:7661779,7687538\",\"segment\":\"17:7661779,7687538\"},"
        + "{\"query\":\"ONY\",\"name\":\"ONY\",\"id\":\"ENSG00000000001.1\",\"span\":\"chrY:100,200\","
        + "\"segment\":null}]");
  }

  private static void assertError(Runnable r, ErrorKind kind, String message) {
    assertThatThrownBy(r::run).isInstanceOfSatisfying(RequestException.class, e -> {
      assertThat(e.kind()).isEqualTo(kind);
      assertThat(e.getMessage()).contains(message);
    });
  }
}
