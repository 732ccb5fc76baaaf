package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Random;
import java.util.TreeMap;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.GenotypeSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.datasources.Tools;
import org.dasgrid.datasources.io.BlockInflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One bgzipped, tabix-indexed VCF cut into ranges built at once (issue 30: one VCF on every core) answers as
 * bcftools does on the same VCF: every row's AC and AN ({@code +fill-tags}), the rows overlapping regions around
 * each cut, by their END too ({@code query -r}), and each sample's het and hom-alt counts there ({@code query -i
 * GT=...}). The VCF is made so that every cut meets the hard cases: every position holds two or three records
 * (a multi-allelic site split over lines), so a cut always falls on one, and one record in 25 is a deletion whose
 * END lies 30 to 80 kb on, so records span every cut. A VCF without an index, with an older one, or with another file's index is built on
 * one thread, saying why, and answers the same.
 */
class VcfRangesTest {
  private static final int SAMPLES = 60;
  private static final List<String> CONTIGS = List.of("1", "2", "X");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void rangesBuiltAtOnceAnswerAsBcftoolsAcrossEveryCut() throws Exception {
    Tools.require("bcftools", "bgzip", "tabix");
    Path vcf = bgzipped("cohort", 5);
    Tools.run(List.of("tabix", "-p", "vcf", vcf.toString()));
    Path out = dir.resolve("cohort.dgi");
    GenotypeIndexSet.Result r = build(vcf, out);
    assertThat(r.notes()).isEmpty();
    assertThat(r.pieces()).hasSizeGreaterThanOrEqualTo(3);
    // at least one contig is cut between two ranges: its runs of positions are the regions to check
    List<Segment> cuts = new ArrayList<>();
    JsonNode pieces = JSON.readTree(out.resolve(GenotypeIndexSet.MANIFEST).toFile()).get("pieces");
    for (JsonNode p : pieces) {
      for (JsonNode c : p.get("chunks")) {
        int from = c.get("from").asInt();
        cuts.add(new Segment(c.get("contig").asText(), Math.max(1, from - 100_000), from + 100_000));
      }
    }
    assertThat(cuts).isNotEmpty();
    sameAsBcftools(vcf, out, cuts);
    // each range read on one thread (DirectReader, its window included) gives the bytes of the range parsed ahead,
    // which bcftools has just checked
    List<VcfRanges.Range> ranges = VcfRanges.cut(vcf, 4, 40_000).ranges();
    assertThat(ranges).hasSizeGreaterThanOrEqualTo(3);
    for (int i = 0; i < ranges.size(); i++) {
      List<Path> files = new ArrayList<>();
      for (boolean oneThread : new boolean[] {true, false}) {
        Path d = Files.createDirectories(dir.resolve("range" + i + "-" + oneThread));
        VcfGenotypeIndexer.Pieces p = VcfGenotypeIndexer.buildPieces(vcf, d, "p", LoadMonitor.NONE,
            BlockInflater.jdk(), 1, false, GenotypeIndexSet.PIECE_CALLS, ranges.get(i), oneThread);
        assertThat(p.records()).as("range %s", ranges.get(i)).isPositive();
        files.add(p.pieces().get(0).file());
      }
      assertThat(Files.mismatch(files.get(0), files.get(1))).as("range %s", ranges.get(i)).isEqualTo(-1L);
    }
  }

  @Test
  void aCsiIndexCutsTheVcfToo() throws Exception {
    Tools.require("bcftools", "bgzip");
    Path vcf = bgzipped("csi", 6);
    Tools.run(List.of("bcftools", "index", "--csi", vcf.toString()));
    Path out = dir.resolve("csi.dgi");
    GenotypeIndexSet.Result r = build(vcf, out);
    assertThat(r.notes()).isEmpty();
    assertThat(r.pieces()).hasSizeGreaterThanOrEqualTo(3);
    sameAsBcftools(vcf, out, List.of(new Segment("2", 1, 3_000_000)));
  }

