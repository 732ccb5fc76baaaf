package org.dasgrid.datasources.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import htsjdk.samtools.reference.ReferenceSequenceFile;
import htsjdk.samtools.reference.ReferenceSequenceFileFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.render.FeaturesGff3Writer;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.TestData;
import org.dasgrid.datasources.Tools;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser exports read back by the independent tools a browser's readers mirror: Debian's {@code tabix}
 * and {@code bcftools} on the bgzipped files and their {@code .tbi}, htsjdk's indexed-FASTA reader on the
 * {@code .fa.gz} with its {@code .fai} and {@code .gzi}; each compared with what the source itself answers.
 */
class ExportStoreTest {
  @TempDir Path tmp;

  @Test
  void gff3ExportAnswersRandomRegionsLikeTheSourceUnderTabix() throws Exception {
    Tools.require("tabix");
    LoadedSource dmel = load("dmel", "gff3", TestData.example("dmel-2L.gff3"));
    ExportStore store = new ExportStore(tmp.resolve("exports"));
    ExportedFile gz = store.file(dmel, "dmel.gff3.gz");
    assertThat(store.file(dmel, "dmel.gff3.gz.tbi").path()).isRegularFile();
    assertThat(gz.etag()).startsWith("\"" + dmel.version() + "-").endsWith("\"");
    assertThat(Files.readAllBytes(gz.path())).startsWith(0x1f, 0x8b, 0x08, 0x04); // BGZF: gzip + extra field

    List<Segment> regions = new ArrayList<>(List.of(new Segment("2L", 1, 27772), new Segment("2L", 2501, 2550),
        new Segment("2L", 23_011_000, 23_011_544)));
    Random random = new Random(21);
    for (int i = 0; i < 20; i++) {
      int start = 1 + random.nextInt(4_500_000);
      regions.add(new Segment("2L", start, start + random.nextInt(60_000)));
    }
    for (Segment s : regions) {
      List<String> tabix = Tools.run(List.of("tabix", gz.path().toString(), s.ref() + ":" + s.start() + "-" + s.stop()));
      assertThat(tabix).as("tabix %s", s).isEqualTo(gff3Lines(dmel, s));
    }
    assertThat(Tools.run(List.of("tabix", "-l", gz.path().toString()))).containsExactly("2L");
  }

