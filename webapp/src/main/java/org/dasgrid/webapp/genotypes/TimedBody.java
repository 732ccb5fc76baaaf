package org.dasgrid.webapp.genotypes;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A response body held in memory until it is complete or larger than {@code limit}, so that headers which
 * depend on the whole answer (timings, length) can still be set: {@code commit} is called once, with {@code
 * complete} true when the whole body is known, just before the first byte goes out; it returns the stream
 * to send to (possibly compressing). Larger answers are streamed from there on; a limit of 0 streams from
 * the first byte. The held bytes are kept in chunks, so holding an answer copies it once: the first is the size
 * of the first write (a small answer arrives whole, in one write of the writer's buffer, and is then held in
 * one array of its own size: issue 17 measured 20–50 KB allocated per small genotype request, most of it an
 * 8 KB first chunk, or 8 + 16 KB, for answers of 0.1–10 KB, and every allocated byte brings the next collection
 * and its safepoints nearer), the next ones 8 KB, then doubling up to 64 KB.
 */
final class TimedBody extends OutputStream {
  private static final int FIRST_CHUNK = 8 * 1024;
  private static final int MAX_CHUNK = 64 * 1024;

  /** Sets headers and returns the stream for the body; {@code length} is -1 when streaming. */
  interface Commit {
    OutputStream commit(boolean complete, int length) throws IOException;
  }

  private final int limit;
  private final Commit commit;
  private final List<byte[]> chunks = new ArrayList<>();
  private int held; // bytes in chunks
  private int free; // unused bytes at the end of the last chunk
  private OutputStream out;

  TimedBody(int limit, Commit commit) {
    this.limit = limit;
    this.commit = commit;
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
    if (held + len <= limit) {
      hold(b, off, len);
      return;
    }
    out = commit.commit(false, -1);
    sendHeld();
    out.write(b, off, len);
  }

  private void hold(byte[] b, int off, int len) {
    while (len > 0) {
      if (free == 0) {
        int size = chunks.isEmpty() ? len
            : Math.max(FIRST_CHUNK, Math.min(MAX_CHUNK, 2 * chunks.get(chunks.size() - 1).length));
        chunks.add(new byte[size]);
        free = size;
      }
      byte[] last = chunks.get(chunks.size() - 1);
      int n = Math.min(len, free);
      System.arraycopy(b, off, last, last.length - free, n);
      free -= n;
      off += n;
      len -= n;
      held += n;
    }
  }

  private void sendHeld() throws IOException {
    for (int i = 0; i < chunks.size(); i++) {
      byte[] c = chunks.get(i);
      out.write(c, 0, i == chunks.size() - 1 ? c.length - free : c.length);
    }
    chunks.clear();
  }

  /** Ends the body: commits with the whole body if nothing was sent yet, and closes the stream it sent to. */
  void finish() throws IOException {
    if (out == null) {
      out = commit.commit(true, held);
      sendHeld();
    }
    out.close();
  }

  /** Leaves the socket open for the container; {@link #finish} ends the body. */
  @Override
  public void close() throws IOException {
    // the container closes the response stream
  }
}
