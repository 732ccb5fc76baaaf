package org.dasgrid.datasources.tabix;

import htsjdk.samtools.seekablestream.SeekableStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A seekable stream over a file channel shared by concurrent queries: each stream keeps its own position and
 * read-ahead buffer and reads with positional reads, which do not move the channel. The channel stays open
 * for the life of the source, so a data file replaced on disk (by a rename, as tools and deploys do) is still
 * read whole from the old copy until the reload has swapped the new one in.
 */
final class ChannelStream extends SeekableStream {
  private static final int BUFFER = 1 << 16;
  private final FileChannel channel;
  private final long length;
  private final String source;
  private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
  private long bufferStart;
  private long position;

  ChannelStream(FileChannel channel, long length, String source) {
    this.channel = channel;
    this.length = length;
    this.source = source;
    buffer.limit(0);
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public void seek(long to) {
    position = to;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) == 1 ? one[0] & 0xff : -1;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (position >= length) {
      return -1;
    }
    if (position < bufferStart || position >= bufferStart + buffer.limit()) {
      fill();
      if (buffer.limit() == 0) {
        return -1;
      }
    }
    int at = (int) (position - bufferStart);
    int n = Math.min(len, buffer.limit() - at);
    System.arraycopy(buffer.array(), at, b, off, n);
    position += n;
    return n;
  }

  private void fill() throws IOException {
    buffer.clear();
    bufferStart = position;
    while (buffer.hasRemaining()) {
      int n = channel.read(buffer, bufferStart + buffer.position());
      if (n < 0) {
        break;
      }
    }
    buffer.flip();
  }

  @Override
  public void close() {
    // the channel belongs to the source
  }

  @Override
  public boolean eof() {
    return position >= length;
  }

  @Override
  public String getSource() {
    return source;
  }
}
