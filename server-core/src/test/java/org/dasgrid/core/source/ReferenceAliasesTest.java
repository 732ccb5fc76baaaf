package org.dasgrid.core.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Built-in aliases per naming convention, checked against the names each community publishes for the same
 * sequences: UCSC hg38 / Ensembl GRCh38 (chr1 = 1, chrM = MT), UCSC ce11 / WormBase (chrI = I =
 * CHROMOSOME_I, chrM = MtDNA), UCSC dm6 / FlyBase (chr2L = 2L), UCSC sacCer3 / SGD (chrI = I, chrVI = VI).
 */
class ReferenceAliasesTest {
  @Test
  void humanGetsUcscAndEnsemblNamesOnly() {
    Map<String, List<String>> ucsc = ReferenceAliases.builtIn(List.of("chr1", "chr22", "chrX", "chrY", "chrM"));
    assertThat(ucsc.get("chr1")).containsExactly("1");
    assertThat(ucsc.get("chrX")).containsExactly("X");
    assertThat(ucsc.get("chrM")).containsExactlyInAnyOrder("M", "MT");
    assertThat(ucsc.values()).allSatisfy(a -> assertThat(a).noneMatch(n -> n.startsWith("CHROMOSOME_")));
    Map<String, List<String>> ensembl = ReferenceAliases.builtIn(List.of("1", "2", "X", "Y", "MT"));
    assertThat(ensembl.get("1")).containsExactly("chr1");
    assertThat(ensembl.get("MT")).contains("chrM", "M").doesNotContain("MtDNA", "CHROMOSOME_MtDNA");
  }

  @Test
  void wormBaseNamesOnlyForAWormSource() {
    Map<String, List<String>> bare = ReferenceAliases.builtIn(List.of("I", "II", "III", "IV", "V", "X", "MtDNA"));
    assertThat(bare.get("I")).containsExactlyInAnyOrder("chrI", "CHROMOSOME_I");
    assertThat(bare.get("X")).containsExactlyInAnyOrder("chrX", "CHROMOSOME_X");
    assertThat(bare.get("MtDNA")).contains("chrM", "CHROMOSOME_MtDNA");
    Map<String, List<String>> prefixed = ReferenceAliases.builtIn(List.of("CHROMOSOME_I", "CHROMOSOME_MtDNA"));
    assertThat(prefixed.get("CHROMOSOME_I")).containsExactlyInAnyOrder("I", "chrI");
    assertThat(prefixed.get("CHROMOSOME_MtDNA")).contains("MtDNA", "chrM");
    assertThat(ReferenceAliases.builtIn(List.of("chrI", "chrII", "chrM")).get("chrI"))
        .containsExactlyInAnyOrder("I", "CHROMOSOME_I");
  }

  @Test
  void flyAndYeastGetTheUcscPrefixButNoWormName() {
    Map<String, List<String>> fly = ReferenceAliases.builtIn(List.of("2L", "2R", "3L", "3R", "4", "X", "Y"));
    assertThat(fly.get("2L")).containsExactly("chr2L");
    assertThat(fly.get("X")).containsExactly("chrX");
    Map<String, List<String>> yeast = ReferenceAliases.builtIn(List.of("I", "VI", "XVI"));
    assertThat(yeast.get("I")).containsExactly("chrI");
    assertThat(yeast.get("VI")).containsExactly("chrVI");
  }

  @Test
  void accessionsAndScaffoldsGetNoPrefix() {
    Map<String, List<String>> a = ReferenceAliases.builtIn(List.of("NC_001422.1", "scaffold_12", "chrUn_gl000220"));
    assertThat(a.get("NC_001422.1")).isEmpty();
    assertThat(a.get("scaffold_12")).isEmpty();
    assertThat(a.get("chrUn_gl000220")).isEmpty();
  }
}
