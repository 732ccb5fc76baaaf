package org.dasgrid.core.ga4gh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.source.SequenceDigests;
import org.junit.jupiter.api.Test;

class SequenceRangeTest {
  private static final SequenceDigests.Digest LINEAR = new SequenceDigests.Digest("I", 100, "m", "SQ.x", "t", false);
  private static final SequenceDigests.Digest CIRCULAR = new SequenceDigests.Digest("C", 100, "m", "SQ.x", "t", true);

  @Test
  void startAndEndAreZeroBasedHalfOpen() {
    SequenceRange r = SequenceRange.parse("10", "20", null, LINEAR);
    assertThat(r.start()).isEqualTo(10);
    assertThat(r.end()).isEqualTo(20);
    assertThat(r.length()).isEqualTo(10);
    assertThat(r.byRange()).isFalse();
    assertThat(SequenceRange.parse(null, null, null, LINEAR).isWhole()).isTrue();
    assertThat(SequenceRange.parse("5", "5", null, LINEAR).length()).isZero();
  }

  @Test
  void rangeHeaderIsInclusiveAndClampedAtTheEnd() {
    SequenceRange r = SequenceRange.parse(null, null, "bytes=5-14", LINEAR);
    assertThat(r.start()).isEqualTo(5);
    assertThat(r.end()).isEqualTo(15);
    assertThat(r.byRange()).isTrue();
    assertThat(SequenceRange.parse(null, null, "bytes=90-500", LINEAR).end()).isEqualTo(100);
    assertThat(SequenceRange.parse(null, null, "bytes=90-", LINEAR).length()).isEqualTo(10);
  }

  @Test
  void circularSequencesWrap() {
    SequenceRange r = SequenceRange.parse("95", "3", null, CIRCULAR);
    assertThat(r.wraps()).isTrue();
    assertThat(r.length()).isEqualTo(8);
    assertKind(() -> SequenceRange.parse("95", "3", null, LINEAR), ErrorKind.OUT_OF_RANGE);
  }

  @Test
  void errorsFollowTheSpec() {
    assertKind(() -> SequenceRange.parse("x", null, null, LINEAR), ErrorKind.BAD_ARGUMENT);
    assertKind(() -> SequenceRange.parse("4294967296", null, null, LINEAR), ErrorKind.BAD_ARGUMENT);
    assertKind(() -> SequenceRange.parse("101", null, null, LINEAR), ErrorKind.BAD_ARGUMENT);
    assertKind(() -> SequenceRange.parse("100", "100", null, LINEAR), ErrorKind.OUT_OF_RANGE);
    assertKind(() -> SequenceRange.parse("0", "101", null, LINEAR), ErrorKind.OUT_OF_RANGE);
    assertKind(() -> SequenceRange.parse("1", null, "bytes=1-2", LINEAR), ErrorKind.BAD_ARGUMENT);
    assertKind(() -> SequenceRange.parse(null, null, "bytes=100-101", LINEAR), ErrorKind.OUT_OF_RANGE);
    assertKind(() -> SequenceRange.parse(null, null, "bytes=9-8", LINEAR), ErrorKind.OUT_OF_RANGE);
    assertKind(() -> SequenceRange.parse(null, null, "bytes=-5", LINEAR), ErrorKind.BAD_ARGUMENT);
    assertKind(() -> SequenceRange.parse(null, null, "bytes=1-2,4-5", LINEAR), ErrorKind.UNSUPPORTED);
    assertThat(RefgetStatus.of(ErrorKind.OUT_OF_RANGE)).isEqualTo(416);
    assertThat(RefgetStatus.of(ErrorKind.UNSUPPORTED)).isEqualTo(501);
    assertThat(RefgetStatus.of(ErrorKind.NOT_FOUND)).isEqualTo(404);
  }

  @Test
  void checksumsAreRecognisedWithOrWithoutNamespace() {
    assertThat(SequenceResolver.checksum("6681AC2F62509CFC220D78751B8DC524")).contains("6681ac2f62509cfc220d78751b8dc524");
    assertThat(SequenceResolver.checksum("md5:6681ac2f62509cfc220d78751b8dc524")).isPresent();
    assertThat(SequenceResolver.checksum("ga4gh:SQ.aKF498dAxcJAqme6QYQ7EZ07-fiw8Kw2"))
        .contains("SQ.aKF498dAxcJAqme6QYQ7EZ07-fiw8Kw2");
    assertThat(SequenceResolver.checksum("md5:SQ.aKF498dAxcJAqme6QYQ7EZ07-fiw8Kw2")).isEmpty();
    assertThat(SequenceResolver.checksum("insdc:BK006935.2")).isEmpty();
  }

  private static void assertKind(Runnable r, ErrorKind kind) {
    assertThatThrownBy(r::run).isInstanceOf(RequestException.class)
        .extracting(e -> ((RequestException) e).kind()).isEqualTo(kind);
  }
}