  /**
   * Every attribute of a GFF3 source comes back in the export as the file wrote it, compared as text: per
   * line, reference, type, start, end and the attributes of column 9 (order aside) of the file and of the
   * export are the same multiset. The FlyBase file has Alias, Ontology_term, Derives_from, multi-valued
   * attributes, escaped commas, semicolons and equals signs in values, Name equal to ID and Target with strand;
   * the small file has the rest of GFF3's reserved attributes and the cases the FlyBase file lacks.
   */
  @Test
  void gff3ExportKeepsEveryAttributeOfColumn9() throws Exception {
    Path small = tmp.resolve("attributes.gff3");
    Files.writeString(small, String.join("\n",
        "##gff-version 3",
        "17\tsrc\tgene\t7661779\t7687538\t.\t-\t.\tID=TP53;Name=TP53;Alias=P53ALIAS",
        "17\tsrc\tmRNA\t7661779\t7687538\t.\t-\t.\tID=tx1;Parent=TP53;Alias=a1,a2;"
            + "Ontology_term=GO:0003677,SO:0000234;Note=first%2C with comma,second;Dbxref=HGNC:11998",
        "17\tsrc\tmatch\t100\t200\t50\t+\t.\tID=m1;Target=EST%2023 1 101 +,EST24 5 105;Gap=M8 D3 M6;"
            + "Is_circular=true;Derives_from=tx1",
        "17\tsrc\tregion\t300\t400\t.\t.\t.\tID=r1;description=a%3Bb%3Dc%26d%2Ce;Target=odd target",
        "17\tsrc\tregion\t500\t600\t.\t.\t.\tID=r2;custom_tag=x",
        ""));
    for (Path file : List.of(small, TestData.example("dmel-2L.gff3"))) {
      LoadedSource source = load("g", "gff3", file);
      Path gz = new ExportStore(tmp.resolve("exports-" + file.getFileName())).file(source, "g.gff3.gz").path();
      List<String> exported;
      try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz))) {
        exported = List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
      }
      assertThat(byAttributes(exported)).as(file.getFileName().toString())
          .containsExactlyInAnyOrderElementsOf(byAttributes(Files.readAllLines(file)));
    }
  }

  /** Data lines as "ref type start end" and column 9's attributes, sorted as text (split at ';' only). */
  private static List<String> byAttributes(List<String> gff3) {
    List<String> out = new ArrayList<>();
    for (String line : gff3) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] c = line.split("\t");
      out.add(c[0] + " " + c[2] + " " + c[3] + " " + c[4] + " "
          + new java.util.TreeSet<>(List.of(c[8].split(";"))));
    }
    return out;
  }

  @Test
  void gff2SourceComesOutAsGff3WithItsStructure() throws Exception {
    Tools.require("tabix");
    LoadedSource ce = load("ce", "gff2", TestData.example("ce_ws199.gff"));
    ExportedFile gz = new ExportStore(tmp).file(ce, "ce.gff3.gz");
    List<String> all = new ArrayList<>();
    for (EntryPoint ep : ce.data().entryPoints()) {
      Segment whole = new Segment(ep.name(), 1, ep.length());
      List<String> lines = Tools.run(List.of("tabix", gz.path().toString(), ep.name() + ":1-" + ep.length()));
      assertThat(lines).as(ep.name()).isEqualTo(gff3Lines(ce, whole));
      all.addAll(lines);
    }
    assertThat(all).hasSize((int) ce.data().stats().records());
    assertThat(all).anyMatch(l -> l.contains("Parent="));
    assertThat(Tools.run(List.of("bgzip", "-dc", gz.path().toString())).get(0)).isEqualTo("##gff-version 3");
  }

  @Test
  void fastaExportReadsBackThroughItsFaiAndGzi() throws Exception {
    LoadedSource ce = load("ce", "gff2", TestData.example("ce_ws199.gff"), TestData.example("ce_ws199.fa"));
    ExportStore store = new ExportStore(tmp);
    Map<String, ExportedFile> files = store.files(ce, ExportKind.FASTA);
    assertThat(files).containsOnlyKeys("ce.fa.gz", "ce.fa.gz.fai", "ce.fa.gz.gzi");
    SequenceSource seq = ce.data().capability(SequenceSource.class).orElseThrow();
    try (ReferenceSequenceFile fa = ReferenceSequenceFileFactory.getReferenceSequenceFile(
        files.get("ce.fa.gz").path(), true, true)) {
      assertThat(fa.isIndexed()).isTrue();
      Random random = new Random(7);
      for (EntryPoint ep : ce.data().entryPoints()) {
        int len = seq.sequenceLength(ep.name());
        if (len < 1) {
          continue;
        }
        assertThat(new htsjdk.samtools.reference.FastaSequenceIndex(files.get("ce.fa.gz.fai").path())
            .getIndexEntry(ep.name()).getSize()).isEqualTo(len);
        for (int i = 0; i < 5; i++) {
          int a = 1 + random.nextInt(len);
          int b = Math.min(len, a + random.nextInt(200));
          StringBuilder want = new StringBuilder();
          seq.sequence(new Segment(ep.name(), a, b), want);
          assertThat(new String(fa.getSubsequenceAt(ep.name(), a, b).getBases(), StandardCharsets.US_ASCII))
              .as("%s:%d-%d", ep.name(), a, b).isEqualToIgnoringCase(want);
        }
      }
    }
    // the .fai counts bases of the uncompressed file, as samtools faidx writes it for a bgzipped FASTA
    String fai = Files.readString(files.get("ce.fa.gz.fai").path());
    assertThat(fai.lines().map(l -> l.split("\t")[0])).contains("I", "MtDNA");
  }

  @Test
  void vcfExportKeepsGenotypesForAGenotypeSourceAndSitesOtherwise() throws Exception {
    Tools.require("bcftools", "tabix");
    Path vcf = TestData.example("ceu_exon.vcf.gz");
    LoadedSource withCalls = load("ceu", "vcf", vcf, null, true);
    LoadedSource sites = load("sites", "vcf", vcf, null, false);
    ExportStore store = new ExportStore(tmp);
    Path gt = store.file(withCalls, "ceu.vcf.gz").path();
    Path st = store.file(sites, "sites.vcf.gz").path();
    assertThat(Tools.run(List.of("bcftools", "query", "-l", gt.toString()))).hasSize(90);
    assertThat(Tools.run(List.of("bcftools", "query", "-l", st.toString()))).isEmpty();
    // same records as the original, region by region, with bcftools reading through the export's .tbi
    for (String region : List.of("1:1105366-1200000", "17:1-81195210", "22:1-49691432", "10")) {
      List<String> original = Tools.run(List.of("bcftools", "view", "-H", vcf.toString(), "-t", region));
      assertThat(Tools.run(List.of("bcftools", "view", "-H", "-r", region, gt.toString())))
          .as(region).isEqualTo(original);
      assertThat(Tools.run(List.of("bcftools", "view", "-H", "-r", region, st.toString())))
          .as(region).isEqualTo(original.stream().map(VcfExport::sitesOnly).toList());
    }
    assertThat(Tools.run(List.of("bcftools", "view", "-H", st.toString()))).hasSize(1348);
  }

  @Test
  void unsortedBedIsSortedTabSeparatedAndLosesTrackLines() throws Exception {
    Tools.require("tabix");
    Path bed = tmp.resolve("u.bed");
    Files.writeString(bed, """
        track name=test
        chr2 100 200 b 5 +
        chr1\t300\t400\tc\t1\t-
        chr1\t10\t20\ta\t0\t+
        chr2\t5\t50\td\t0\t.
        """);
    LoadedSource src = load("u", "bed", bed);
    ExportedFile gz = new ExportStore(tmp.resolve("x")).file(src, "u.bed.gz");
    // references in the source's order (as they first appear in the file), records by start
    assertThat(Tools.run(List.of("bgzip", "-dc", gz.path().toString()))).containsExactly(
        "chr2\t5\t50\td\t0\t.", "chr2\t100\t200\tb\t5\t+", "chr1\t10\t20\ta\t0\t+",
        "chr1\t300\t400\tc\t1\t-");
    // BED is 0-based: 1-based position 20 is the last base of [10, 20), 21 is past it
    assertThat(Tools.run(List.of("tabix", gz.path().toString(), "chr1:20-20"))).hasSize(1);
    assertThat(Tools.run(List.of("tabix", gz.path().toString(), "chr1:21-300"))).isEmpty();
    assertThat(Tools.run(List.of("tabix", gz.path().toString(), "chr2:40-120"))).hasSize(2);
  }

  @Test
  void aNewVersionMakesNewFilesAndRemovesTheOld() throws Exception {
    Path gff = tmp.resolve("s.gff3");
    Files.copy(TestData.example("dmel-2L.gff3"), gff);
    ExportStore store = new ExportStore(tmp.resolve("exports"));
    LoadedSource v1 = load("s", "gff3", gff);
    ExportedFile first = store.file(v1, "s.gff3.gz");
    Files.writeString(gff, String.join("\n", Files.readAllLines(gff).subList(0, 200)) + "\n");
    LoadedSource v2 = load("s", "gff3", gff);
    assertThat(v2.version()).isNotEqualTo(v1.version());
    ExportedFile second = store.file(v2, "s.gff3.gz");
    assertThat(second.etag()).isNotEqualTo(first.etag());
    assertThat(second.length()).isLessThan(first.length());
    assertThat(first.path()).doesNotExist();
    // a second store on the same folder (a restart) finds the files instead of making them again
    long made = Files.getLastModifiedTime(second.path()).toMillis();
    ExportedFile again = new ExportStore(tmp.resolve("exports")).file(v2, "s.gff3.gz");
    assertThat(again).isEqualTo(second);
    assertThat(Files.getLastModifiedTime(again.path()).toMillis()).isEqualTo(made);
  }

  /** Files an older DasGrid kept for the same source version are not served: its writers wrote other lines. */
  @Test
  void exportsOfAnOlderEditionAreMadeAgain() throws Exception {
    Path gff = tmp.resolve("s.gff3");
    Files.writeString(gff, "##gff-version 3\n2L\tx\tgene\t1\t10\t.\t+\t.\tID=g;Alias=A\n");
    LoadedSource s = load("s", "gff3", gff);
    // what an older DasGrid left for this very version: its list of entity tags and a file
    Path old = Files.createDirectories(tmp.resolve("exports/s").resolve(s.version()));
    Files.writeString(old.resolve("s.gff3.gz"), "stale");
    Files.writeString(old.resolve("s.gff3.gz.tbi"), "stale");
    Files.writeString(old.resolve("gff3.gz.etags"), "s.gff3.gz=\"x\"\ns.gff3.gz.tbi=\"y\"\n");
    ExportedFile gz = new ExportStore(tmp.resolve("exports")).file(s, "s.gff3.gz");
    try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(gz.path()))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains("ID=g;Alias=A");
    }
    assertThat(old).doesNotExist();
  }

  @Test
  void namesTheSourceDoesNotOfferAreNotFound() {
    LoadedSource dmel = load("dmel", "gff3", TestData.example("dmel-2L.gff3"));
    ExportStore store = new ExportStore(tmp);
    for (String name : List.of("dmel.vcf.gz", "dmel.fa.gz", "other.gff3.gz", "dmel.gff3", "../dmel.gff3.gz")) {
      assertThatThrownBy(() -> store.file(dmel, name)).as(name).isInstanceOf(RequestException.class)
          .hasMessageContaining("dmel.gff3.gz");
    }
    assertThat(ExportStore.offered(dmel)).containsExactly(ExportKind.GFF3);
  }

  private static List<String> gff3Lines(LoadedSource src, Segment s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    FeaturesGff3Writer w = new FeaturesGff3Writer(out);
    src.data().features(s, FeatureFilter.ANY, f -> {
      try {
        w.feature(f);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    w.end();
    String text = out.toString(StandardCharsets.UTF_8);
    return text.isEmpty() ? List.of() : List.of(text.split("\n"));
  }

  private static LoadedSource load(String id, String format, Path file) {
    return load(id, format, file, null, false);
  }

  private static LoadedSource load(String id, String format, Path file, Path sequence) {
    return load(id, format, file, sequence, false);
  }

  private static LoadedSource load(String id, String format, Path file, Path sequence, boolean genotypes) {
    var c = new org.dasgrid.core.config.SourceConfig(id, id, "", format, file.toAbsolutePath().toString(),
        sequence == null ? null : sequence.toAbsolutePath().toString(), null, null, genotypes,
        org.dasgrid.core.config.Access.PUBLIC, null, List.of(), Map.of(), file.toAbsolutePath().getParent());
    return Sources.load(c).source(id);
  }
}
