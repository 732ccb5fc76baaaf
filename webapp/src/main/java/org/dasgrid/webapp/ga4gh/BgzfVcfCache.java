package org.dasgrid.webapp.ga4gh;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import htsjdk.samtools.util.BlockCompressedStreamConstants;
import htsjdk.tribble.SimpleFeature;
import htsjdk.tribble.index.tabix.TabixFormat;
import htsjdk.tribble.index.tabix.TabixIndex;
import htsjdk.tribble.index.tabix.TabixIndexCreator;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;

/**
 * The bgzipped, tabix-indexed copies of the VCF sources htsget serves, one per source file and version, kept
 * on disk in a folder ({@code dasgrid.htsgetCache}, by default {@code dasgrid-htsget} in the temp directory)
 * and written on the first request for a version (a later start reuses them). Works the same for in-memory
 * VCF sources ({@code format: vcf}: plain, gzip or bgzip) and tabix-backed ones: the records are copied as
 * they are, laid out in blocks that start at record starts (see {@link BgzfVcf}).
 */
final class BgzfVcfCache {
  private static final System.Logger LOG = System.getLogger(BgzfVcfCache.class.getName());
  private static final Pattern KEY = Pattern.compile("[0-9a-f]{24}");
  private static final int BLOCK = BlockCompressedStreamConstants.DEFAULT_UNCOMPRESSED_BLOCK_SIZE;

  private final Path dir;
  private final ConcurrentHashMap<String, CompletableFuture<BgzfVcf>> copies = new ConcurrentHashMap<>();

  BgzfVcfCache(Path dir) {
    this.dir = dir;
  }

  /** The folder from {@code -Ddasgrid.htsgetCache}, or one in the temp directory. */
  static Path defaultDir() {
    String configured = System.getProperty("dasgrid.htsgetCache");
    return configured != null && !configured.isBlank() ? Path.of(configured)
        : Path.of(System.getProperty("java.io.tmpdir"), "dasgrid-htsget");
  }

