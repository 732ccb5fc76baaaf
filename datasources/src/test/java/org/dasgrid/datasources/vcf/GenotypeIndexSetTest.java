package org.dasgrid.datasources.vcf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which reader a build's ranges get (the bytes are the same either way: {@code VcfGenotypeIndexerTest}). */
class GenotypeIndexSetTest {
  @TempDir Path dir;

  private Path file(String name, int bytes) throws Exception {
    return Files.write(dir.resolve(name), new byte[bytes]);
  }

  @Test
  void rangesAreReadOnOneThreadEachOnlyWhenEveryThreadHasOneAndTheyAreAlike() throws Exception {
    Path chr1 = file("chr1.vcf.gz", 1000);
    Path chr2 = file("chr2.vcf.gz", 1100);
    Path chr21 = file("chr21.vcf.gz", 400);
    List<VcfRanges.Range> whole = List.of(VcfRanges.Range.WHOLE);
    // two alike VCFs on two threads; one VCF on one thread
    assertThat(GenotypeIndexSet.oneThreadEach(List.of(chr1, chr2), List.of(whole, whole), 2)).isTrue();
    assertThat(GenotypeIndexSet.oneThreadEach(List.of(chr21), List.of(whole), 1)).isTrue();
    // one VCF with a core to spare, more VCFs than threads, or one much smaller: parsed ahead
    assertThat(GenotypeIndexSet.oneThreadEach(List.of(chr1), List.of(whole), 2)).isFalse();
    assertThat(GenotypeIndexSet.oneThreadEach(List.of(chr1, chr2, chr21), List.of(whole, whole, whole), 2)).isFalse();
    assertThat(GenotypeIndexSet.oneThreadEach(List.of(chr1, chr21), List.of(whole, whole), 2)).isFalse();
    // one VCF in two ranges, cut at compressed byte 500 (a virtual offset's upper 48 bits) or at 200
    List<VcfRanges.Range> halves = List.of(new VcfRanges.Range(-1, null, 0, "chr1", 9),
        new VcfRanges.Range(500L << 16, "chr1", 9, null, 0));
    List<VcfRanges.Range> uneven = List.of(new VcfRanges.Range(-1, null, 0, "chr1", 9),
        new VcfRanges.Range(200L << 16 | 17, "chr1", 9, null, 0));
    assertThat(GenotypeIndexSet.oneThreadEach(List.of(chr1), List.of(halves), 2)).isTrue();
    assertThat(GenotypeIndexSet.oneThreadEach(List.of(chr1), List.of(uneven), 2)).isFalse();
  }
}
