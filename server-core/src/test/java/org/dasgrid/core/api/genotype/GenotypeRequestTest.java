package org.dasgrid.core.api.genotype;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GenotypeRequestTest {
  static InMemoryFeatureSource source;
  static GenotypeQueries engine;

  @BeforeAll
  static void build() {
    Interner pool = new Interner();
    source = InMemoryFeatureSource.builder()
        .declareReference("17", 83_257_441)
        .add(Feature.builder("17", 7_661_800, 7_661_800).id("a").type(pool.type("SNV")).method(pool.method("VCF")).build())
        .build();
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(List.of("NA1", "NA2", "NA3"));
    b.startSite("17", 7_661_800, 7_661_800, "rs1", "C", List.of("T"));
    b.diploid(1, 0, 1);
    b.endSite();
    engine = b.build();
  }

  static GenotypeRequest parse(String query) {
    return GenotypeRequest.parse(GenotypeEndpoint.VARIANTS, QueryArguments.parse(query), source, engine, 3, 1000);
  }

  @Test
  void readsSegmentsZygositySamplesAndLimit() {
    GenotypeRequest r = parse("segment=chr17:7661779,7687538;zygosity=HET&samples=NA2,NA3&samples=NA2&limit=5");
    assertThat(r.query().segments()).containsExactly(new Segment("17", 7_661_779, 7_687_538));
    assertThat(r.query().zygosity()).isEqualTo(Zygosity.HET);
    assertThat(r.query().samples().size()).isEqualTo(2);
    assertThat(r.query().limit()).hasValue(5);
    assertThat(r.cap()).isEmpty();
  }

  @Test
  void defaultsToAnyZygosityAllSamplesAndTheServerCap() {
    GenotypeRequest r = parse("segment=17");
    assertThat(r.query().segments()).containsExactly(new Segment("17", 1, 83_257_441));
    assertThat(r.query().zygosity()).isEqualTo(Zygosity.ANY);
    assertThat(r.query().samples().isAll()).isTrue();
    assertThat(r.cap()).hasValue(1000);
    assertThat(r.query().limit()).hasValue(1001);
  }

  @Test
  void cutsRangesAtTheReferenceEndAndDropsThoseBeyondIt() {
    assertThat(parse("segment=17:83257000,99999999").query().segments())
        .containsExactly(new Segment("17", 83_257_000, 83_257_441));
    assertThat(parse("segment=17:90000000,99999999").query().segments()).isEmpty();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "segment=17&zygosity=both|zygosity must be het, hom or any, not 'both'",
      "segment=17&samples=NA1,NOPE,X2|unknown samples: NOPE, X2",
      "segment=17&samples=NA1,,NA2|empty sample name",
      "zygosity=het|at least one segment",
      "segment=17:1,x|malformed segment '17:1,x'",
      "segment=17:10,1|start 10 is after stop 1",
      "segment=17:-5,10|coordinates start at 1",
      "segment=Y:1,10|unknown reference 'Y'",
      "segment=1&segment=2&segment=3&segment=4|4 segments requested; at most 3",
      "segment=17&limit=ten|limit must be a whole number",
      "segment=17&limit=99999999999|limit must be a whole number",
      "segment=17&limit=1&limit=2|argument 'limit' given 2 times",
      "segment=17&sample=NA1|unknown argument 'sample'"})
  void refusesBadArgumentsWithA400Message(String query, String message) {
    assertThatThrownBy(() -> parse(query))
        .isInstanceOf(RequestException.class)
        .hasMessageContaining(message)
        .extracting(e -> ((RequestException) e).kind()).isIn(ErrorKind.BAD_ARGUMENT, ErrorKind.TOO_LARGE);
  }

  @Test
  void anAnswerOverTheCapAsksForALimit() {
    GenotypeRequest r = GenotypeRequest.parse(GenotypeEndpoint.SAMPLES, QueryArguments.parse("segment=17"), source,
        engine, 3, 0);
    assertThatThrownBy(() -> r.run(engine)).hasMessageContaining("more than 0 samples match; add limit=N");
  }

  @Test
  void writesJsonAndNdjsonWithTimingsLast() throws Exception {
    GenotypeResult result = parse("segment=17&zygosity=het").run(engine);
    RequestTimer timer = new RequestTimer(System.nanoTime());
    ByteArrayOutputStream json = new ByteArrayOutputStream();
    GenotypeJsonWriter.write(result, false, timer, json);
    assertThat(json.toString(StandardCharsets.UTF_8)).matches(
        "\\{\"variants\":\\[\\{\"chrom\":\"17\",\"pos\":7661800,\"ref\":\"C\",\"alt\":\"T\",\"id\":\"rs1\","
            + "\"het\":1,\"hom\":0,\"ac\":1,\"an\":6,\"af\":0\\.16666666666666666}],\"count\":1,"
            + "\"elapsed_db_ms\":[0-9.]+,\"elapsed_ms\":[0-9.]+}\n");
    ByteArrayOutputStream nd = new ByteArrayOutputStream();
    GenotypeJsonWriter.write(result, true, timer, nd);
    String[] lines = nd.toString(StandardCharsets.UTF_8).split("\n");
    assertThat(lines).hasSize(2);
    assertThat(lines[0]).startsWith("{\"chrom\":\"17\"");
    assertThat(lines[1]).matches("\\{\"count\":1,\"elapsed_db_ms\":[0-9.]+,\"elapsed_ms\":[0-9.]+}");
    assertThat(timer.serverTiming(timer.finalElapsedMillis())).matches("elapsed_db;dur=[0-9.]+, elapsed;dur=[0-9.]+");
  }

  /** The unknown-argument message lists what the endpoint takes, and every name listed is taken there. */
  @Test
  void anUnknownArgumentsMessageListsExactlyWhatTheEndpointTakes() {
    assertThat(GenotypeRequest.accepted(GenotypeEndpoint.VARIANTS)).containsAll(AnalyticsRequest.ARGUMENTS);
    assertThat(GenotypeRequest.accepted(GenotypeEndpoint.SAMPLES)).doesNotContain("stats", "start", "ref");
    assertThat(GenotypeRequest.accepted(GenotypeEndpoint.COUNT)).contains("start", "af").doesNotContain("stats");
    for (GenotypeEndpoint e : GenotypeEndpoint.values()) {
      assertThatThrownBy(() -> GenotypeRequest.parse(e, QueryArguments.parse("segment=17&zygote=het"), source,
          engine, 3, 1000))
          .hasMessage("unknown argument 'zygote' for %s; it takes %s", e.path(),
              String.join(", ", GenotypeRequest.accepted(e)));
      // each name listed is read by the endpoint's parser (gene= is resolved before it, by GeneArguments)
      java.util.function.Predicate<String> alsoRead =
          e == GenotypeEndpoint.SAMPLES ? n -> false : AnalyticsRequest::reads;
      for (String name : GenotypeRequest.accepted(e)) {
        String arg = name.replace("KEY", "DP").replace("FIELD", "impact");
        if (name.equals("gene")) {
          continue;
        }
        try {
          GenotypeRequest.parse(e, QueryArguments.parse("segment=17&" + arg + "=x"), source, engine, 3, 1000,
              Integer.MAX_VALUE, alsoRead);
        } catch (RequestException bad) {
          assertThat(bad.getMessage()).as("%s on %s", arg, e.path()).doesNotContain("unknown argument");
        }
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"yes", "1", "TRUE", "True", "no", "0"})
  void statsIsTrueOrFalseAndNothingElse(String value) {
    assertThatThrownBy(() -> AnalyticsRequest.parse(GenotypeEndpoint.VARIANTS,
        QueryArguments.parse("segment=17&stats=" + value), source, engine, 3, 1000, Integer.MAX_VALUE))
        .isInstanceOf(RequestException.class)
        .hasMessage("stats must be true or false, not '%s'", value);
  }

  @Test
  void statsTrueAndFalseAreRead() {
    assertThat(AnalyticsRequest.parse(GenotypeEndpoint.VARIANTS, QueryArguments.parse("segment=17&stats=true"),
        source, engine, 3, 1000, Integer.MAX_VALUE).query().stats()).isTrue();
    assertThat(AnalyticsRequest.parse(GenotypeEndpoint.VARIANTS, QueryArguments.parse("segment=17&stats=false"),
        source, engine, 3, 1000, Integer.MAX_VALUE).query().stats()).isFalse();
  }

  /** samtools / igv.js loci are read as the DAS form is; the DAS grammar itself is unchanged. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "segment=chr17:7661779-7687538",
      "segment=17:7661779-7687538",
      "segment=17:7,661,779-7,687,538",
      "segment=chr17:7661779,7687538"})
  void readsTheSamtoolsLocusFormAsTheDasForm(String query) {
    assertThat(parse(query).query().segments()).containsExactly(new Segment("17", 7_661_779, 7_687_538));
    assertThat(org.dasgrid.core.segment.SegmentRequest.parse("17:1-1000").range()).as("DAS 1.6: comma form only")
        .isEmpty();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "segment=17:2000-1000|segment 17:2000-1000: start 2000 is after end 1000",
      "segment=17:1000-2000,3000|malformed segment '17:1000-2000,3000': expected REF, REF:START,STOP or "
          + "REF:START-END",
      "segment=17:1..1000|unknown reference '17:1..1000' in segment '17:1..1000' (write a range as REF:START,STOP "
          + "or REF:START-END"})
  void aLocusWrittenAnotherWaySaysHowToWriteIt(String query, String message) {
    assertThatThrownBy(() -> parse(query)).isInstanceOf(RequestException.class).hasMessageContaining(message);
  }
}
