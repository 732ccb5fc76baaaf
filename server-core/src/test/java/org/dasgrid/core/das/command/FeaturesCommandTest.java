package org.dasgrid.core.das.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.DasService;
import org.dasgrid.core.das.DasStatus;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.junit.jupiter.api.Test;

class FeaturesCommandTest {
  private final DasService das = service(100);

  static DasService service(int maxFeatures) {
    return service(ServerSettings.DEFAULTS.withMaxSegmentsPerRequest(10).withMaxFeaturesPerResponse(maxFeatures));
  }

  static DasService service(ServerSettings settings) {
    Interner pool = new Interner();
    InMemoryFeatureSource.Builder b = InMemoryFeatureSource.builder().declareReference("chr1", 10_000);
    b.add(Feature.builder("chr1", 100, 900).id("g1").type(pool.type("gene")).method(pool.method("test")));
    b.add(Feature.builder("chr1", 100, 200).type(pool.type("exon")).method(pool.method("test")).parent("g1"));
    b.add(Feature.builder("chr1", 800, 900).type(pool.type("exon")).method(pool.method("test")).parent("g1"));
    for (int i = 0; i < 150; i++) {
      b.add(Feature.builder("chr1", 2000 + i * 10, 2005 + i * 10).id("snp" + i).type(pool.type("SNV"))
          .method(pool.method("test")).score(i));
    }
    LoadedSource src = new LoadedSource(SourceConfig.of("s", "test", Path.of("s.gff3")), b.build(), "v1",
        Optional.empty(), Instant.EPOCH, 0);
    return new DasService(new DasContext(SourceRegistry.ofLoaded(List.of(src)), settings, "DasGrid/test"));
  }

