package org.dasgrid.core.genotype;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract's matching rules on one site per kind of call. The expected AC/AN are what bcftools 1.16
 * computes for the same calls ({@code bcftools norm -m- | bcftools view -s ...}), checked by hand once.
 */
class ZygosityRulesTest {
  static final List<String> SAMPLES = IntStream.rangeClosed(1, 10).mapToObj(i -> "s" + i).toList();
  static final int M = GenotypeIndexBuilder.MISSING;
  static GenotypeQueries engine;

  @BeforeAll
  static void build() {
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(SAMPLES);
    // 1:100 C>T,CT   s1..s10 = 0/1 1|0 1/2 1/1 1 ./. ./1 0/0 2/2 .|2
    b.startSite("1", 100, 100, "rs1", "C", List.of("T", "CT"));
    b.diploid(0, 0, 1);
    b.diploid(1, 1, 0);
    b.diploid(2, 1, 2);
    b.diploid(3, 1, 1);
    b.haploid(4, 1);
    b.diploid(5, M, M);
    b.diploid(6, M, 1);
    b.diploid(8, 2, 2);
    b.diploid(9, M, 2);
    b.endSite();
    // 1:200 AT>A    s1..s10 = 0/1/1 1/1/1 0 . ./. 0/0 1|1 0|1 ./0 1/.
    b.startSite("1", 200, 201, ".", "AT", List.of("A"));
    b.call(0, new int[] {0, 1, 1}, 3);
    b.call(1, new int[] {1, 1, 1}, 3);
    b.haploid(2, 0);
    b.haploid(3, M);
    b.diploid(4, M, M);
    b.diploid(6, 1, 1);
    b.diploid(7, 0, 1);
    b.diploid(8, M, 0);
    b.diploid(9, 1, M);
    b.endSite();
    // chrY-like site: most calls haploid, so haploid is the default ploidy
    b.startSite("Y", 50, 50, ".", "G", List.of("A"));
    b.haploid(0, 1);
    b.haploid(1, 0);
    b.haploid(2, M);
    for (int s = 3; s < 9; s++) {
      b.haploid(s, s % 2);
    }
    b.diploid(9, 0, 1);
    b.endSite();
    engine = b.build();
  }

  static GenotypeQuery query(String ref, int pos, Zygosity z, String... samples) {
    SampleSelection sel = samples.length == 0 ? engine.allSamples()
        : engine.select(java.util.Arrays.stream(samples).mapToInt(s -> engine.sampleNumber(s).getAsInt()).toArray());
    return new GenotypeQuery(List.of(new Segment(ref, pos, pos)), z, sel, OptionalInt.empty());
  }

