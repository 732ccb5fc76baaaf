package org.dasgrid.core.api.genotype;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.genotype.cohort.SampleSheetReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SampleChoiceTest {
  static GenotypeQueries engine;
  static Optional<SampleSheet> sheet;

  @BeforeAll
  static void build() throws Exception {
    engine = new GenotypeIndexBuilder(List.of("a", "b", "c", "d", "pop:X")).build();
    sheet = Optional.of(SampleSheetReader.read("s.tsv", new StringReader(String.join("\n",
        "sample\tsex\tpopulation\tbatch", "a\tmale\tCEU\t1", "b\tfemale\tYRI\t1", "c\tfemale\tCEU\t2",
        "gone\tmale\tCEU\t2", "pop:X\tmale\tX\t3", ""))));
  }

  @Test
  void groupsExpandInSheetOrderAndUniteWithNames() {
    assertThat(SampleChoice.names(List.of("population:CEU"), engine, sheet)).containsExactly("a", "c");
    assertThat(SampleChoice.names(List.of("d,sex:female", "batch:1"), engine, sheet)).containsExactly("d", "b", "c", "a");
    assertThat(SampleChoice.parse(List.of("sex:2"), engine, sheet).sampleNumbers()).containsExactly(1, 2);
    // an exact sample name wins over a group of the same text
    assertThat(SampleChoice.names(List.of("pop:X"), engine, sheet)).containsExactly("pop:X");
    assertThat(SampleChoice.parse(List.of(), engine, sheet).isAll()).isTrue();
  }

  @Test
  void unknownGroupsAndEmptyOnesAreBadArguments() {
    assertThatThrownBy(() -> SampleChoice.names(List.of("population:GBR"), engine, sheet))
        .isInstanceOf(RequestException.class).hasMessageStartingWith("group 'population:GBR' has no samples with calls");
    assertThatThrownBy(() -> SampleChoice.names(List.of("tribe:CEU"), engine, sheet))
        .hasMessageContaining("unknown group 'tribe'; this sheet's groups are sex, phenotype, family, population, batch");
    assertThatThrownBy(() -> SampleChoice.names(List.of("population:CEU"), engine, Optional.empty()))
        .hasMessageContaining("sample groups need a sample sheet");
    assertThatThrownBy(() -> SampleChoice.names(List.of("zz,yy"), engine, sheet)).hasMessage("unknown samples: zz, yy");
  }
}
