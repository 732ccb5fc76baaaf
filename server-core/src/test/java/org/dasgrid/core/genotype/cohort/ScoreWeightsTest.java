package org.dasgrid.core.genotype.cohort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class ScoreWeightsTest {
  static ScoreWeights read(String text) throws IOException {
    return ScoreWeights.read(new StringReader(text), 1000);
  }

  @Test
  void readsIdsCoordinatesAHeaderAndComments() throws IOException {
    ScoreWeights w = read("SNP A1 BETA\n# a comment\nrs1\tA\t0.5\n\nchr1:100:A:G g -1e-3\n");
    assertThat(w.weights()).containsExactly(new ScoreWeights.Weight("rs1", "A", 0.5, 3),
        new ScoreWeights.Weight("chr1:100:A:G", "G", -0.001, 5));
  }

  @Test
  void namesLineAndColumnOfMistakes() {
    assertThatThrownBy(() -> read("rs1 A 0.5\nrs2 A x\n")).hasMessage("weights:2: column 3 (weight): 'x' is not a number");
    assertThatThrownBy(() -> read("rs1 A\n")).hasMessage("weights:1: 2 columns; each line is ID ALLELE WEIGHT");
    assertThatThrownBy(() -> read("rs1 A 1\nrs2 Q 1\n")).hasMessage("weights:2: column 2 (allele): 'Q' is not an allele");
    assertThatThrownBy(() -> read("rs1 A NaN\n")).hasMessage("weights:1: column 3 (weight): 'NaN' is not a finite number");
    assertThatThrownBy(() -> read("# nothing\n")).hasMessageStartingWith("weights: no weights");
    assertThatThrownBy(() -> ScoreWeights.read(new StringReader("a A 1\nb A 2\n"), 1))
        .hasMessage("weights: more than 1 weights (at line 2)");
  }
}
