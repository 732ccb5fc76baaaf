package org.dasgrid.webapp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A response body held in memory until it is complete or larger than {@code limit}, so that headers which
 * depend on the whole answer (timings, length) can still be set: {@code commit} is called once, with {@code
 * complete} true when the whole body is known, just before the first byte goes out; it returns the stream
 * to send to (possibly compressing). Larger answers are streamed from there on.
 */
final class TimedBody extends OutputStream {
  /** Sets headers and returns the stream for the body; {@code length} is -1 when streaming. */
  interface Commit {
    OutputStream commit(boolean complete, int length) throws IOException;
  }

  private final int limit;
  private final Commit commit;
  private ByteArrayOutputStream buffer;
  private OutputStream out;

  TimedBody(int limit, Commit commit) {
    this.limit = limit;
    this.commit = commit;
    this.buffer = new ByteArrayOutputStream(Math.min(limit, 8192));
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (out != null) {
      out.write(b, off, len);
      return;
    }
    if (buffer.size() + len <= limit) {
      buffer.write(b, off, len);
      return;
    }
    out = commit.commit(false, -1);
    buffer.writeTo(out);
    buffer = null;
    out.write(b, off, len);
  }

  /** Ends the body: commits with the whole body if nothing was sent yet, and closes the stream it sent to. */
  void finish() throws IOException {
    if (out == null) {
      out = commit.commit(true, buffer.size());
      buffer.writeTo(out);
      buffer = null;
    }
    out.close();
  }

  /** Leaves the socket open for the container; {@link #finish} ends the body. */
  @Override
  public void close() throws IOException {
    // the container closes the response stream
  }
}