  @Test
  void withoutAUsableIndexTheVcfIsReadOnOneThreadSayingWhy() throws Exception {
    Tools.require("bcftools", "bgzip", "tabix");
    Path vcf = bgzipped("plain", 7);
    GenotypeIndexSet.Result none = build(vcf, dir.resolve("none.dgi"));
    assertThat(none.notes()).singleElement().asString().contains("plain.vcf.gz has no tabix index (.tbi or .csi)")
        .contains("read on one thread");
    assertThat(none.pieces()).hasSize(1);
    assertThat(dir.resolve("none.dgi")).isRegularFile();
    sameAsBcftools(vcf, dir.resolve("none.dgi"), List.of());

    // an index older than the VCF
    Tools.run(List.of("tabix", "-p", "vcf", vcf.toString()));
    Path tbi = dir.resolve("plain.vcf.gz.tbi");
    Files.setLastModifiedTime(tbi, FileTime.fromMillis(Files.getLastModifiedTime(vcf).toMillis() - 60_000));
    assertThat(build(vcf, dir.resolve("stale.dgi")).notes()).singleElement().asString()
        .contains("plain.vcf.gz.tbi is older than plain.vcf.gz");

    // another VCF's index (newer, so it looks usable): the ranges do not read as cut, the VCF is read on one thread
    Path other = bgzipped("other", 8);
    Tools.run(List.of("tabix", "-p", "vcf", other.toString()));
    Files.copy(dir.resolve("other.vcf.gz.tbi"), tbi, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.setLastModifiedTime(tbi, FileTime.fromMillis(Files.getLastModifiedTime(vcf).toMillis() + 60_000));
    GenotypeIndexSet.Result wrong = build(vcf, dir.resolve("wrong.dgi"));
    assertThat(wrong.notes()).singleElement().asString().contains("read on one thread");
    sameAsBcftools(vcf, dir.resolve("wrong.dgi"), List.of()); // bcftools -r would read the wrong index too
  }

  /** Builds with ranges of at least 40 kB, up to four (four threads): the small test VCF is cut as a large one is. */
  private static GenotypeIndexSet.Result build(Path vcf, Path out) throws Exception {
    return GenotypeIndexSet.build(List.of(vcf), out, v -> LoadMonitor.NONE, BlockInflater.intelOrJdk().inflater(), 4,
        false, GenotypeIndexSet.PIECE_CALLS, 40_000);
  }

  /** AC and AN of every row; the rows, and each sample's het and hom-alt counts, in each of {@code regions}. */
  private void sameAsBcftools(Path vcf, Path index, List<Segment> regions) throws Exception {
    GenotypeQueries g = open(vcf, index);
    List<Segment> all = CONTIGS.stream().map(c -> new Segment(c, 1, 10_000_000)).toList();
    List<String> tags = Tools.run(List.of("bash", "-c", "bcftools +fill-tags " + vcf + " -- -t AC,AN"
        + " | bcftools query -f '%CHROM\\t%POS\\t%ALT\\t%AC\\t%AN\\n'"));
    assertThat(tags).hasSizeGreaterThan(36_000);
    // a query lists the rows with a carrier: AC above 0
    assertThat(rows(g, all)).isEqualTo(sorted(tags.stream().filter(l -> !l.split("\t")[3].equals("0")).toList()));
    for (Segment s : regions) {
      String region = s.ref() + ":" + s.start() + "-" + s.stop();
      List<String> overlapping = Tools.run(List.of("bash", "-c", "bcftools +fill-tags -r " + region + " " + vcf
          + " -- -t AC,AN | bcftools query -i 'AC>0' -f '%CHROM\\t%POS\\t%ALT\\t%AC\\t%AN\\n'"));
      assertThat(overlapping).as(region).hasSizeGreaterThan(100);
      assertThat(rows(g, List.of(s))).as(region).isEqualTo(sorted(overlapping));
      Map<String, List<Integer>> expected = new TreeMap<>();
      for (String type : List.of("RA", "AA", "A")) {
        for (String name : Tools.run(List.of("bcftools", "query", "-r", region, "-i", "GT=\"" + type + "\"", "-f",
            "[%SAMPLE\\n]", vcf.toString()))) {
          List<Integer> counts = expected.computeIfAbsent(name, k -> new ArrayList<>(List.of(0, 0)));
          counts.set(type.equals("RA") ? 0 : 1, counts.get(type.equals("RA") ? 0 : 1) + 1);
        }
      }
      SampleAnswer a = g.carriers(new GenotypeQuery(List.of(s), Zygosity.ANY, g.allSamples(), OptionalInt.empty()));
      Map<String, List<Integer>> answered = new TreeMap<>();
      for (int i = 0; i < a.size(); i++) {
        answered.put(a.get(i).sample(), List.of(a.het(i), a.hom(i)));
      }
      assertThat(answered).as(region).hasSizeGreaterThan(SAMPLES / 2).isEqualTo(expected);
    }
  }

  /**
   * The rows as CHROM, POS, ALT, AC, AN lines, sorted (the records of one position are in ALT order in an answer,
   * in file order in the VCF): a row lost or repeated shows.
   */
  private static List<String> rows(GenotypeQueries g, List<Segment> segments) {
    VariantAnswer rows = g.variants(new GenotypeQuery(segments, Zygosity.ANY, g.allSamples(), OptionalInt.empty()));
    List<String> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      VariantRow r = rows.get(i);
      out.add(r.chrom() + "\t" + r.pos() + "\t" + r.alt() + "\t" + r.ac() + "\t" + r.an());
    }
    return sorted(out);
  }

