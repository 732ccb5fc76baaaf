package org.dasgrid.datasources.io;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.dasgrid.core.source.SourceLoadException;

/**
 * A text file opened for loading: plain or gzip/bgzip (detected by magic number, not by name), with a count
 * of the file bytes consumed so progress can be reported against the file size.
 *
 * <p>A truncated gzip file (a copy cut short) would make {@link GZIPInputStream} throw somewhere inside a read
 * buffer, losing the line it was in. Instead, the end of the compressed data reads as the end of the text and
 * {@link #truncated()} turns true, so a loader can name the last, partial line: {@link #checkComplete}.
 */
public final class TextInput implements AutoCloseable {
  private static final int BUFFER = 1 << 16;
  private final Path file;
  private final CountingInputStream counted;
  private final InputStream decoded;
  private final TruncationGuard guard;
  private final boolean bgzf;
  /** Whether the text is decoded ahead of the reader on threads of its own ({@link #openParallel}). */
  private final boolean decodedAhead;

  private TextInput(Path file, CountingInputStream counted, InputStream decoded, TruncationGuard guard,
      boolean bgzf) {
    this(file, counted, decoded, guard, bgzf, false);
  }

  private TextInput(Path file, CountingInputStream counted, InputStream decoded, TruncationGuard guard,
      boolean bgzf, boolean decodedAhead) {
    this.decodedAhead = decodedAhead;
    this.file = file;
    this.counted = counted;
    this.decoded = decoded;
    this.guard = guard;
    this.bgzf = bgzf;
  }

  public static TextInput open(Path file) throws SourceLoadException {
    try {
      return open(file, Files.newInputStream(file));
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  /** Reads {@code in}, the content of {@code file} (e.g. from a channel the caller keeps open). */
  public static TextInput open(Path file, InputStream in) throws SourceLoadException {
    return open(file, in, null, 0);
  }

  /**
   * Opens {@code file} as {@link #open(Path)} does, except that BGZF (bgzip) input is inflated a batch of blocks
   * at a time on {@code threads} threads of its own with {@code inflater}, ahead of the reader: the same text,
   * the same truncation checks (the index builder, where inflating is most of the time).
   */
  public static TextInput openParallel(Path file, BlockInflater inflater, int threads) throws SourceLoadException {
    try {
      return open(file, Files.newInputStream(file), inflater, threads);
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  /**
   * Opens the BGZF (bgzip) {@code file} at {@code virtualOffset} (a tabix or CSI index's position of a record: the
   * compressed offset of its block times 2^16 plus the offset in the block's text), inflated as {@link
   * #openParallel} does: the text from that record on. {@link #bytesRead} counts from the block. For the builder's
   * ranges of one VCF (see {@code VcfRanges}).
   */
  public static TextInput openParallelAt(Path file, long virtualOffset, BlockInflater inflater, int threads)
      throws SourceLoadException {
    long block = virtualOffset >>> 16;
    int inBlock = (int) (virtualOffset & 0xFFFF);
    try {
      java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file);
      TextInput input;
      try {
        channel.position(block);
        input = open(file, java.nio.channels.Channels.newInputStream(channel), inflater, threads);
      } catch (SourceLoadException | RuntimeException e) {
        channel.close();
        throw e;
      }
      if (!input.decodedAhead) {
        input.close();
        throw SourceLoadException.badFile(file, "no BGZF block at offset " + block + ": not a bgzip file?");
      }
      input.decoded.skipNBytes(inBlock);
      return input;
    } catch (EOFException e) {
      throw SourceLoadException.badFile(file, "offset " + virtualOffset + " lies past the end of its block");
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  private static TextInput open(Path file, InputStream in, BlockInflater inflater, int threads)
      throws SourceLoadException {
    try {
      // peek before counting, so the bytes read for progress end at the file size exactly
      BufferedInputStream raw = new BufferedInputStream(in, BUFFER);
      raw.mark(18);
      byte[] head = raw.readNBytes(18);
      raw.reset();
      CountingInputStream counted = new CountingInputStream(raw);
      if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
        // BGZF (bgzip): a gzip member with the extra subfield 'BC' (SAM spec, section 4.1)
        boolean bgzf = head.length == 18 && (head[3] & 4) != 0 && head[12] == 'B' && head[13] == 'C';
        if (bgzf && inflater != null) {
          TruncationGuard guard =
              new TruncationGuard(new BgzfInputStream(counted, String.valueOf(file.getFileName()), inflater, threads));
          return new TextInput(file, counted, guard, guard, true, true);
        }
        // GZIPInputStream reads concatenated members, which is what bgzip writes
        TruncationGuard guard = new TruncationGuard(new GZIPInputStream(counted, BUFFER));
        return new TextInput(file, counted, new BufferedInputStream(guard, BUFFER), guard, bgzf);
      }
      return new TextInput(file, counted, counted, null, false);
    } catch (ZipException | EOFException e) {
      throw SourceLoadException.badFile(file, "not a valid gzip file (" + e.getMessage() + ")");
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  /** Whether the text is decoded ahead of the reader already: no need for a {@link ReadAheadInputStream}. */
  public boolean decodedAhead() {
    return decodedAhead;
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

  /** Whether the compressed data ended before the gzip stream did: the file was cut short. */
  public boolean truncated() {
    return guard != null && guard.truncated;
  }

  /**
   * Fails with file and line when the input was truncated; {@code lastLine} is the number of the last line
   * read, which is then the partial one.
   */
  public void checkComplete(long lastLine) throws SourceLoadException {
    if (truncated()) {
      throw SourceLoadException.badRecord(file, Math.max(1, lastLine),
          "truncated gzip data: the file ends in the middle of compressed data (an incomplete copy?)");
    }
    if (bgzf && !hasBgzfTerminator()) {
      // cut between two BGZF blocks: every block is whole, only the end-of-file marker block is missing
      throw SourceLoadException.badRecord(file, Math.max(1, lastLine),
          "truncated bgzip file: the end-of-file marker block is missing (an incomplete copy?)");
    }
  }

  private boolean hasBgzfTerminator() throws SourceLoadException {
    try {
      return htsjdk.samtools.util.BlockCompressedInputStream.checkTermination(file)
          == htsjdk.samtools.util.BlockCompressedInputStream.FileTermination.HAS_TERMINATOR_BLOCK;
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "cannot read: " + e.getMessage());
    }
  }

  /** A one-line description of a read failure, for a load error. */
  public static String describe(IOException e) {
    if (e instanceof ZipException) {
      return "corrupt gzip data (" + e.getMessage() + ")";
    }
    if (e instanceof EOFException) {
      return "truncated compressed data";
    }
    return "read failed: " + e.getMessage();
  }

  @Override
  public void close() throws IOException {
    decoded.close();
  }

  /** Turns the end of a cut-short gzip stream into an end of input, remembering that it happened. */
  private static final class TruncationGuard extends FilterInputStream {
    boolean truncated;

    TruncationGuard(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      if (truncated) {
        return -1;
      }
      try {
        return super.read();
      } catch (EOFException e) {
        truncated = true;
        return -1;
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (truncated) {
        return -1;
      }
      try {
        return super.read(b, off, len);
      } catch (EOFException e) {
        truncated = true;
        return -1;
      }
    }
  }
}