  static VariantRow row(String ref, int pos, String alt, Zygosity z, String... samples) {
    VariantAnswer a = engine.variants(query(ref, pos, z, samples));
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i).alt().equals(alt)) {
        return a.get(i);
      }
    }
    return null;
  }

  static List<String> carriers(String ref, int pos, Zygosity z) {
    SampleAnswer a = engine.carriers(query(ref, pos, z));
    return IntStream.range(0, a.size()).mapToObj(i -> a.get(i).sample()).toList();
  }

  @Test
  void hetIsOneCopyOfTheAltWhateverThePhaseAndTheOtherAllele() {
    VariantRow t = row("1", 100, "T", Zygosity.ANY);
    assertThat(t.het()).isEqualTo(3); // 0/1, 1|0, 1/2
    VariantRow ct = row("1", 100, "CT", Zygosity.ANY);
    assertThat(ct.het()).isEqualTo(1); // 1/2 is het for ALT 2 as well
    assertThat(row("1", 100, "CT", Zygosity.HET, "s3")).isNotNull();
    assertThat(row("1", 100, "CT", Zygosity.HET, "s1", "s2")).isNull();
  }

  @Test
  void homIsTwoCopiesOrOneInAHaploidCall() {
    assertThat(row("1", 100, "T", Zygosity.HOM, "s4").hom()).isEqualTo(1); // 1/1
    assertThat(row("1", 100, "T", Zygosity.HOM, "s5").hom()).isEqualTo(1); // haploid 1
    assertThat(row("1", 100, "T", Zygosity.ANY).hom()).isEqualTo(2);
    assertThat(row("1", 100, "CT", Zygosity.HOM).hom()).isEqualTo(1); // 2/2
    assertThat(row("1", 100, "T", Zygosity.HET, "s4", "s5")).isNull();
  }

  @Test
  void missingAndPartialCallsNeverMatch() {
    assertThat(row("1", 100, "T", Zygosity.ANY, "s6", "s7", "s8")).isNull(); // ./., ./1, 0/0
    assertThat(row("1", 100, "CT", Zygosity.ANY, "s10")).isNull(); // .|2
    assertThat(carriers("1", 100, Zygosity.ANY)).containsExactly("s1", "s2", "s3", "s4", "s5", "s9");
  }

  @Test
  void acAndAnCountCalledAllelesAsBcftoolsDoes() {
    VariantRow t = row("1", 100, "T", Zygosity.ANY);
    assertThat(t.ac()).isEqualTo(7);
    assertThat(t.an()).isEqualTo(15);
    assertThat(t.af()).hasValue(7.0 / 15);
    VariantRow ct = row("1", 100, "CT", Zygosity.ANY);
    assertThat(ct.ac()).isEqualTo(4);
    assertThat(ct.an()).isEqualTo(15);
    VariantRow subset = row("1", 100, "T", Zygosity.ANY, "s1", "s5", "s7");
    assertThat(subset.ac()).isEqualTo(3);
    assertThat(subset.an()).isEqualTo(4);
    assertThat(subset.het()).isEqualTo(1);
    assertThat(subset.hom()).isEqualTo(1);
  }

  @Test
  void polyploidCallsAreHetWhenMixedAndHomWhenAllAlt() {
    VariantRow a = row("1", 200, "A", Zygosity.ANY);
    assertThat(a.het()).isEqualTo(2); // 0/1/1, 0|1
    assertThat(a.hom()).isEqualTo(2); // 1/1/1, 1|1
    assertThat(a.ac()).isEqualTo(9);
    assertThat(a.an()).isEqualTo(15);
    VariantRow subset = row("1", 200, "A", Zygosity.ANY, "s1", "s5", "s7");
    assertThat(subset.ac()).isEqualTo(4);
    assertThat(subset.an()).isEqualTo(5);
    assertThat(a.id()).isEmpty();
    assertThat(row("1", 100, "T", Zygosity.ANY).id()).hasValue("rs1");
  }

  @Test
  void haploidDefaultSiteCountsDiploidCallsAsExtraAlleles() {
    VariantRow y = row("Y", 50, "A", Zygosity.ANY);
    // haploid 1 at s1, s4, s6, s8 -> hom; 0/1 at s10 -> het
    assertThat(y.hom()).isEqualTo(4);
    assertThat(y.het()).isEqualTo(1);
    assertThat(y.ac()).isEqualTo(5);
    assertThat(y.an()).isEqualTo(10); // 8 called haploid + 1 missing + 1 diploid
    VariantRow women = row("Y", 50, "A", Zygosity.ANY, "s10", "s3");
    assertThat(women.an()).isEqualTo(2);
    assertThat(women.ac()).isEqualTo(1);
  }

  @Test
  void refusesAllelesTheSiteDoesNotHaveAndCallsOutOfOrder() {
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(SAMPLES);
    b.startSite("1", 1, 1, ".", "A", List.of("G"));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> b.diploid(0, 0, 2))
        .hasMessageContaining("allele 2 but the site has 1 ALT allele");
    b.diploid(3, 0, 1);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> b.diploid(2, 0, 1))
        .hasMessageContaining("sample order");
  }
}
