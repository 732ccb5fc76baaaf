package org.dasgrid.core.ga4gh.beacon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.dasgrid.core.config.Coordinates;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.source.EmptySource;
import org.junit.jupiter.api.Test;

/**
 * {@link VariantSearch} against a brute-force oracle of Beacon's rules over a random cohort (0-based starts,
 * exclusive ends, overlap for ranges, brackets on both ends, bases with IUPAC codes, types and lengths), and
 * the coordinate edges one by one.
 */
class VariantSearchTest {
  private static final String[] BASES = {"A", "C", "G", "T"};

  /** One ALT allele as the oracle sees it: where, what, and which samples carry it. */
  record Allele(String chrom, int pos, String ref, String alt, int carriers) {
    int start0() {
      return pos - 1;
    }

    int end0() {
      return pos - 1 + ref.length();
    }
  }

  record Cohort(GenotypeQueries engine, List<Allele> alleles) {
    BeaconDataset dataset() {
      return new BeaconDataset("d", "D", "", new Coordinates("GRCh", "38", 9606, "Chromosome"),
          EmptySource.INSTANCE, engine, true);
    }
  }

  static Cohort randomCohort(long seed) {
    Random rnd = new Random(seed);
    int samples = 7;
    List<String> names = new ArrayList<>();
    for (int s = 0; s < samples; s++) {
      names.add("S" + s);
    }
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(names);
    List<Allele> alleles = new ArrayList<>();
    for (String chrom : List.of("1", "2")) {
      int pos = 1;
      for (int i = 0; i < 400; i++) {
        pos += rnd.nextInt(4); // several sites may share a position
        String ref = random(rnd, rnd.nextInt(5) == 0 ? 1 + rnd.nextInt(4) : 1);
        int altCount = rnd.nextInt(6) == 0 ? 2 : 1;
        List<String> alts = new ArrayList<>();
        while (alts.size() < altCount) {
          String alt = switch (rnd.nextInt(7)) {
            case 0 -> random(rnd, 2 + rnd.nextInt(3));
            case 1 -> "<DEL>";
            default -> random(rnd, ref.length());
          };
          if (!alt.equals(ref) && !alts.contains(alt)) {
            alts.add(alt);
          }
        }
        b.startSite(chrom, pos, pos + ref.length() - 1, ".", ref, alts);
        int[] carriers = new int[altCount + 1];
        for (int s = 0; s < samples; s++) {
          int a1 = rnd.nextInt(10) == 0 ? GenotypeIndexBuilder.MISSING : rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(altCount) : 0;
          int a2 = rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(altCount) : 0;
          b.diploid(s, a1, a2);
          if (a1 >= 0) { // a partial call (./1) carries nothing
            if (a1 > 0) {
              carriers[a1]++;
            }
            if (a2 > 0 && a2 != a1) {
              carriers[a2]++;
            }
          }
        }
        b.endSite();
        for (int a = 1; a <= altCount; a++) {
          alleles.add(new Allele(chrom, pos, ref, alts.get(a - 1), carriers[a]));
        }
      }
    }
    return new Cohort(b.build(), alleles);
  }

