package org.dasgrid.datasources.export;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import htsjdk.samtools.util.BlockCompressedStreamConstants;
import htsjdk.tribble.SimpleFeature;
import htsjdk.tribble.index.tabix.TabixFormat;
import htsjdk.tribble.index.tabix.TabixIndexCreator;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.dasgrid.core.error.RequestException;

/**
 * A VCF source's file (plain, gzip or bgzip) as it is, bgzipped so that htsget can hand out whole BGZF blocks:
 * the header fills blocks of its own, and every block starts at the start of a record line (a line that does not
 * fit in the rest of a block starts a new one), so any run of blocks is a run of whole records. Written with its
 * tabix index and a third file holding the header blocks' compressed length. The records must be sorted
 * (contigs contiguous, positions ascending), as tabix needs; an unsorted file is refused with its line.
 */
final class VcfBlocksExport {
  private static final int BLOCK = BlockCompressedStreamConstants.DEFAULT_UNCOMPRESSED_BLOCK_SIZE;

  private VcfBlocksExport() {}

  static void write(Path vcf, Path gz, Path tbi, Path headerLength) throws IOException {
    TabixIndexCreator indexer = new TabixIndexCreator(TabixFormat.VCF);
    long headerEnd;
    try (BufferedReader in = reader(vcf);
        BlockCompressedOutputStream out = new BlockCompressedOutputStream(gz.toFile(), 6)) {
      headerEnd = copy(in, out, indexer, vcf);
      indexer.finalizeIndex(out.getFilePointer()).write(tbi);
    }
    Files.writeString(headerLength, Long.toString(headerEnd));
  }

  /** Copies header then records; returns the header's compressed length. */
  private static long copy(BufferedReader in, BlockCompressedOutputStream out, TabixIndexCreator indexer,
      Path source) throws IOException {
    String line;
    long n = 0;
    boolean inHeader = true;
    long headerEnd = 0;
    String contig = null;
    int lastPos = 0;
    Set<String> done = new HashSet<>();
    while ((line = in.readLine()) != null) {
      n++;
      if (line.isEmpty()) {
        continue;
      }
      byte[] bytes = (line + "\n").getBytes(StandardCharsets.ISO_8859_1);
      if (line.charAt(0) == '#') {
        if (inHeader) {
          out.write(bytes);
        }
        continue;
      }
      if (inHeader) {
        // the header gets blocks of its own, so it can be sent apart from any records
        out.flush();
        headerEnd = out.getFilePointer() >>> 16;
        inHeader = false;
      }
      String[] f = line.split("\t", 9);
      if (f.length < 8) {
        throw RequestException.unavailable("%s:%d: a VCF record needs 8 columns", source.getFileName(), n);
      }
      int pos;
      try {
        pos = Integer.parseInt(f[1]);
      } catch (NumberFormatException e) {
        throw RequestException.unavailable("%s:%d: bad POS '%s'", source.getFileName(), n, f[1]);
      }
      if (!f[0].equals(contig)) {
        if (!done.add(f[0])) {
          throw RequestException.unavailable("%s:%d: not sorted (contig %s comes back), so it cannot be "
              + "indexed for htsget", source.getFileName(), n, f[0]);
        }
        contig = f[0];
        lastPos = 0;
      } else if (pos < lastPos) {
        throw RequestException.unavailable("%s:%d: not sorted by position, so it cannot be indexed for htsget",
            source.getFileName(), n);
      }
      lastPos = pos;
      int inBlock = (int) (out.getFilePointer() & 0xFFFF);
      if (inBlock > 0 && inBlock + bytes.length > BLOCK) {
        out.flush(); // a record never starts inside a block it does not fit in
      }
      indexer.addFeature(new SimpleFeature(f[0], pos, VcfEnd.of(pos, f[3], f[7])), out.getFilePointer());
      out.write(bytes);
      if (bytes.length > BLOCK) {
        out.flush(); // nor does one start in the last block of a record longer than a block
      }
    }
    if (inHeader) {
      out.flush();
      headerEnd = out.getFilePointer() >>> 16;
    }
    return headerEnd;
  }

  /** Lines of a plain, gzip or bgzip file, bytes kept as they are (ISO-8859-1). */
  private static BufferedReader reader(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    in.mark(2);
    int b1 = in.read();
    int b2 = in.read();
    in.reset();
    if (b1 == 0x1f && b2 == 0x8b) {
      // GZIPInputStream reads every member, so bgzip's concatenated blocks too
      in = new GZIPInputStream(in, 1 << 16);
    }
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.ISO_8859_1), 1 << 16);
  }
}
