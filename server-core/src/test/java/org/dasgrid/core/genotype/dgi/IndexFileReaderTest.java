package org.dasgrid.core.genotype.dgi;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.junit.jupiter.api.Test;

/** The reader's checks of a section's shape beyond its checksum (the corrupt and stale files: GenotypeIndexFileTest). */
class IndexFileReaderTest {
  @Test
  void refusesADirectoryThatDoesNotFitItsData() {
    ByteBuffer data = ByteBuffer.allocate(64);
    // two samples: 8 entries; one out of order, one past the data, one short of its end
    int[][] directories = {{0, 8, 16, 24, 32, 40, 48, 64}, {0, 8, 16, 24, 8, 40, 48, 64},
        {0, 8, 16, 24, 32, 40, 48, 72}, {0, 8, 16, 24, 32, 40, 48, 56}};
    assertThatThrownBy(() -> IndexFileReader.checkSampleCalls(data, IntColumn.of(directories[0]), 3))
        .hasMessageContaining("8 entries for 3 samples");
    assertThatThrownBy(() -> IndexFileReader.checkSampleCalls(data, IntColumn.of(directories[1]), 2))
        .hasMessageContaining("directory entry 4 (8) is out of order");
    assertThatThrownBy(() -> IndexFileReader.checkSampleCalls(data, IntColumn.of(directories[2]), 2))
        .hasMessageContaining("past the 64 bytes");
    assertThatThrownBy(() -> IndexFileReader.checkSampleCalls(data, IntColumn.of(directories[3]), 2))
        .hasMessageContaining("ends at 56 of 64 bytes");
  }
}