  /**
   * The most compressed bytes one ticket URL asks for, from {@code -Ddasgrid.htsgetUrlBytes} (default 8 MiB):
   * a larger slice is cut into several URLs.
   */
  static long urlBytes() {
    String configured = System.getProperty("dasgrid.htsgetUrlBytes");
    if (configured == null || configured.isBlank()) {
      return 8L << 20;
    }
    try {
      return Math.max(1, Long.parseLong(configured.trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("dasgrid.htsgetUrlBytes must be a number of bytes: " + configured, e);
    }
  }

  /** Whether htsget serves this source: a VCF, in memory or tabix-indexed. */
  static boolean isVcf(LoadedSource s) {
    String format = s.config().format();
    String name = s.config().path().getFileName().toString().toLowerCase(Locale.ROOT);
    return format.equals("vcf")
        || format.equals("tabix") && (name.endsWith(".vcf.gz") || name.endsWith(".vcf.bgz"));
  }

  /** The copy of this version of the source, written now if it is not on disk yet (others asking wait). */
  BgzfVcf of(LoadedSource s) {
    String name = s.id() + "-" + key(s);
    CompletableFuture<BgzfVcf> mine = new CompletableFuture<>();
    CompletableFuture<BgzfVcf> existing = copies.putIfAbsent(name, mine);
    if (existing != null) {
      return join(existing);
    }
    try {
      mine.complete(openOrWrite(s, key(s)));
    } catch (RuntimeException | IOException e) {
      copies.remove(name, mine); // the next request tries again
      mine.completeExceptionally(e);
    }
    return join(mine);
  }

  /** A copy named in a block URL, if it exists (an older version stays readable for tickets already given). */
  Optional<Path> file(String sourceId, String key) {
    if (!KEY.matcher(key).matches()) {
      return Optional.empty();
    }
    Path p = dir.resolve(sourceId + "-" + key + ".vcf.gz");
    return Files.isRegularFile(dir.resolve(sourceId + "-" + key + ".hdr")) ? Optional.of(p) : Optional.empty();
  }

  private static BgzfVcf join(CompletableFuture<BgzfVcf> f) {
    try {
      return f.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RequestException r) {
        throw r;
      }
      if (e.getCause() instanceof IOException io) {
        throw new UncheckedIOException(io);
      }
      throw e;
    }
  }

  /** 24 hex digits of the SHA-256 of the source's file and version. */
  static String key(LoadedSource s) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(s.config().path().toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
      md.update((byte) 0);
      md.update(s.version().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(md.digest(), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private BgzfVcf openOrWrite(LoadedSource s, String key) throws IOException {
    Path vcf = dir.resolve(s.id() + "-" + key + ".vcf.gz");
    Path tbi = dir.resolve(s.id() + "-" + key + ".vcf.gz.tbi");
    Path hdr = dir.resolve(s.id() + "-" + key + ".hdr");
    if (!Files.isRegularFile(hdr)) {
      write(s, vcf, tbi, hdr);
    }
    long headerLength = Long.parseLong(Files.readString(hdr).trim());
    byte[] header;
    try (InputStream in = Files.newInputStream(vcf)) {
      header = in.readNBytes((int) headerLength);
    }
    long length = Files.size(vcf);
    return new BgzfVcf(vcf, key, header, new TabixIndex(tbi), length,
        BgzfVcf.blockStarts(vcf, headerLength, length - BgzfVcf.EOF.length));
  }

  /** Writes the copy and its index under temporary names, then moves them in place, the marker last. */
  private void write(LoadedSource s, Path vcf, Path tbi, Path hdr) throws IOException {
    Files.createDirectories(dir);
    Path source = s.config().path();
    long started = System.nanoTime();
    LOG.log(System.Logger.Level.INFO, "htsget: writing a bgzipped, indexed copy of " + s.id() + " to " + vcf);
    Path tmpVcf = Files.createTempFile(dir, ".copy", ".vcf.gz");
    Path tmpTbi = Files.createTempFile(dir, ".copy", ".tbi");
    Path tmpHdr = Files.createTempFile(dir, ".copy", ".hdr");
    try {
      TabixIndexCreator indexer = new TabixIndexCreator(TabixFormat.VCF);
      long headerEnd;
      try (BufferedReader in = reader(source);
          BlockCompressedOutputStream out = new BlockCompressedOutputStream(tmpVcf.toFile(), 6)) {
        headerEnd = copy(in, out, indexer, source);
        indexer.finalizeIndex(out.getFilePointer()).write(tmpTbi);
      }
      Files.writeString(tmpHdr, Long.toString(headerEnd));
      Files.move(tmpVcf, vcf, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      Files.move(tmpTbi, tbi, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      Files.move(tmpHdr, hdr, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      LOG.log(System.Logger.Level.INFO, String.format(Locale.ROOT, "htsget: %s copied in %.1f s", s.id(),
          (System.nanoTime() - started) / 1e9));
    } finally {
      Files.deleteIfExists(tmpVcf);
      Files.deleteIfExists(tmpTbi);
      Files.deleteIfExists(tmpHdr);
    }
  }

  /**
   * Copies header then records; returns the header's compressed length. Records must be sorted (contigs
   * contiguous, positions ascending), as tabix needs; an unsorted file is refused with its line.
   */
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
      indexer.addFeature(new SimpleFeature(f[0], pos, end(pos, f[3], f[7])), out.getFilePointer());
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

  /** The last base a record covers, as tabix counts it: the REF's length, or INFO END when larger. */
  static int end(int pos, String ref, String info) {
    int end = pos + Math.max(1, ref.length()) - 1;
    int at = info.startsWith("END=") ? 0 : info.indexOf(";END=");
    if (at >= 0) {
      int from = at == 0 ? 4 : at + 5;
      int to = from;
      while (to < info.length() && Character.isDigit(info.charAt(to))) {
        to++;
      }
      if (to > from && to - from < 10) {
        end = Math.max(end, Integer.parseInt(info.substring(from, to)));
      }
    }
    return end;
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