  private static String random(Random rnd, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(BASES[rnd.nextInt(4)]);
    }
    return sb.toString();
  }

  static VariantRequest query(String... nameValue) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], List.of(nameValue[i + 1]));
    }
    return VariantRequestParser.fromQuery(m);
  }

  /** The oracle: Beacon's rules written out plainly. */
  static boolean oracle(Allele a, String chrom, List<Integer> start, List<Integer> end, String ref, String alt,
      String type, Integer min, Integer max) {
    if (a.carriers() == 0 || !a.chrom().equals(chrom)) {
      return false;
    }
    boolean where;
    if (start.size() == 2) {
      where = a.start0() >= start.get(0) && a.start0() <= start.get(1) && a.end0() >= end.get(0)
          && a.end0() <= end.get(1);
    } else if (end.isEmpty()) {
      where = a.start0() == start.get(0);
    } else {
      where = a.start0() < end.get(0) && a.end0() > start.get(0);
    }
    AlleleShape shape = AlleleShape.of(a.ref(), a.alt());
    return where && (ref == null || a.ref().equals(ref)) && (alt == null || a.alt().equals(alt))
        && (type == null || shape.isOfType(type))
        && (min == null && max == null || shape.length().isPresent()
            && (min == null || shape.length().getAsInt() >= min) && (max == null || shape.length().getAsInt() <= max));
  }

  @Test
  void countsAgreeWithTheOracleForRandomPositionsRangesAndBrackets() {
    Cohort c = randomCohort(7);
    Random rnd = new Random(11);
    for (int k = 0; k < 600; k++) {
      String chrom = rnd.nextBoolean() ? "1" : "2";
      int s = rnd.nextInt(1100);
      List<String> args = new ArrayList<>(List.of("referenceName", chrom));
      List<Integer> start;
      List<Integer> end;
      String ref = null;
      String alt = null;
      String type = null;
      Integer min = null;
      Integer max = null;
      switch (k % 3) {
        case 0 -> { // a sequence query on an allele that exists (or its neighbour)
          Allele a = c.alleles().get(rnd.nextInt(c.alleles().size()));
          chrom = a.chrom();
          args.set(1, chrom);
          start = List.of(a.start0() + (rnd.nextInt(5) == 0 ? 1 : 0));
          end = List.of();
          args.addAll(List.of("start", "" + start.get(0)));
          if (!a.alt().startsWith("<")) {
            alt = a.alt();
            args.addAll(List.of("alternateBases", alt));
          }
          if (rnd.nextBoolean()) {
            ref = a.ref();
            args.addAll(List.of("referenceBases", ref));
          }
        }
        case 1 -> {
          start = List.of(s);
          end = List.of(s + 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 200));
          args.addAll(List.of("start", "" + start.get(0), "end", "" + end.get(0)));
        }
        default -> {
          int s1 = s + rnd.nextInt(50);
          int e0 = s + rnd.nextInt(5);
          start = List.of(s, s1);
          end = List.of(e0, e0 + rnd.nextInt(60));
          args.addAll(List.of("start", s + "," + s1, "end", end.get(0) + "," + end.get(1)));
        }
      }
      if (rnd.nextInt(4) == 0) {
        type = List.of("SNP", "MNP", "INS", "DEL", "INDEL", "SNV", "CNV").get(rnd.nextInt(7));
        args.addAll(List.of("variantType", type));
      }
      if (rnd.nextInt(5) == 0) {
        min = rnd.nextInt(3);
        args.addAll(List.of("variantMinLength", "" + min));
      }
      if (rnd.nextInt(5) == 0) {
        max = 1 + rnd.nextInt(3);
        if (min != null && max < min) {
          max = min;
        }
        args.addAll(List.of("variantMaxLength", "" + max));
      }
      VariantRequest q = query(args.toArray(String[]::new));
      long expected = 0;
      for (Allele a : c.alleles()) {
        if (oracle(a, chrom, start, end, ref, alt, type, min, max)) {
          expected++;
        }
      }
      assertThat(VariantSearch.run(c.dataset(), q, false).count()).as("%s", args).isEqualTo(expected);
      assertThat(VariantSearch.run(c.dataset(), q, true).count()).as("%s (records)", args).isEqualTo(expected);
    }
  }

  /** One SNV at POS 100 (0-based 99) and a 3-base deletion REF at POS 200 (0-based [199, 202)). */
  private static Cohort edges() {
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(List.of("a", "b", "c"));
    b.startSite("1", 100, 100, "rs100", "A", List.of("G"));
    b.diploid(0, 0, 1);
    b.diploid(2, 1, 1);
    b.endSite();
    b.startSite("1", 200, 202, ".", "ACG", List.of("A", "T"));
    b.diploid(1, 1, 2);
    b.endSite();
    b.startSite("1", 300, 300, ".", "C", List.of("T"));
    b.diploid(0, 0, 0); // nobody carries it: not a Beacon variant
    b.endSite();
    return new Cohort(b.build(), List.of());
  }

  private static long count(Cohort c, String... args) {
    return VariantSearch.run(c.dataset(), query(args), false).count();
  }

  @Test
  void positionsAreZeroBased() {
    Cohort c = edges();
    assertThat(count(c, "referenceName", "1", "start", "99", "alternateBases", "G")).isEqualTo(1);
    assertThat(count(c, "referenceName", "1", "start", "100", "alternateBases", "G")).isZero();
    assertThat(count(c, "referenceName", "1", "start", "98", "alternateBases", "G")).isZero();
    assertThat(count(c, "referenceName", "1", "start", "99", "referenceBases", "A", "alternateBases", "N"))
        .isEqualTo(1);
    assertThat(count(c, "referenceName", "1", "start", "99", "referenceBases", "C", "alternateBases", "G")).isZero();
    assertThat(count(c, "referenceName", "1", "start", "299")).as("carried by nobody").isZero();
  }

  @Test
  void rangesAreHalfOpenAndCountOverlaps() {
    Cohort c = edges();
    assertThat(count(c, "referenceName", "1", "start", "99", "end", "100")).isEqualTo(1);
    assertThat(count(c, "referenceName", "1", "start", "100", "end", "199")).as("both just outside").isZero();
    assertThat(count(c, "referenceName", "1", "start", "98", "end", "99")).isZero();
    // the deletion spans [199, 202): both of its ALT alleles
    assertThat(count(c, "referenceName", "1", "start", "201", "end", "202")).isEqualTo(2);
    assertThat(count(c, "referenceName", "1", "start", "202", "end", "300")).isZero();
    assertThat(count(c, "referenceName", "1", "start", "0", "end", "1000")).isEqualTo(3);
    assertThat(count(c, "referenceName", "1")).isEqualTo(3);
    assertThat(count(c)).isEqualTo(3);
    assertThat(count(c, "referenceName", "2")).as("unknown reference: no variants").isZero();
  }

  @Test
  void bracketsBoundStartAndEndInclusively() {
    Cohort c = edges();
    assertThat(count(c, "referenceName", "1", "start", "199,199", "end", "202,202")).isEqualTo(2);
    assertThat(count(c, "referenceName", "1", "start", "199,199", "end", "201,201")).isZero();
    assertThat(count(c, "referenceName", "1", "start", "200,250", "end", "0,1000")).isZero();
    assertThat(count(c, "referenceName", "1", "start", "0,199", "end", "100,202")).isEqualTo(3);
    assertThat(count(c, "referenceName", "1", "start", "0,199", "end", "101,202")).isEqualTo(2);
  }

  @Test
  void typesAndLengths() {
    Cohort c = edges();
    assertThat(count(c, "referenceName", "1", "variantType", "SNP")).isEqualTo(1);
    // ACG>A and ACG>T: REF longer than ALT, both deletions of 2 bases
    assertThat(count(c, "referenceName", "1", "variantType", "DEL")).isEqualTo(2);
    assertThat(count(c, "referenceName", "1", "variantType", "MNP")).isEqualTo(0);
    assertThat(count(c, "referenceName", "1", "variantType", "INDEL", "variantMinLength", "2")).isEqualTo(2);
    assertThat(count(c, "referenceName", "1", "variantMinLength", "3")).isZero();
    assertThat(count(c, "referenceName", "1", "variantMaxLength", "1")).isEqualTo(1);
  }

  @Test
  void assemblyIsCheckedAgainstTheCoordinates() {
    Cohort c = edges();
    assertThat(count(c, "assemblyId", "GRCh38", "referenceName", "1")).isEqualTo(3);
    assertThat(count(c, "assemblyId", "hg38", "referenceName", "1")).isEqualTo(3);
    assertThat(count(c, "assemblyId", "GRCh38.p14", "referenceName", "1")).isEqualTo(3);
    assertThat(count(c, "assemblyId", "GRCh37", "referenceName", "1")).isZero();
  }

  @Test
  void recordsPageWithSkipAndLimitAndCarryCounts() {
    Cohort c = edges();
    DatasetHits h = VariantSearch.run(c.dataset(),
        query("referenceName", "1", "skip", "1", "limit", "1", "requestedGranularity", "record"), true);
    assertThat(h.count()).isEqualTo(3);
    assertThat(h.page()).extracting(VariantRow::alt).containsExactly("A");
    ObjectNode rec = VariantDocuments.record(c.dataset(), h.page().get(0), "http://x");
    assertThat(rec.get("variantInternalId").asText()).isEqualTo("1:200:ACG:A");
    assertThat(rec.at("/variation/location/interval/start/value").asInt()).isEqualTo(199);
    assertThat(rec.at("/variation/location/interval/end/value").asInt()).isEqualTo(202);
    assertThat(rec.at("/variation/variantType").asText()).isEqualTo("DEL");
    assertThat(rec.at("/frequencyInPopulations/0/frequencies/0/alleleFrequency").asDouble()).isEqualTo(1.0 / 6);
    assertThat(rec.at("/caseLevelData/0/biosampleId").asText()).isEqualTo("b");
    assertThat(rec.at("/caseLevelData/0/zygosity/label").asText()).isEqualTo("heterozygous");
    ObjectNode snv = VariantDocuments.record(c.dataset(), VariantSearch.run(c.dataset(),
        query("referenceName", "1", "start", "99"), true).page().get(0), "http://x");
    assertThat(snv.at("/identifiers/variantAlternativeIds/0/id").asText()).isEqualTo("dbSNP:rs100");
    assertThat(snv.get("caseLevelData")).extracting(n -> n.get("biosampleId").asText() + "/"
        + n.at("/zygosity/id").asText()).containsExactly("a/GENO:0000135", "c/GENO:0000136");
  }

  @Test
  void alleleCarriersAreThoseOfTheAllele() {
    Cohort c = edges();
    assertThat(c.engine().alleleCarriers("1", 200, "ACG", "T")).contains(new AlleleCarriers(new int[] {1}, new int[0]));
    assertThat(c.engine().alleleCarriers("1", 100, "A", "G"))
        .contains(new AlleleCarriers(new int[] {0}, new int[] {2}));
    assertThat(c.engine().alleleCarriers("1", 100, "A", "T")).isEmpty();
    assertThat(c.engine().alleleCarriers("9", 100, "A", "G")).isEmpty();
  }

  @Test
  void badQueriesSayWhatIsWrong() {
    assertBad("'start' needs", "start", "5");
    assertBad("greater than start", "referenceName", "1", "start", "5", "end", "5");
    assertBad("bracket", "referenceName", "1", "start", "5,9");
    assertBad("min > max", "referenceName", "1", "start", "9,5", "end", "1,2");
    assertBad("whole number", "referenceName", "1", "start", "x");
    assertBad("bases", "referenceName", "1", "start", "1", "alternateBases", "ZZ");
    assertBad("unknown parameter 'stat'", "stat", "1");
    assertBad("requestedGranularity", "requestedGranularity", "all");
    assertBad("includeResultsetResponses", "includeResultsetResponses", "SOME");
    assertBad("filters are not supported", "filters", "NCIT:C123");
    assertBad("limit 5000", "limit", "5000");
    assertThatThrownBy(() -> query("aminoacidChange", "V600E")).isInstanceOf(RequestException.class)
        .extracting(e -> ((RequestException) e).kind()).isEqualTo(ErrorKind.UNSUPPORTED);
  }

  private static void assertBad(String message, String... args) {
    assertThatThrownBy(() -> query(args)).isInstanceOf(RequestException.class).hasMessageContaining(message)
        .extracting(e -> ((RequestException) e).kind()).isIn(ErrorKind.BAD_ARGUMENT, ErrorKind.TOO_LARGE);
  }

  @Test
  void variantIdsRoundTrip() {
    assertThat(VariantId.parse("1:200:ACG:A")).isEqualTo(new VariantId("1", 200, "ACG", "A"));
    assertThat(VariantId.parse("HLA-A*01:01:01:01:5:C:<DUP:TANDEM>"))
        .isEqualTo(new VariantId("HLA-A*01", 1, "01", "01:5:C:<DUP:TANDEM>"));
    assertThatThrownBy(() -> VariantId.parse("1-200-A-G")).hasMessageContaining("CHROM:POS:REF:ALT");
    assertThat(Optional.of(VariantId.parse("chrX:5:A:T").asRequest(query()).kind()))
        .contains(VariantRequest.Kind.POSITION);
  }
}
