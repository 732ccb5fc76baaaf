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

  /** plink refuses a --score file naming a variant twice (it would count twice): both lines are named. */
  @Test
  void aVariantTwiceIsRefusedNamingBothLines() {
    assertThatThrownBy(() -> read("SNP A1 BETA\nrs1 A 0.5\nrs2 G 1\n\nrs1 A 0.5\n"))
        .hasMessage("weights:5: variant 'rs1' is also on line 2; give each variant once (plink refuses duplicate "
            + "IDs too)");
    assertThatThrownBy(() -> read("chr1:100:A:G G 1\nchr1:100:A:G A -1\n"))
        .hasMessageStartingWith("weights:2: variant 'chr1:100:A:G' is also on line 1");
    StringBuilder many = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      many.append("rs").append(i).append(" A 1\n");
    }
    byte[] unique = many.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThat(ScoreWeights.read(unique, 10_000).size()).isEqualTo(5000);
    byte[] repeated = (many + "rs4321 C 2\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    assertThatThrownBy(() -> ScoreWeights.read(repeated, 10_000))
        .hasMessageStartingWith("weights:5001: variant 'rs4321' is also on line 4322");
  }

  @Test
  void aMultipartUploadIsToldToSendTheRawBody() {
    String curlF = "--------------------------d74496d66958873e\r\n"
        + "Content-Disposition: form-data; name=\"file\"; filename=\"w.txt\"\r\n"
        + "Content-Type: text/plain\r\n\r\nrs1 A 0.5\r\n"
        + "--------------------------d74496d66958873e--\r\n";
    assertThatThrownBy(() -> read(curlF)).isInstanceOf(SampleSheetException.class)
        .hasMessageContaining("multipart form upload (curl -F); send the file as the raw body: "
            + "curl --data-binary @w.txt");
  }

  @Test
  void aVariantStartingWithTwoDashesIsStillAVariant() throws IOException {
    assertThat(read("--rs1 A 1\n").weights()).containsExactly(new ScoreWeights.Weight("--rs1", "A", 1.0, 1));
  }

  @Test
  void aSingleLineReadAsAHeaderIsSaidToBe() {
    assertThatThrownBy(() -> read("rs1 A 0,5\n")).hasMessage("weights:1: no weights: the first line ('rs1 A 0,5') "
        + "was read as a header, its third column not being a number, and no line follows it; send lines of ID "
        + "ALLELE WEIGHT");
    assertThatThrownBy(() -> read("# effect sizes\nSNP A1 BETA\n")).hasMessageStartingWith(
        "weights:2: no weights: the first line ('SNP A1 BETA') was read as a header");
  }
}
