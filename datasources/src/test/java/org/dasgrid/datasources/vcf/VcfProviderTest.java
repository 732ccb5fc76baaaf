package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.dasgrid.datasources.DasXml.feature;
import static org.dasgrid.datasources.DasXml.summary;
import static org.dasgrid.datasources.DasXml.text;
import static org.dasgrid.datasources.DasXml.texts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import java.util.zip.GZIPInputStream;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.DasXml;
import org.dasgrid.datasources.Sources;
import org.dasgrid.datasources.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

class VcfProviderTest {
  @TempDir Path tmp;

  static SourceConfig config(Path file, boolean genotypes) {
    return new SourceConfig("v", "v", "", "vcf", file.toString(), null, null, null, genotypes, Access.PUBLIC,
        null, List.of(), Map.of(), file.getParent());
  }

  static GenotypeQueries genotypes(Path file) throws SourceLoadException {
    DataSource ds = new VcfProvider().load(config(file, true), LoadMonitor.NONE);
    assertThat(ds.capability(GenotypeSource.class)).isPresent();
    return ds.capability(GenotypeSource.class).orElseThrow().genotypes();
  }

  Path write(String name, String... lines) throws IOException {
    Path p = tmp.resolve(name);
    Files.writeString(p, String.join("\n", lines) + "\n");
    return p;
  }

  static final String HEADER = "##fileformat=VCFv4.2\n##contig=<ID=chrY,length=57227415>\n"
      + "##contig=<ID=chr1,length=248956422>\n##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n"
      + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\ta\tb\tc";

