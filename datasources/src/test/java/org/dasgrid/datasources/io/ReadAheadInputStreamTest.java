package org.dasgrid.datasources.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReadAheadInputStreamTest {
  @Test
  void deliversTheSameBytes() throws IOException {
    byte[] data = new byte[1_000_003];
    new Random(1).nextBytes(data);
    try (ReadAheadInputStream in = new ReadAheadInputStream(new ByteArrayInputStream(data), 4096, 3)) {
      assertThat(in.readAllBytes()).isEqualTo(data);
      assertThat(in.read()).isEqualTo(-1);
    }
  }

  @Test
  void reportsTheSourceStreamsErrorToTheReader() {
    InputStream failing = new InputStream() {
      int n;

      @Override
      public int read() throws IOException {
        if (n++ > 10_000) {
          throw new IOException("disk on fire");
        }
        return 'a';
      }
    };
    ReadAheadInputStream in = new ReadAheadInputStream(failing, 1024, 2);
    assertThatThrownBy(in::readAllBytes).isInstanceOf(IOException.class).hasMessage("disk on fire");
    in.close();
  }

  @Test
  void reportsAnErrorOfTheReaderThreadInsteadOfWaitingForever() {
    // an OutOfMemoryError in the read-ahead thread once left the consumer blocked on its queue for good
    InputStream failing = new InputStream() {
      @Override
      public int read() {
        throw new OutOfMemoryError("Java heap space (test)");
      }

      @Override
      public int read(byte[] b, int off, int len) {
        throw new OutOfMemoryError("Java heap space (test)");
      }
    };
    ReadAheadInputStream in = new ReadAheadInputStream(failing, 1024, 2);
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
        () -> assertThatThrownBy(in::readAllBytes).isInstanceOf(OutOfMemoryError.class)
            .hasMessageContaining("(test)"));
    in.close();
  }
}