  private static List<String> sorted(List<String> lines) {
    return lines.stream().sorted().toList();
  }

  private GenotypeQueries open(Path vcf, Path index) throws Exception {
    SourceConfig config = new SourceConfig("v", "v", "", "vcf", vcf.toString(), null, null, null, true, Access.PUBLIC,
        null, List.of(), Map.of(), dir, index.toString(), null, null, null);
    return new VcfProvider().load(config, LoadMonitor.NONE).capability(GenotypeSource.class).orElseThrow()
        .genotypes();
  }

  /**
   * 6,000 positions on each of 1, 2 and X, each with two or three records (the ALT differs), one record in 25 a
   * deletion with END 30 to 80 kb on; X haploid in every other sample; a few missing calls; bgzipped.
   */
  private Path bgzipped(String name, long seed) throws Exception {
    Random rnd = new Random(seed);
    Path plain = dir.resolve(name + ".vcf");
    try (BufferedWriter w = Files.newBufferedWriter(plain, StandardCharsets.US_ASCII)) {
      w.write("##fileformat=VCFv4.2\n");
      for (String c : CONTIGS) {
        w.write("##contig=<ID=" + c + ",length=10000000>\n");
      }
      w.write("##INFO=<ID=END,Number=1,Type=Integer,Description=\"End\">\n"
          + "##ALT=<ID=DEL,Description=\"Deletion\">\n"
          + "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n"
          + "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
      for (int s = 0; s < SAMPLES; s++) {
        w.write("\tS" + s);
      }
      w.write('\n');
      StringBuilder line = new StringBuilder();
      for (String contig : CONTIGS) {
        int pos = 0;
        for (int i = 0; i < 6000; i++) {
          pos += 1 + rnd.nextInt(400);
          int records = rnd.nextInt(4) == 0 ? 3 : 2;
          for (int k = 0; k < records; k++) {
            line.setLength(0);
            boolean deletion = rnd.nextInt(25) == 0;
            line.append(contig).append('\t').append(pos).append("\t.\tA\t")
                .append(deletion ? "<DEL>" : "GTC".substring(k, k + 1)).append("\t.\tPASS\t")
                .append(deletion ? "END=" + (pos + 30_000 + rnd.nextInt(50_000)) : ".").append("\tGT");
            double p = rnd.nextInt(4) == 0 ? 0.2 : 0.02;
            for (int s = 0; s < SAMPLES; s++) {
              boolean haploid = contig.equals("X") && s % 2 == 1;
              line.append('\t');
              if (rnd.nextInt(200) == 0) {
                line.append(haploid ? "." : "./.");
              } else if (haploid) {
                line.append(rnd.nextDouble() < p ? '1' : '0');
              } else {
                line.append(rnd.nextDouble() < p ? '1' : '0').append('|').append(rnd.nextDouble() < p ? '1' : '0');
              }
            }
            w.append(line).append('\n');
          }
        }
      }
    }
    Path vcf = dir.resolve(name + ".vcf.gz");
    Tools.runTo(List.of("bgzip", "-c", plain.toString()), vcf);
    Files.delete(plain);
    return vcf;
  }
}
