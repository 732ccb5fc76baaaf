package org.dasgrid.core.render;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * A {@link Writer} that encodes each chunk it is given to UTF-8 with {@link String#getBytes}, for the XML
 * writer to write through. The JDK's String code does it in a few vectorized passes when the text is
 * ASCII (nearly all of an annotation file), where a character-at-a-time encoder (Woodstox's own, or an
 * {@code OutputStreamWriter}'s) branches on every character: the encoding was ~30 % of a large features
 * document's CPU. A high surrogate ending a chunk waits for the low one starting the next, so a character
 * outside the BMP is never split. The caller buffers the stream; {@link #flush} flushes it.
 */
final class Utf8ChunkWriter extends Writer {
  private final OutputStream out;
  /** A high surrogate held back from the end of the last chunk, or 0. */
  private char pendingHigh;

  Utf8ChunkWriter(OutputStream out) {
    this.out = out;
  }

  @Override
  public void write(char[] chars, int off, int len) throws IOException {
    if (len <= 0) {
      return;
    }
    String s = pendingHigh == 0 ? new String(chars, off, len) : pendingHigh + new String(chars, off, len);
    writeHoldingLastHigh(s);
  }

  @Override
  public void write(String str, int off, int len) throws IOException {
    if (len <= 0) {
      return;
    }
    String s = str.substring(off, off + len);
    writeHoldingLastHigh(pendingHigh == 0 ? s : pendingHigh + s);
  }

  @Override
  public void write(int c) throws IOException {
    write(new char[] {(char) c}, 0, 1);
  }

  private void writeHoldingLastHigh(String s) throws IOException {
    int end = s.length();
    char last = s.charAt(end - 1);
    if (Character.isHighSurrogate(last)) {
      pendingHigh = last;
      end--;
    } else {
      pendingHigh = 0;
    }
    out.write((end == s.length() ? s : s.substring(0, end)).getBytes(StandardCharsets.UTF_8));
  }

  /** Flushes the stream (a high surrogate still waiting stays: only its low half can complete it). */
  @Override
  public void flush() throws IOException {
    out.flush();
  }

  /** Ends the text: a lone high surrogate left over is written as UTF-8 writes one ({@code ?}). */
  @Override
  public void close() throws IOException {
    if (pendingHigh != 0) {
      out.write(String.valueOf(pendingHigh).getBytes(StandardCharsets.UTF_8));
      pendingHigh = 0;
    }
    out.flush();
  }
}
