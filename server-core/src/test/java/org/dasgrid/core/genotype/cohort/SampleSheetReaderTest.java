package org.dasgrid.core.genotype.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SampleSheetReaderTest {
  static final String TSV = String.join("\n",
      "sample\tsex\tpopulation\tsuperpopulation\tphenotype\tfamily\tfather\tmother\tcohort",
      "NA12878\tfemale\tCEU\tEUR\taffected\tCEPH1463\tNA12891\tNA12892\tpilot",
      "NA12891\t1\tCEU\tEUR\t1\tCEPH1463\t0\t0\tpilot",
      "NA12892\tF\tCEU\tEUR\tunaffected\tCEPH1463\t.\t\t",
      "",
      "HG00096\tmale\tGBR\tEUR\t-9\t\t0\t0\tphase3",
      "");

  static SampleSheet read(String name, String text) throws IOException {
    return SampleSheetReader.read(name, new StringReader(text));
  }

  @Test
  void readsTsvWithHeaderParentsAndExtraColumnsAsGroups() throws IOException {
    SampleSheet s = read("samples.tsv", TSV);
    assertThat(s.rows()).hasSize(4);
    SampleInfo child = s.get("NA12878").orElseThrow();
    assertThat(child.sex()).isEqualTo(Sex.FEMALE);
    assertThat(child.phenotype()).isEqualTo(Phenotype.AFFECTED);
    assertThat(child.father()).contains("NA12891");
    assertThat(child.mother()).contains("NA12892");
    assertThat(child.groups()).containsEntry("population", "CEU").containsEntry("cohort", "pilot");
    assertThat(s.get("NA12892").orElseThrow().father()).isEmpty();
    assertThat(s.get("NA12892").orElseThrow().groups()).doesNotContainKey("cohort");
    assertThat(s.get("HG00096").orElseThrow().family()).isEqualTo("HG00096"); // no family: its own
    assertThat(s.groupColumns()).containsExactly("population", "superpopulation", "cohort");
    assertThat(s.members("population", "CEU")).containsExactly("NA12878", "NA12891", "NA12892");
    assertThat(s.members("superpopulation", "EUR")).hasSize(4);
    assertThat(s.members("sex", "male")).containsExactly("NA12891", "HG00096");
    assertThat(s.members("sex", "2")).containsExactly("NA12878", "NA12892");
    assertThat(s.members("phenotype", "affected")).containsExactly("NA12878");
    assertThat(s.members("family", "CEPH1463")).hasSize(3);
    assertThat(s.members("cohort", "phase3")).containsExactly("HG00096");
    assertThat(s.values("population")).containsExactly("CEU", "GBR");
    assertThat(s.family("CEPH1463")).extracting(SampleInfo::sample)
        .containsExactly("NA12878", "NA12891", "NA12892");
  }

  @Test
  void readsPlinkFamAndPed() throws IOException {
    SampleSheet fam = read("trio.fam", "F1 kid dad mum 2 2\nF1 dad 0 0 1 1\nF1  mum  0  0  2  -9\n");
    assertThat(fam.get("kid").orElseThrow()).isEqualTo(new SampleInfo("kid", Sex.FEMALE, Phenotype.AFFECTED, "F1",
        Optional.of("dad"), Optional.of("mum"), java.util.Map.of()));
    assertThat(fam.get("mum").orElseThrow().phenotype()).isEqualTo(Phenotype.UNKNOWN);
    SampleSheet ped = read("trio.PED", "F1\tkid\tdad\tmum\t1\t2\tA A\tC G\n");
    assertThat(ped.get("kid").orElseThrow().sex()).isEqualTo(Sex.MALE);
  }

  @Test
  void namesFileLineAndColumnOfMistakes() {
    assertThatThrownBy(() -> read("s.tsv", "sample\tsex\nA\tfemale\nB\tboth\n"))
        .isInstanceOf(SampleSheetException.class)
        .hasMessage("s.tsv:3: column 2 (sex): 'both' is not a sex; use 1/2/0 or male/female/unknown");
    assertThatThrownBy(() -> read("s.tsv", "sample\tsex\nA\tfemale\textra\n"))
        .hasMessage("s.tsv:2: 3 columns but the header has 2 (columns are tab-separated)");
    assertThatThrownBy(() -> read("s.tsv", "id\tsex\nA\tfemale\n")).hasMessageStartingWith("s.tsv:1: no 'sample' column");
    assertThatThrownBy(() -> read("s.tsv", "sample\tphenotype\nA\t1\nA\t2\n"))
        .hasMessage("s.tsv:3: column 1 (sample): sample 'A' appears twice");
    assertThatThrownBy(() -> read("s.tsv", "sample\tphenotype\nA\tsick\n"))
        .hasMessageStartingWith("s.tsv:2: column 2 (phenotype): 'sick' is not an affection status");
    assertThatThrownBy(() -> read("s.tsv", "sample\tfather\nA\tA\n"))
        .hasMessage("s.tsv:2: column 2 (father): sample 'A' is its own father");
    assertThatThrownBy(() -> read("p.fam", "F1 kid dad mum 2\n"))
        .hasMessageStartingWith("p.fam:1: 5 columns; a .fam/PED line has at least 6");
    assertThatThrownBy(() -> read("p.fam", "F1 kid dad mum 2 2\nF1 x 0 0 7 1\n"))
        .hasMessageStartingWith("p.fam:2: column 5 (sex): '7' is not a sex");
    assertThatThrownBy(() -> read("s.tsv", "")).hasMessageStartingWith("s.tsv: empty sample sheet");
  }

  @Test
  void comparesWithTheVcfSamplesByCountsAndFirstNames() throws IOException {
    SampleSheet s = read("samples.tsv", TSV);
    SampleSheet.Comparison c = s.compare(List.of("NA12878", "NA12891", "X1", "X2", "X3", "X4", "X5", "X6"));
    assertThat(c.vcfOnly()).containsExactly("X1", "X2", "X3", "X4", "X5", "X6");
    assertThat(c.sheetOnly()).containsExactly("NA12892", "HG00096");
    assertThat(c.describe()).isEqualTo("samples.tsv: 6 of 8 VCF samples not in the sheet (X1, X2, X3, X4, X5, ...); "
        + "2 of 4 sheet samples not in the VCF (NA12892, HG00096)");
    assertThat(s.compare(List.of("NA12878", "NA12891", "NA12892", "HG00096")).matches()).isTrue();
  }
}
