package org.dasgrid.perf.cohort;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import htsjdk.tribble.Feature;
import htsjdk.tribble.index.tabix.TabixFormat;
import htsjdk.tribble.index.tabix.TabixIndexCreator;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a bgzipped VCF and its tabix index ({@code .tbi}). {@link Compressor#JAVA} (the default): htsjdk's
 * BlockCompressedOutputStream, one thread, indexing each record as it is written (htsjdk's TabixIndexCreator, at
 * the stream's virtual offset), so the file is never read again. {@link Compressor#BGZIP}: the text is piped to
 * {@code bgzip -@ THREADS -l LEVEL -c} (htslib's libdeflate on threads of its own), then indexed by {@code tabix
 * -p vcf}, which reads it all again. Measured at 100,000 samples (docs/bench-log/2026-12-02-biobank-gen.md): the
 * Java path is the faster; bgzip writes smaller files. Written under {@code NAME.part}, renamed when complete
 * (so a stopped run leaves no file that looks finished). The same text and settings give the same bytes.
 */
final class BgzipFile implements AutoCloseable {
  enum Compressor { JAVA, BGZIP }

  /** A record's span for the index: 1-based, inclusive. */
  private record Span(String getContig, int getStart, int getEnd) implements Feature {}

  private final Path target;
  private final Path part;
  private final OutputStream out;
  /** JAVA only. */
  private final BlockCompressedOutputStream bgzf;
  private final TabixIndexCreator index;
  /** BGZIP only. */
  private final Process bgzip;
  private boolean finished;

  private BgzipFile(Path target, Compressor compressor, int level, int threads) throws IOException {
    this.target = target;
    this.part = target.resolveSibling(target.getFileName() + ".part");
    Files.deleteIfExists(tbi(target));
    if (compressor == Compressor.JAVA) {
      bgzf = new BlockCompressedOutputStream(part.toFile(), level);
      index = new TabixIndexCreator(TabixFormat.VCF);
      bgzip = null;
      out = bgzf;
    } else {
      bgzf = null;
      index = null;
      bgzip = new ProcessBuilder("bgzip", "-@", String.valueOf(threads), "-l", String.valueOf(level), "-c")
          .redirectOutput(part.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      out = new BufferedOutputStream(bgzip.getOutputStream(), 1 << 20);
    }
  }

  static BgzipFile open(Path target, Compressor compressor, int level, int threads) throws IOException {
    return new BgzipFile(target, compressor, level, threads);
  }

  static Path tbi(Path vcf) {
    return vcf.resolveSibling(vcf.getFileName() + ".tbi");
  }

  /** Where the text goes: the header, then each record after {@link #record}. */
  OutputStream out() {
    return out;
  }

  /** Announces the record about to be written: {@code contig:start-end}, 1-based inclusive (POS and REF's end). */
  void record(String contig, int start, int end) {
    if (index != null) {
      index.addFeature(new Span(contig, start, end), bgzf.getFilePointer());
    }
  }

  /** Completes the file and its index. */
  void finish() throws IOException, InterruptedException {
    if (bgzf != null) {
      var tabix = index.finalizeIndex(bgzf.getFilePointer());
      bgzf.close();
      Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
      tabix.write(tbi(target));
    } else {
      out.close();
      if (bgzip.waitFor() != 0) {
        throw new IOException("bgzip exited with " + bgzip.exitValue() + " writing " + part);
      }
      Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
      Process p = new ProcessBuilder("tabix", "-f", "-p", "vcf", target.toString()).inheritIO().start();
      if (p.waitFor() != 0) {
        throw new IOException("tabix -p vcf " + target + " exited with " + p.exitValue());
      }
    }
    finished = true;
  }

  /** After a failure: stops bgzip and removes the partial file. */
  @Override
  public void close() throws IOException {
    if (!finished) {
      if (bgzip != null) {
        bgzip.destroy();
      }
      try {
        out.close();
      } catch (IOException e) {
        // the partial file goes anyway
      }
      Files.deleteIfExists(part);
    }
  }
}
