package org.dasgrid.webapp.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.dasgrid.webapp.Http;
import org.dasgrid.webapp.TestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Beacon's bracket queries and the genotype API's {@code start=}/{@code end=} brackets follow one rule: END is
 * the last base a record covers (INFO/END; else POS + |SVLEN| for {@code <DEL>}, {@code <DUP>}, {@code <INV>};
 * else POS + len(REF) - 1), which Beacon's 0-based exclusive end equals; Beacon's 0-based start is POS - 1.
 * Checked on structural variants against a brute-force oracle that reads END from the records as written, both
 * APIs side by side.
 */
class BeaconBracketIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir static Path dir;
  static TestServer server;
  static final List<int[]> RECORDS = new ArrayList<>(); // contig (1 or 2), POS, END

  @BeforeAll
  static void start() throws Exception {
    Random rnd = new Random(29);
    StringBuilder vcf = new StringBuilder("""
        ##fileformat=VCFv4.3
        ##contig=<ID=chr1,length=2000000>
        ##contig=<ID=chr2,length=2000000>
        ##INFO=<ID=END,Number=1,Type=Integer,Description="End">
        ##INFO=<ID=SVLEN,Number=A,Type=Integer,Description="Length">
        ##ALT=<ID=DEL,Description="Deletion">
        ##ALT=<ID=DUP,Description="Duplication">
        ##ALT=<ID=INV,Description="Inversion">
        ##ALT=<ID=INS,Description="Insertion">
        ##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">
        #CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\tC
        """);
    for (int chrom = 1; chrom <= 2; chrom++) {
      int pos = 1000;
      for (int i = 0; i < 150; i++) {
        pos += 1 + rnd.nextInt(3000);
        if (chrom == 2 && pos >= 157_000 && RECORDS.stream().noneMatch(r -> r[1] == 160000)) {
          pos = 160000; // the issue's deletion: POS 160000, END=161500 (steps are under 3000: pos moves on)
          vcf.append("chr2\t160000\t.\tA\t<DEL>\t.\tPASS\tEND=161500;SVLEN=-1500\tGT\t0/1\t0/0\t0/0\n");
          RECORDS.add(new int[] {2, 160000, 161500});
          continue;
        }
        int length = 1 + rnd.nextInt(5000);
        String ref = "ACGT".substring(0, 1 + rnd.nextInt(3));
        String alt;
        String info;
        int end;
        switch (rnd.nextInt(6)) {
          case 0 -> { // a deletion with END and SVLEN (VCF 4.2's negative length)
            alt = "<DEL>";
            end = pos + length;
            info = "END=" + end + ";SVLEN=-" + length;
            ref = "A";
          }
          case 1 -> { // a duplication with SVLEN only: END = POS + |SVLEN|
            alt = "<DUP>";
            end = pos + length;
            info = "SVLEN=" + length;
            ref = "C";
          }
          case 2 -> { // an inversion with END only
            alt = "<INV>";
            end = pos + length;
            info = "END=" + end;
            ref = "G";
          }
          case 3 -> { // an insertion: SVLEN is inserted sequence and moves no END
            alt = "<INS>";
            end = pos;
            info = "SVLEN=" + length;
            ref = "T";
          }
          default -> { // a small variant: END = POS + len(REF) - 1
            alt = ref.length() > 1 ? "A" : "T".equals(ref) ? "C" : "T";
            end = pos + ref.length() - 1;
            info = ".";
          }
        }
        vcf.append("chr").append(chrom).append('\t').append(pos).append("\t.\t").append(ref).append('\t')
            .append(alt).append("\t.\tPASS\t").append(info).append("\tGT\t0/1\t")
            .append(rnd.nextBoolean() ? "1/1" : "0/0").append("\t./.\n");
        RECORDS.add(new int[] {chrom, pos, end});
      }
    }
    Files.writeString(dir.resolve("sv.vcf"), vcf);
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - id: sv
            format: vcf
            path: sv.vcf
            genotypes: true
            coordinates: {authority: GRCh, version: "38", taxid: 9606, source: Chromosome}
        """);
    server = TestServer.start(dir.resolve("dasgrid.yaml"));
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static JsonNode beacon(String query) throws Exception {
    Http.Response r = Http.get(server.base() + "/beacon/v2/g_variants?" + query);
    assertThat(r.status()).as(query).isEqualTo(200);
    return JSON.readTree(r.text());
  }

  private static long genotypesCount(String query) throws Exception {
    Http.Response r = Http.get(server.base() + "/genotypes/sv/count?zygosity=any&" + query);
    assertThat(r.status()).as(query).isEqualTo(200);
    return JSON.readTree(r.text()).get("variants").asLong();
  }

  @Test
  void theIssuesDeletionIsFoundByItsEndInBothApis() throws Exception {
    assertThat(beacon("referenceName=chr2&start=159999,159999&end=161500,161500")
        .at("/responseSummary/exists").asBoolean()).isTrue();
    assertThat(beacon("referenceName=chr2&start=159999,159999&end=160000,160000")
        .at("/responseSummary/exists").asBoolean()).as("END, not POS + len(REF) - 1").isFalse();
    assertThat(genotypesCount("segment=chr2&start=160000&end=161500")).isEqualTo(1);
    assertThat(genotypesCount("segment=chr2&start=160000&end=160000")).isZero();
  }

  /**
   * A record's interval is [POS - 1, END) as Beacon writes it: END from INFO/END or SVLEN for the symbolic
   * alleles, not POS + len(REF) - 1 — the same END the brackets match.
   */
  @Test
  void recordIntervalsEndAtEnd() throws Exception {
    for (int chrom = 1; chrom <= 2; chrom++) {
      int c = chrom;
      List<int[]> expected = RECORDS.stream().filter(r -> r[0] == c).toList();
      JsonNode results = beacon("referenceName=chr" + chrom + "&start=0&end=2000000&requestedGranularity=record"
          + "&limit=" + expected.size()).at("/response/resultSets/0/results");
      assertThat(results.size()).isEqualTo(expected.size());
      for (int i = 0; i < expected.size(); i++) {
        JsonNode interval = results.get(i).at("/variation/location/interval");
        assertThat(new long[] {interval.at("/start/value").asLong(), interval.at("/end/value").asLong()})
            .as("chr%d record %d at POS %d", chrom, i, expected.get(i)[1])
            .containsExactly(expected.get(i)[1] - 1L, expected.get(i)[2]);
      }
    }
  }

  /** start=/end= beside a segment are a bracket, not a range: the answer says how it read them. */
  @Test
  void aGenotypeAnswerSaysHowItReadStartAndEnd() throws Exception {
    for (String query : List.of("count", "variants")) {
      Http.Response r = Http.get(server.base() + "/genotypes/sv/" + query
          + "?segment=chr2:150000,170000&start=160000&end=161000,");
      assertThat(r.status()).isEqualTo(200);
      JsonNode bracket = JSON.readTree(r.text()).get("bracket");
      assertThat(bracket).as(query).isNotNull();
      assertThat(bracket.toString()).isEqualTo("{\"pos\":[160000,160000],\"end\":[161000,null]}");
    }
    assertThat(JSON.readTree(Http.get(server.base() + "/genotypes/sv/count?segment=chr2").text()).has("bracket"))
        .isFalse();
  }

  @Test
  void randomBracketsAgreeWithTheOracleInBothApis() throws Exception {
    Random rnd = new Random(7);
    int nonEmpty = 0;
    for (int i = 0; i < 120; i++) {
      int[] around = RECORDS.get(rnd.nextInt(RECORDS.size()));
      int s0 = Math.max(0, around[1] - 1 - rnd.nextInt(4000));
      int s1 = around[1] - 1 + (rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(4000));
      int e0 = Math.max(0, around[2] - rnd.nextInt(6000));
      int e1 = around[2] + (rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(6000));
      long expected = RECORDS.stream().filter(r -> r[0] == around[0] && r[1] - 1 >= s0 && r[1] - 1 <= s1
          && r[2] >= e0 && r[2] <= e1).count();
      String chrom = "chr" + around[0];
      JsonNode b = beacon("referenceName=" + chrom + "&start=" + s0 + "," + s1 + "&end=" + e0 + "," + e1
          + "&requestedGranularity=count");
      assertThat(b.at("/responseSummary/numTotalResults").asLong()).as("beacon %d,%d %d,%d", s0, s1, e0, e1)
          .isEqualTo(expected);
      long g = genotypesCount("segment=" + chrom + "&start=" + (s0 + 1) + "," + (s1 + 1) + "&end="
          + Math.max(1, e0) + "," + e1);
      assertThat(g).as("genotypes %d,%d %d,%d", s0 + 1, s1 + 1, e0, e1).isEqualTo(expected);
      nonEmpty += expected > 0 ? 1 : 0;
    }
    assertThat(nonEmpty).isGreaterThan(100);
  }
}
