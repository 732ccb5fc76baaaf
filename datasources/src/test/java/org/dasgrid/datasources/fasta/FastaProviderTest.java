package org.dasgrid.datasources.fasta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.TestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FastaProviderTest {
  @TempDir Path dir;

  @Test
  void servesSubsequencesAndBuildsTheIndex() throws IOException, SourceLoadException {
    Path fa = dir.resolve("ce.fa");
    Files.copy(TestData.example("ce_ws199.fa"), fa);
    DataSource d = new FastaProvider().load(SourceConfig.of("ce", "fasta", fa), LoadMonitor.NONE);
    assertThat(Files.exists(dir.resolve("ce.fa.fai"))).isTrue();
    assertThat(d.entryPoints()).extracting(e -> e.name()).containsExactly("I", "II", "III", "IV", "V", "X", "MtDNA");
    SequenceSource seq = (SequenceSource) d;
    assertThat(seq.sequenceLength("I")).isEqualTo(100);
    StringBuilder sb = new StringBuilder();
    seq.sequence(new Segment("I", 55, 70), sb);
    // line 1 of I is 60 bases: 55..70 crosses the line break
    assertThat(sb).hasToString("gcctaagcctaagcct".substring(0, 16));
    sb.setLength(0);
    seq.sequence(new Segment("MtDNA", 1, 10), sb);
    assertThat(sb).hasToString("cagtaaatag");
  }

  @Test
  void notAFastaFailsClearly() throws IOException {
    Path bad = dir.resolve("bad.fa");
    Files.writeString(bad, "ACGT\nno header\n");
    assertThatThrownBy(() -> new FastaProvider().load(SourceConfig.of("b", "fasta", bad), LoadMonitor.NONE))
        .isInstanceOf(SourceLoadException.class).hasMessageStartingWith("bad.fa:");
  }
}
