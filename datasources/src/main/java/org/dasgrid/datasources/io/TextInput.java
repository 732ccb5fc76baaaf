package org.dasgrid.datasources.io;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.dasgrid.core.source.SourceLoadException;

/**
 * A text file opened for loading: plain or gzip/bgzip (detected by magic number, not by name), with a count
 * of the file bytes consumed so progress can be reported against the file size.
 */
public final class TextInput implements AutoCloseable {
  private static final int BUFFER = 1 << 16;
  private final CountingInputStream counted;
  private final InputStream decoded;

  private TextInput(CountingInputStream counted, InputStream decoded) {
    this.counted = counted;
    this.decoded = decoded;
  }

  public static TextInput open(Path file) throws SourceLoadException {
    try {
      BufferedInputStream raw = new BufferedInputStream(Files.newInputStream(file), BUFFER);
      raw.mark(2);
      int b1 = raw.read();
      int b2 = raw.read();
      raw.reset();
      CountingInputStream counted = new CountingInputStream(raw);
      InputStream decoded = counted;
      if (b1 == 0x1f && b2 == 0x8b) {
        // GZIPInputStream reads concatenated members, which is what bgzip writes
        decoded = new BufferedInputStream(new GZIPInputStream(counted, BUFFER), BUFFER);
      }
      return new TextInput(counted, decoded);
    } catch (java.util.zip.ZipException e) {
      throw SourceLoadException.badFile(file, "not a valid gzip file (" + e.getMessage() + ")");
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  /** The decoded content as bytes. */
  public InputStream stream() {
    return decoded;
  }

  /** The decoded content as UTF-8 lines. */
  public BufferedReader reader() {
    return new BufferedReader(new InputStreamReader(decoded, StandardCharsets.UTF_8), BUFFER);
  }

  /** File bytes consumed so far (compressed bytes for gzip input). */
  public long bytesRead() {
    return counted.count();
  }

  @Override
  public void close() throws IOException {
    decoded.close();
  }
}
