package org.dasgrid.core.genotype;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SampleNamesTest {
  @Test
  void keepsEachNamesBytesAndWhetherTheyArePlain() {
    List<String> list = List.of("HG00096", "s<1>", "caf\u00e9", "a b", "it's", "q\"", "x\\y", "t\u0001", "", "NA12878");
    // plain JSON: only " and \ (and bytes outside printable ASCII) are not written as they are
    boolean[] plain = {true, true, false, true, true, false, false, false, true, true};
    SampleNames names = SampleNames.of(list);
    assertThat(names.size()).isEqualTo(list.size());
    assertThat(names.list()).isEqualTo(list);
    for (int s = 0; s < list.size(); s++) {
      assertThat(names.get(s)).isEqualTo(list.get(s));
      assertThat(new String(names.bytes(), names.start(s), names.end(s) - names.start(s), StandardCharsets.UTF_8))
          .isEqualTo(list.get(s));
      assertThat(names.plain(s)).as(list.get(s)).isEqualTo(plain[s]);
    }
    // an eight-byte copy of the last name stays inside the pool
    assertThat(names.bytes().length - names.end(list.size() - 1))
        .isGreaterThanOrEqualTo(TextRules.installed().slack());
  }

  @Test
  void flagsNamesPastTheFirstWordOfBits() {
    List<String> list = java.util.stream.IntStream.range(0, 200).mapToObj(i -> i % 67 == 5 ? "\"" + i : "S" + i)
        .toList();
    SampleNames names = SampleNames.of(list);
    for (int s = 0; s < list.size(); s++) {
      assertThat(names.plain(s)).isEqualTo(s % 67 != 5);
    }
  }
}
