package org.dasgrid.webapp.browsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ByteRangesTest {
  private static List<ByteRanges.Part> parts(String header, long length) {
    ByteRanges r = ByteRanges.parse(header, length);
    assertThat(r).as(header).isInstanceOf(ByteRanges.Parts.class);
    return ((ByteRanges.Parts) r).parts();
  }

  @Test
  void resolvesEachFormOfSpecAgainstTheLength() {
    assertThat(parts("bytes=0-0", 100)).containsExactly(new ByteRanges.Part(0, 0));
    assertThat(parts("bytes=99-", 100)).containsExactly(new ByteRanges.Part(99, 99));
    assertThat(parts("bytes=-1", 100)).containsExactly(new ByteRanges.Part(99, 99));
    assertThat(parts("bytes=-500", 100)).containsExactly(new ByteRanges.Part(0, 99));
    assertThat(parts("bytes=10-5000", 100)).containsExactly(new ByteRanges.Part(10, 99));
    assertThat(parts("BYTES= 1-2 , 5-6,-3", 100)).containsExactly(new ByteRanges.Part(1, 2),
        new ByteRanges.Part(5, 6), new ByteRanges.Part(97, 99));
    // a range past the end among good ones is dropped; the others stand
    assertThat(parts("bytes=0-1,200-300", 100)).containsExactly(new ByteRanges.Part(0, 1));
  }

  @Test
  void nothingSatisfiableIs416() {
    for (String h : List.of("bytes=100-", "bytes=100-200", "bytes=-0", "bytes=150-,300-400")) {
      assertThat(ByteRanges.parse(h, 100)).as(h).isInstanceOf(ByteRanges.Unsatisfiable.class);
    }
    assertThat(ByteRanges.parse("bytes=0-0", 0)).isInstanceOf(ByteRanges.Unsatisfiable.class);
  }

  @Test
  void malformedOrAbsentHeadersMeanTheWholeFile() {
    for (String h : new String[] {null, "", "bytes=", "bytes=5-1", "bytes=a-", "bytes=1", "items=0-1",
        "bytes=--1", "bytes=1-2-3", "bytes=99999999999999999999-", "bytes=0-1,"}) {
      assertThat(ByteRanges.parse(h, 100)).as(String.valueOf(h)).isInstanceOf(ByteRanges.Whole.class);
    }
    StringBuilder many = new StringBuilder("bytes=0-0");
    for (int i = 1; i <= ByteRanges.MAX_RANGES; i++) {
      many.append(',').append(i).append('-').append(i);
    }
    assertThat(ByteRanges.parse(many.toString(), 1000)).isInstanceOf(ByteRanges.Whole.class);
  }
}