  /** Every row of the real CEU file over all samples equals a plain re-reading of its text. */
  @Test
  void loadsTheCeuExonFileLikeAPlainReading() throws Exception {
    Path ceu = TestData.local("CEU_Exon.vcf.gz");
    DataSource ds = new VcfProvider().load(config(ceu, true), LoadMonitor.NONE);
    GenotypeQueries g = ds.capability(GenotypeSource.class).orElseThrow().genotypes();
    assertThat(g.sampleNames()).hasSize(90).startsWith("NA06984");
    assertThat(g.stats().sites()).isEqualTo(1348);
    assertThat(g.stats().variants()).isEqualTo(1350);
    assertThat(g.contigs()).containsExactlyElementsOf(ds.entryPoints().stream().map(EntryPoint::name).toList());
    assertThat(g.contigs()).startsWith("1", "2", "3").endsWith("22");

    List<VariantRow> expected = new ArrayList<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(ceu)), StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.startsWith("#")) {
          continue;
        }
        String[] c = line.split("\t");
        String[] alts = c[4].split(",");
        for (int a = 1; a <= alts.length; a++) {
          int het = 0;
          int hom = 0;
          int ac = 0;
          int an = 0;
          for (int s = 9; s < c.length; s++) {
            String[] gt = c[s].split(":")[0].split("[/|]");
            boolean missing = false;
            int copies = 0;
            for (String x : gt) {
              if (x.equals(".")) {
                missing = true;
              } else {
                an++;
                if (Integer.parseInt(x) == a) {
                  copies++;
                }
              }
            }
            ac += copies;
            if (!missing && copies > 0) {
              if (copies == gt.length) {
                hom++;
              } else {
                het++;
              }
            }
          }
          expected.add(new VariantRow(c[0], Integer.parseInt(c[1]), c[3], alts[a - 1],
              c[2].equals(".") ? java.util.Optional.empty() : java.util.Optional.of(c[2]), het, hom, ac, an));
        }
      }
    }
    List<String> order = g.contigs();
    expected.sort(Comparator.<VariantRow>comparingInt(v -> order.indexOf(v.chrom()))
        .thenComparingInt(VariantRow::pos).thenComparing(VariantRow::alt));
    List<Segment> whole = ds.entryPoints().stream().map(e -> new Segment(e.name(), 1, e.length())).toList();
    VariantAnswer all = g.variants(new GenotypeQuery(whole, Zygosity.ANY, g.allSamples(), OptionalInt.empty()));
    List<VariantRow> actual = IntStream.range(0, all.size()).mapToObj(all::get).toList();
    List<VariantRow> polymorphic = expected.stream().filter(v -> v.het() + v.hom() > 0).toList();
    assertThat(actual).containsExactlyElementsOf(polymorphic);
    assertThat(ds.stats().records()).isEqualTo(1348);
  }

  @Test
  void servesSitesAsFeaturesWithTypesAndNotes() throws Exception {
    Path f = write("s.vcf", HEADER,
        "chr1\t100\trs1\tC\tT,CTT\t50\tPASS\t.\tGT\t0/1\t0/0\t1/2",
        "chr1\t200\t.\tCAT\tC\t.\tq10\t.\tGT\t0/0\t0/0\t0/0",
        "chr1\t300\tsv1\tN\t<DEL>\t.\tPASS\tEND=5000;SVTYPE=DEL\tGT\t0/1\t0/0\t0/0");
    DataSource ds = new VcfProvider().load(config(f, false), LoadMonitor.NONE);
    assertThat(ds.capability(GenotypeSource.class)).isEmpty();
    List<Feature> features = new ArrayList<>();
    ds.features(new Segment("chr1", 1, 10_000), FeatureFilter.ANY, features::add);
    assertThat(features).extracting(x -> x.type().id()).containsExactly("SNV", "insertion", "deletion", "SV");
    assertThat(features.get(0).label()).isEqualTo("rs1");
    assertThat(features.get(0).notes()).containsExactly("REF=C", "ALT=T", "QUAL=50", "FILTER=PASS");
    assertThat(features.get(0).score()).isEqualTo(50.0);
    assertThat(features.get(2).end()).isEqualTo(202);
    assertThat(features.get(3).end()).isEqualTo(5000);
    assertThat(ds.entryPoints()).extracting(EntryPoint::name).containsExactly("chrY", "chr1");
    // the ALT features of rs1 have their own ids, and are found by the record's ID too
    assertThat(features).extracting(Feature::id).startsWith("rs1:T", "rs1:CTT");
    assertThat(ds.featuresById("rs1")).extracting(Feature::id).containsExactly("rs1:T", "rs1:CTT");
    assertThat(ds.featuresById("rs1:CTT")).extracting(Feature::id).containsExactly("rs1:CTT");
    assertThat(ds.featuresById("sv1")).extracting(Feature::id).containsExactly("sv1");
  }

  @Test
  void haploidChrYAndPhasedCallsFollowTheContract() throws Exception {
    Path f = write("y.vcf", HEADER,
        "chrY\t10\t.\tA\tG\t.\tPASS\t.\tGT\t1\t0\t.",
        "chr1\t5\t.\tA\tG\t.\tPASS\t.\tGT:DP\t0|1:3\t1/0:4\t1|1:5",
        "chr1\t6\t.\tA\tG\t.\tPASS\t.\tGT:DP\t0/1:3\t1|0:4\t1/1:5");
    GenotypeQueries g = genotypes(f);
    VariantAnswer y = g.variants(new GenotypeQuery(List.of(new Segment("chrY", 1, 100)), Zygosity.HOM,
        g.allSamples(), OptionalInt.empty()));
    assertThat(y.size()).isEqualTo(1);
    assertThat(y.get(0)).extracting(VariantRow::hom, VariantRow::het, VariantRow::ac, VariantRow::an)
        .containsExactly(1, 0, 1, 2);
    VariantAnswer one = g.variants(new GenotypeQuery(List.of(new Segment("chr1", 5, 6)), Zygosity.ANY,
        g.allSamples(), OptionalInt.empty()));
    assertThat(one.get(0)).usingRecursiveComparison().ignoringFields("pos").isEqualTo(one.get(1));
  }

  @Test
  void reportsBadRecordsWithFileAndLine() throws Exception {
    assertThatThrownBy(() -> genotypes(write("a.vcf", HEADER, "chr1\t100\t.\tC\tT\t.\tPASS\t.\tGT\t0/1\t0/3\t0/0")))
        .isInstanceOf(SourceLoadException.class)
        .hasMessage("a.vcf:6: sample b: GT allele 3 but the record has 1 ALT allele");
    assertThatThrownBy(() -> genotypes(write("b.vcf", HEADER, "chr1\tx\t.\tC\tT\t.\tPASS\t.\tGT\t0/1\t0/0\t0/0")))
        .hasMessage("b.vcf:6: bad POS 'x'");
    assertThatThrownBy(() -> genotypes(write("c.vcf", HEADER, "chr1\t1\t.\tC\tT\t.\tPASS\t.\tGT\t0/1\t0/0")))
        .hasMessage("c.vcf:6: 2 sample columns, but the header names 3");
    assertThatThrownBy(() -> genotypes(write("d.vcf", "chr1\t1\t.\tC\tT\t.\tPASS\t.")))
        .hasMessage("d.vcf: not a VCF: no #CHROM header line");
    assertThatThrownBy(() -> genotypes(write("e.vcf", "##fileformat=VCFv4.2",
        "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO")))
        .hasMessage("e.vcf: 'genotypes: true' but the VCF has no sample columns");
  }

  @Test
  void sortsUnsortedRecordsAndSplitsMultiAllelicOnes() throws Exception {
    Path f = write("u.vcf", HEADER,
        "chr1\t300\t.\tC\tT\t.\tPASS\t.\tGT\t0/1\t0/0\t0/0",
        "chr1\t100\tm\tC\tT,A\t.\tPASS\t.\tGT\t1/2\t2/2\t0/0");
    GenotypeQueries g = genotypes(f);
    VariantAnswer a = g.variants(new GenotypeQuery(List.of(new Segment("chr1", 1, 1000)), Zygosity.ANY,
        g.allSamples(), OptionalInt.empty()));
    assertThat(IntStream.range(0, a.size()).mapToObj(i -> a.get(i).pos() + a.get(i).alt()).toList())
        .containsExactly("100A", "100T", "300T");
    assertThat(a.get(0)).extracting(VariantRow::het, VariantRow::hom, VariantRow::ac).containsExactly(1, 1, 3);
  }

  /** The bundled CEU file and generated awkward sites through the real DAS writer, field by field. */
  @Test
  void sitesInDasXml() throws IOException {
    Path sites = write("s.vcf", HEADER,
        "chr1\t100\trs1\tC\tT,CTT\t50\tPASS\t.\tGT\t0/1\t0/0\t1/2",
        "chr1\t200\t.\tCAT\tC\t.\tq10;s50\t.\tGT\t0/0\t0/0\t0/0",
        "chr1\t300\tsv1\tN\t<DEL>\t7.5\tPASS\tEND=5000;SVTYPE=DEL\tGT\t0/1\t0/0\t0/0");
    Sources s = Sources.load(Sources.config("ceu", "vcf", TestData.example("ceu_exon.vcf.gz")),
        Sources.config("sites", "vcf", sites));

    // 21 44213462 rs61737069 C T,CT . PASS ...: one FEATURE per ALT allele
    Document ceu = s.xml("ceu", "features", "segment=21:44213462,44214985");
    Element snv = feature(ceu, "rs61737069:T");
    assertThat(snv.getAttribute("label")).isEqualTo("rs61737069");
    assertThat(summary(snv)).isEqualTo("SNV variation SO:0001483 SNV | VCF VCF | 44213462..44213462 score - 0"
        + " phase -");
    assertThat(texts(snv, "NOTE")).containsExactly("REF=C", "ALT=T", "QUAL=.", "FILTER=PASS");
    Element ins = feature(ceu, "rs61737069:CT");
    assertThat(ins.getAttribute("label")).isEqualTo("rs61737069");
    assertThat(summary(ins)).isEqualTo("insertion variation SO:0000667 insertion | VCF VCF | 44213462..44213462"
        + " score - 0 phase -");
    assertThat(texts(ins, "NOTE")).containsExactly("REF=C", "ALT=CT", "QUAL=.", "FILTER=PASS");
    // 21 44214985 rs1141627 G A . PASS: a biallelic record keeps its ID as id
    Element single = feature(ceu, "rs1141627");
    assertThat(summary(single)).isEqualTo("SNV variation SO:0001483 SNV | VCF VCF | 44214985..44214985 score - 0"
        + " phase -");
    assertThat(texts(single, "NOTE")).containsExactly("REF=G", "ALT=A", "QUAL=.", "FILTER=PASS");
    for (Element f : DasXml.elements(ceu.getDocumentElement(), "FEATURE")) {
      assertThat(DasXml.elements(f, "PARENT")).isEmpty();
      assertThat(DasXml.elements(f, "PART")).isEmpty();
      assertThat(DasXml.elements(f, "LINK")).isEmpty();
      assertThat(DasXml.elements(f, "TARGET")).isEmpty();
    }

    // QUAL as SCORE, a deletion without ID, a symbolic SV reaching to INFO/END
    Document gen = s.xml("sites", "features", "segment=chr1:1,10000");
    assertThat(summary(feature(gen, "rs1:CTT"))).isEqualTo("insertion variation SO:0000667 insertion | VCF VCF"
        + " | 100..100 score 50 0 phase -");
    Element del = feature(gen, "deletion:chr1:200..202");
    assertThat(del.getAttribute("label")).isEqualTo("deletion:chr1:200..202");
    assertThat(summary(del)).isEqualTo("deletion variation SO:0000159 deletion | VCF VCF | 200..202 score - 0"
        + " phase -");
    assertThat(texts(del, "NOTE")).containsExactly("REF=CAT", "ALT=C", "QUAL=.", "FILTER=q10;s50");
    Element sv = feature(gen, "sv1");
    assertThat(text(sv, "TYPE") + " " + text(sv, "START") + ".." + text(sv, "END") + " " + text(sv, "SCORE"))
        .isEqualTo("SV 300..5000 7.5");
    assertThat(texts(sv, "NOTE")).containsExactly("REF=N", "ALT=<DEL>", "QUAL=7.5", "FILTER=PASS");
  }
}