  static String body(DasService das, String query) throws IOException {
    DasResponse r = das.handle(new DasRequest("s", "features", QueryArguments.parse(query), "http://h/das"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    r.writeTo(out);
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void cacheKeyNamesTheDasRootSinceTheHrefInTheBodyDoes() throws IOException {
    QueryArguments q = QueryArguments.parse("segment=chr1:1,1000");
    DasResponse viaA = das.handle(new DasRequest("s", "features", q, "http://a:8080/das"));
    DasResponse viaB = das.handle(new DasRequest("s", "features", q, "http://b/proxy/das"));
    DasResponse viaAAgain = das.handle(new DasRequest("s", "features", q, "http://a:8080/das"));
    assertThat(viaA.cacheKey()).isNotEqualTo(viaB.cacheKey()).isEqualTo(viaAAgain.cacheKey());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    viaB.writeTo(out);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("href=\"http://b/proxy/das/s/features\"");
  }

  @Test
  void hierarchyBecomesParentsAndParts() throws IOException {
    String xml = body(das, "segment=chr1:1,1000");
    assertThat(xml).contains("<FEATURE id=\"g1\"").contains("<PART id=\"exon:chr1:100..200\"/>")
        .contains("<PART id=\"exon:chr1:800..900\"/>").contains("<PARENT id=\"g1\"/>").contains("<GROUP id=\"g1\"/>");
  }

  @Test
  void aliasesResolveAndTheClientsNameIsEchoed() throws IOException {
    String xml = body(das, "segment=1:1,1000");
    assertThat(xml).contains("<SEGMENT id=\"1\" start=\"1\" stop=\"1000\" version=\"v1\" label=\"chr1\">");
    assertThat(xml.split("<FEATURE ", -1)).hasSize(4);
  }

  @Test
  void unknownAndOutOfRangeSegmentsAreReportedInsideTheDocument() throws IOException {
    String xml = body(das, "segment=chrZ:1,10;segment=chr1:0,10;segment=chr1:9000,10001;segment=chr1:-4,3");
    assertThat(xml).contains("<UNKNOWNSEGMENT id=\"chrZ\"/>")
        .contains("<ERRORSEGMENT id=\"chr1\" start=\"0\" stop=\"10\"/>")
        .contains("<ERRORSEGMENT id=\"chr1\" start=\"9000\" stop=\"10001\"/>")
        .contains("<ERRORSEGMENT id=\"chr1\" start=\"-4\" stop=\"3\"/>");
  }

  @Test
  void tooManyFeaturesIsRefusedNamingTheLimitAndMaxbins() {
    assertThatThrownBy(() -> body(das, "segment=chr1"))
        .isInstanceOf(RequestException.class)
        .hasMessageContaining("153 features")
        .hasMessageContaining("limit is 100")
        .hasMessageContaining("maxbins")
        .satisfies(e -> assertThat(DasStatus.of(((RequestException) e).kind()))
            .isEqualTo(DasStatus.BAD_COMMAND_ARGUMENTS));
  }

  @Test
  void maxbinsSummarisesOnlyWhatIsOverTheLimit() throws IOException {
    assertThat(body(das, "segment=chr1:1,1000;maxbins=5")).contains("id=\"g1\"").doesNotContain("density");
    String binned = body(das, "segment=chr1;maxbins=10");
    assertThat(binned).contains("<TYPE id=\"density\"").doesNotContain("id=\"snp1\"");
    // 10 bins of 1,000 bp: the gene and its exons in the first, the 150 SNVs by where they start
    assertThat(binned).contains("<START>1</START><END>1000</END><SCORE>3</SCORE>")
        .contains("<START>1001</START><END>2000</END><SCORE>1</SCORE>")
        .contains("<START>2001</START><END>3000</END><SCORE>100</SCORE>")
        .contains("<START>3001</START><END>4000</END><SCORE>49</SCORE>");
  }

  @Test
  void rowsPageThroughALargeAnswer() throws IOException {
    String page = body(das, "segment=chr1;rows=4-6");
    assertThat(page).contains("id=\"snp0\"").contains("id=\"snp2\"").doesNotContain("id=\"snp3\"")
        .doesNotContain("id=\"g1\"");
  }

  @Test
  void typeAndCategoryFilter() throws IOException {
    assertThat(body(das, "segment=chr1:1,1000;type=exon").split("<FEATURE ", -1)).hasSize(3);
    assertThat(body(das, "segment=chr1:1,2499;category=variation").split("<FEATURE ", -1)).hasSize(51);
  }

  @Test
  void featureIdFindsFeaturesWhereverTheyAre() throws IOException {
    String xml = body(das, "feature_id=snp7;feature_id=nope");
    assertThat(xml).contains("<SEGMENT id=\"chr1\" start=\"2070\" stop=\"2075\"").contains("id=\"snp7\"")
        .contains("<UNKNOWNFEATURE id=\"nope\"/>");
  }

  @Test
  void jsonCarriesTheSameContent() throws IOException {
    String json = body(das, "segment=chr1:1,1000;segment=chrZ:1,2;format=json");
    assertThat(json).startsWith("{\"features\":{\"href\":\"http://h/das/s/features\",\"segments\":[{\"id\":\"chr1\"")
        .contains("\"parts\":[\"exon:chr1:100..200\",\"exon:chr1:800..900\"]")
        .contains("\"unknownSegments\":[{\"id\":\"chrZ\"}]");
  }

  @Test
  void cacheKeysDifferByAnswerNotBySpelling() {
    String a = das.handle(new DasRequest("s", "features", QueryArguments.parse("segment=chr1:1,1000;maxbins=700"),
        "http://h/das")).cacheKey();
    String b = das.handle(new DasRequest("s", "features", QueryArguments.parse("segment=chr1:1,1000&maxbins=900"),
        "http://h/das")).cacheKey();
    String c = das.handle(new DasRequest("s", "features", QueryArguments.parse("segment=chr1:1,1001"),
        "http://h/das")).cacheKey();
    assertThat(a).isEqualTo(b).isNotEqualTo(c).contains("v1");
  }

  @Test
  void badArgumentsAre402() {
    for (String q : List.of("segment=chr1:5,1", "maxbins=0", "maxbins=x", "rows=5-1", "format=pdf",
        "feature_id=", "segment=a;segment=b;segment=c;segment=d;segment=e;segment=f;segment=g;segment=h;"
            + "segment=i;segment=j;segment=k")) {
      assertThatThrownBy(() -> body(das, q)).as(q).isInstanceOf(RequestException.class)
          .satisfies(e -> assertThat(DasStatus.of(((RequestException) e).kind()))
            .isEqualTo(DasStatus.BAD_COMMAND_ARGUMENTS));
    }
  }

  @Test
  void segmentsWiderThanTheSpanLimitNeedMaxbins() throws IOException {
    DasService narrow = service(ServerSettings.DEFAULTS.withMaxSegmentSpan(5000));
    assertThatThrownBy(() -> body(narrow, "segment=chr1"))
        .hasMessageContaining("segment chr1 spans 10000 bp; at most 5000 bp per segment (server.maxSegmentSpan)")
        .hasMessageContaining("maxbins");
    assertThat(body(narrow, "segment=chr1:1,5000")).contains("id=\"g1\"");
    assertThat(body(narrow, "segment=chr1;maxbins=4")).contains("<TYPE id=\"density\"");
  }

  /** A source of VCF sites as the VCF formats build them (see VcfSite): a multi-allelic record, no-ID, an SV. */
  static DasService vcfService(int maxFeatures) {
    Interner pool = new Interner();
    InMemoryFeatureSource.Builder b = InMemoryFeatureSource.builder().declareReference("chr1", 10_000)
        .declareReference("chr2", 500).vcfSites().findByLabel();
    b.add(site(pool, "chr1", 100, 100, "rs1:T", "rs1", "SNV", "C", "T", "50", "PASS").score(50));
    b.add(site(pool, "chr1", 100, 100, "rs1:CTT", "rs1", "insertion", "C", "CTT", "50", "PASS").score(50));
    b.add(site(pool, "chr1", 200, 202, null, null, "deletion", "CAT", "C", ".", "q10;s50"));
    b.add(site(pool, "chr1", 300, 5000, "sv1", "sv1", "SV", "N", "<DEL>", "12.5", "PASS").score(12.5));
    LoadedSource src = new LoadedSource(SourceConfig.of("s", "vcf", Path.of("s.vcf")), b.build(), "v1",
        Optional.empty(), Instant.EPOCH, 0);
    return new DasService(new DasContext(SourceRegistry.ofLoaded(List.of(src)),
        ServerSettings.DEFAULTS.withMaxFeaturesPerResponse(maxFeatures), "DasGrid/test"));
  }

  private static Feature.Builder site(Interner pool, String ref, int start, int end, String id, String label,
      String type, String refBases, String alt, String qual, String filter) {
    return Feature.builder(ref, start, end).id(id).label(label).type(pool.type(type)).method(pool.method("VCF"))
        .note("REF=" + refBases).note("ALT=" + alt).note("QUAL=" + qual).note("FILTER=" + filter);
  }

  @Test
  void vcfFormatWritesOneRecordPerSiteFeatureWithTheHeaderFirst() throws IOException {
    DasService vcf = vcfService(100);
    String out = body(vcf, "segment=chr1:1,1000;segment=chrZ:1,5;segment=chr2:400,600;feature_id=nope;format=vcf");
    assertThat(out).isEqualTo("""
        ##fileformat=VCFv4.2
        ##source=DasGrid features http://h/das/s/features
        ##INFO=<ID=END,Number=1,Type=Integer,Description="End position of the variant">
        ##contig=<ID=chr1,length=10000>
        ##UNKNOWNSEGMENT=chrZ
        ##ERRORSEGMENT=chr2:400,600
        ##UNKNOWNFEATURE=nope
        #CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO
        chr1\t100\trs1\tC\tT\t50\tPASS\t.
        chr1\t100\trs1\tC\tCTT\t50\tPASS\t.
        chr1\t200\t.\tCAT\tC\t.\tq10;s50\t.
        chr1\t300\tsv1\tN\t<DEL>\t12.5\tPASS\tEND=5000
        """);
    assertThat(vcf.handle(new DasRequest("s", "features", QueryArguments.parse("segment=chr1;format=vcf"),
        "http://h/das")).contentType()).isEqualTo("text/x-vcf;charset=UTF-8");
    // feature_id= by record ID, type= and rows= count features, as in every format
    assertThat(body(vcf, "feature_id=rs1;format=vcf")).contains("##contig=<ID=chr1,length=10000>\n")
        .endsWith("INFO\nchr1\t100\trs1\tC\tT\t50\tPASS\t.\nchr1\t100\trs1\tC\tCTT\t50\tPASS\t.\n");
    assertThat(body(vcf, "segment=chr1;type=insertion;format=vcf")).endsWith("INFO\nchr1\t100\trs1\tC\tCTT\t50\tPASS\t.\n");
    assertThat(body(vcf, "segment=chr1;rows=3-3;format=vcf")).endsWith("INFO\nchr1\t200\t.\tCAT\tC\t.\tq10;s50\t.\n");
  }

  @Test
  void vcfFormatNeedsAVcfSource() {
    assertThatThrownBy(() -> body(das, "segment=chr1:1,1000;format=vcf"))
        .isInstanceOf(RequestException.class)
        .hasMessageContaining("format=vcf needs a VCF source")
        .satisfies(e -> assertThat(DasStatus.of(((RequestException) e).kind()))
            .isEqualTo(DasStatus.BAD_COMMAND_ARGUMENTS));
  }

  @Test
  void vcfFormatHasNoBinnedSummary() throws IOException {
    DasService vcf = vcfService(2);
    assertThatThrownBy(() -> body(vcf, "segment=chr1;maxbins=10;format=vcf"))
        .isInstanceOf(RequestException.class)
        .hasMessageContaining("format=vcf cannot carry the binned summary")
        .satisfies(e -> assertThat(DasStatus.of(((RequestException) e).kind()))
            .isEqualTo(DasStatus.BAD_COMMAND_ARGUMENTS));
    assertThat(body(vcf, "segment=chr1:1,150;maxbins=10;format=vcf")).contains("\nchr1\t100\trs1\tC\tCTT\t");
  }
}
