package org.dasgrid.datasources.vcf;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.BlockInflater;

/**
 * A genotype index made of pieces (contract section 10): a folder holding one index file per piece (each an
 * ordinary {@code .dgi}, built from one VCF and checked against it like a single index) and {@code set.json},
 * which lists the pieces in order with the VCF each was built from (by file name) and the contigs it holds
 * records of. A source whose {@code path:} lists several VCFs is served from such a folder; every contig is in
 * one piece, and the pieces' samples are the same.
 *
 * <p>Why a folder of ordinary index files rather than one file: the pieces are built at once, each by its own
 * streaming build on its own core, and none ever has to be merged or rewritten; each keeps its own pools, so
 * the inline-set addressing limit of one file (1 GiB) applies per piece, not per source; and a piece that is
 * damaged or stale is named as the file it is.
 */
public final class GenotypeIndexSet {
  /** The list of pieces in the folder. */
  public static final String MANIFEST = "set.json";
  private static final int FORMAT = 1;
  private static final ObjectMapper JSON = new ObjectMapper();

  private GenotypeIndexSet() {}

  /**
   * One piece: its index file (in the folder), the VCF it was built from (file name), the contigs it holds every
   * record of, and the runs of positions it holds of contigs cut into several pieces.
   */
  public record Piece(String file, String vcf, List<String> contigs, List<Chunk> chunks) {
    public Piece {
      contigs = List.copyOf(contigs);
      chunks = chunks == null ? List.of() : List.copyOf(chunks);
    }
  }

  /** The records of {@code contig} at positions {@code from} to {@code to} (a run of a contig cut into pieces). */
  public record Chunk(String contig, int from, int to) {}

  private record Manifest(@JsonProperty("format") int format, @JsonProperty("pieces") List<Piece> pieces) {}

  /** Whether {@code index} is a set (a folder) rather than one index file. */
  public static boolean isSet(Path index) {
    return Files.isDirectory(index);
  }

  /** The pieces of the set in {@code dir}, as its {@code set.json} lists them. */
  public static List<Piece> read(Path dir) throws SourceLoadException {
    Path manifest = dir.resolve(MANIFEST);
    if (!Files.isRegularFile(manifest)) {
      throw SourceLoadException.badFile(dir, "not a genotype index set: no " + MANIFEST
          + " (an incomplete build? run index again)");
    }
    try {
      Manifest m = JSON.readValue(manifest.toFile(), Manifest.class);
      if (m.format() != FORMAT) {
        throw SourceLoadException.badFile(manifest, "format " + m.format() + ", this server reads " + FORMAT
            + ": rebuild the index");
      }
      if (m.pieces() == null || m.pieces().isEmpty()) {
        throw SourceLoadException.badFile(manifest, "lists no pieces");
      }
      return m.pieces();
    } catch (IOException e) {
      throw SourceLoadException.badFile(manifest, "unreadable: " + e.getMessage());
    }
  }

  /**
   * What {@link #build} made: the pieces' figures added, the folder's bytes, the pieces, and notes for the user
   * (a VCF that could have been read on several cores but was not, and why).
   */
  public record Result(GenotypeStats stats, long indexBytes, List<Piece> pieces, List<String> notes) {
    public Result {
      notes = List.copyOf(notes);
    }
  }

  /**
   * Builds the set of {@code vcfs} into the folder {@code out}: each VCF's piece built at once, up to {@code
   * threads} at a time (each inflating with its share of the threads), in {@code out.partial}, renamed to {@code
   * out} when every piece is complete (a folder already there is replaced). VCFs whose samples differ, or a
   * contig with records in two of them, are refused naming both files, and nothing is left behind.
   */
  public static Result build(List<Path> vcfs, Path out, Function<Path, LoadMonitor> monitors, BlockInflater inflater,
      int threads, boolean sampleCalls) throws SourceLoadException, IOException {
    return build(vcfs, out, monitors, inflater, threads, sampleCalls, PIECE_CALLS);
  }

  /**
   * Calls that are not 0/0 after which a piece is cut (at the next position): 400 M, so that a piece's pools stay
   * well below the 2^29 entries (1 GiB of inline sets) one file addresses.
   */
  public static final long PIECE_CALLS = 400_000_000L;

  /**
   * Compressed bytes below which a range of a VCF is not worth its own build: a VCF is cut into ranges read at
   * once only when each gets at least this much (smaller files are built as they always were, one file).
   */
  public static final long RANGE_BYTES = 16L << 20;

  /**
   * Ranges per thread for a VCF read on several: one. Two, to keep every core busy to the end, cost more than they
   * gave on this 2-core machine (2,504 samples: 87,215 against 91,644 records/s; 100,000 samples: 20% more CPU),
   * each piece having its own pools and per-contig work (docs/bench-log/2026-12-02-build.md).
   */
  private static final int RANGES_PER_THREAD = 1;

  /**
   * As above, a piece cut after about {@code pieceCalls} calls that are not 0/0. One VCF that makes one piece
   * gives one index file at {@code out} (as it always did), not a folder.
   */
  public static Result build(List<Path> vcfs, Path out, Function<Path, LoadMonitor> monitors, BlockInflater inflater,
      int threads, boolean sampleCalls, long pieceCalls) throws SourceLoadException, IOException {
    return build(vcfs, out, monitors, inflater, threads, sampleCalls, pieceCalls, RANGE_BYTES);
  }

  /**
   * As above; when there are fewer VCFs than {@code threads}, a bgzipped VCF with a tabix or CSI index is cut
   * into ranges of at least {@code rangeBytes} compressed bytes ({@link VcfRanges}), each built as pieces of its
   * own at once (its long contigs then in runs of positions, as a cut by {@code pieceCalls} makes them): one VCF
   * read on every core. If a range fails (a bad record, an index that disagrees with the file), the whole set is
   * built again with each VCF read from its start on one thread, which reports a bad record with its line.
   */
  public static Result build(List<Path> vcfs, Path out, Function<Path, LoadMonitor> monitors, BlockInflater inflater,
      int threads, boolean sampleCalls, long pieceCalls, long rangeBytes) throws SourceLoadException, IOException {
    VcfHeader.ofAll(vcfs); // samples checked before any work
    Map<String, Path> byName = new HashMap<>();
    for (Path v : vcfs) {
      Path other = byName.putIfAbsent(v.getFileName().toString(), v);
      if (other != null) {
        throw SourceLoadException.badFile(v, "has the same file name as " + other
            + ": the pieces of a set are named by their VCF's file name");
      }
    }
    List<String> notes = new ArrayList<>();
    List<List<VcfRanges.Range>> ranges = new ArrayList<>();
    int perVcf = vcfs.size() >= threads ? 1 : RANGES_PER_THREAD * threads / vcfs.size();
    for (Path v : vcfs) {
      VcfRanges.Cut cut = VcfRanges.cut(v, perVcf, rangeBytes);
      cut.note().ifPresent(notes::add);
      ranges.add(cut.ranges());
    }
    try {
      return build(vcfs, ranges, out, monitors, inflater, threads, sampleCalls, pieceCalls, notes);
    } catch (RangeFailed e) {
      notes.add("reading ranges of " + e.vcf.getFileName() + " at once failed (" + e.getCause().getMessage()
          + "): each VCF read on one thread");
      List<List<VcfRanges.Range>> whole = vcfs.stream().map(v -> List.of(VcfRanges.Range.WHOLE)).toList();
      return build(vcfs, whole, out, monitors, inflater, threads, sampleCalls, pieceCalls, notes);
    }
  }

  private static Result build(List<Path> vcfs, List<List<VcfRanges.Range>> ranges, Path out,
      Function<Path, LoadMonitor> monitors, BlockInflater inflater, int threads, boolean sampleCalls, long pieceCalls,
      List<String> notes) throws SourceLoadException, IOException {
    Path partial = out.resolveSibling(out.getFileName() + ".partial");
    deleteTree(partial);
    Files.createDirectories(partial);
    int tasks = ranges.stream().mapToInt(List::size).sum();
    int parallel = Math.max(1, Math.min(threads, tasks));
    int inflaters = Math.max(1, threads / parallel);
    boolean direct = oneThreadEach(vcfs, ranges, threads);
    ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
      Thread t = new Thread(r, "dasgrid-index-piece");
      t.setDaemon(true);
      return t;
    });
    boolean done = false;
    try {
      List<List<Future<VcfGenotypeIndexer.Pieces>>> builds = new ArrayList<>();
      for (int i = 0; i < vcfs.size(); i++) {
        Path vcf = vcfs.get(i);
        List<VcfRanges.Range> rs = ranges.get(i);
        RangeProgress progress = new RangeProgress(monitors.apply(vcf), rs.size());
        List<Future<VcfGenotypeIndexer.Pieces>> ofVcf = new ArrayList<>();
        for (int r = 0; r < rs.size(); r++) {
          String prefix = String.format(java.util.Locale.ROOT, "%04d-%s", i, vcf.getFileName())
              + (r == 0 ? "" : ".r" + r);
          VcfRanges.Range range = rs.get(r);
          LoadMonitor monitor = progress.of(r);
          ofVcf.add(pool.submit(() -> VcfGenotypeIndexer.buildPieces(vcf, partial, prefix, monitor, inflater,
              inflaters, sampleCalls, pieceCalls, range, direct)));
        }
        builds.add(ofVcf);
      }
      List<VcfGenotypeIndexer.Pieces> results = new ArrayList<>();
      for (List<Future<VcfGenotypeIndexer.Pieces>> ofVcf : builds) {
        List<PieceCutter.Made> made = new ArrayList<>();
        long records = 0;
        for (Future<VcfGenotypeIndexer.Pieces> f : ofVcf) {
          VcfGenotypeIndexer.Pieces p;
          try {
            p = await(f);
          } catch (SourceLoadException | IOException | RuntimeException e) {
            if (ofVcf.size() == 1) {
              throw e;
            }
            throw new RangeFailed(vcfs.get(results.size()), e);
          }
          made.addAll(p.pieces());
          records += p.records();
        }
        results.add(new VcfGenotypeIndexer.Pieces(withoutEmpty(made), records));
      }
      List<Piece> pieces = pieces(vcfs, results);
      List<PieceCutter.Made> made = results.stream().flatMap(r -> r.pieces().stream()).toList();
      long bytes = 0;
      for (PieceCutter.Made m : made) {
        bytes += Files.size(m.file());
      }
      GenotypeStats stats = total(made);
      if (made.size() == 1) {
        replace(made.get(0).file(), out); // one VCF, one piece: one index file, as always
        done = true;
        deleteTree(partial);
        return new Result(stats, bytes, pieces, notes);
      }
      JSON.writerWithDefaultPrettyPrinter().writeValue(partial.resolve(MANIFEST).toFile(),
          new Manifest(FORMAT, pieces));
      replace(partial, out);
      done = true;
      return new Result(stats, bytes, pieces, notes);
    } finally {
      pool.shutdownNow();
      if (!done) {
        try {
          pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES); // the builds close their files
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        deleteTree(partial);
      }
    }
  }

  /**
   * Whether each range is read on one thread ({@link DirectReader}) rather than parsed ahead on a second one
   * ({@link ParseAheadReader}): when there is a range for every thread and they are alike in size (the largest at
   * most a quarter above the smallest, by compressed bytes), so that all start at once and end about together.
   * One thread then saves the hand-over of every call (3-13% more records/s in 10 of 11 paired rounds, bench-log 2026-12-02-build3.md);
   * a range left alone at the end, though, uses ~1.2 cores on one thread against ~2 parsed ahead (four biobank
   * VCFs on two threads, chrX last: 129% against 190% CPU), so more ranges than threads, or unequal ones, are
   * parsed ahead.
   */
  static boolean oneThreadEach(List<Path> vcfs, List<List<VcfRanges.Range>> ranges, int threads) throws IOException {
    List<Long> bytes = new ArrayList<>();
    for (int i = 0; i < vcfs.size(); i++) {
      long size = Files.size(vcfs.get(i));
      List<VcfRanges.Range> rs = ranges.get(i);
      for (int r = 0; r < rs.size(); r++) {
        long from = rs.get(r).seek() < 0 ? 0 : rs.get(r).seek() >>> 16; // a virtual offset's compressed part
        long to = r + 1 < rs.size() ? rs.get(r + 1).seek() >>> 16 : size;
        bytes.add(to - from);
      }
    }
    if (bytes.size() != threads) {
      return false;
    }
    long least = bytes.stream().mapToLong(Long::longValue).min().orElse(0);
    long most = bytes.stream().mapToLong(Long::longValue).max().orElse(0);
    return most <= least + least / 4;
  }

  /** A VCF's pieces without those of ranges that held no record (a cut at its first record), unless all are. */
  private static List<PieceCutter.Made> withoutEmpty(List<PieceCutter.Made> made) throws IOException {
    List<PieceCutter.Made> kept = new ArrayList<>();
    for (PieceCutter.Made m : made) {
      if (m.stats().sites() > 0 || (kept.isEmpty() && m == made.get(made.size() - 1))) {
        kept.add(m);
      } else {
        Files.deleteIfExists(m.file());
      }
    }
    return kept;
  }

  /** A range of {@code vcf} failed: the build is done again reading each VCF from its start. */
  private static final class RangeFailed extends IOException {
    final transient Path vcf;

    RangeFailed(Path vcf, Exception cause) {
      super(cause);
      this.vcf = vcf;
    }
  }

  /** Adds up the progress of a VCF's ranges, read at once, for its one monitor. */
  private static final class RangeProgress {
    private final LoadMonitor monitor;
    private final long[] records;
    private final long[] bytes;

    RangeProgress(LoadMonitor monitor, int ranges) {
      this.monitor = monitor;
      this.records = new long[ranges];
      this.bytes = new long[ranges];
    }

    LoadMonitor of(int range) {
      return records.length == 1 ? monitor : (n, read) -> report(range, n, read);
    }

    private synchronized void report(int range, long n, long read) {
      records[range] = n;
      bytes[range] = read;
      long allRecords = 0;
      long allBytes = 0;
      for (int r = 0; r < records.length; r++) {
        allRecords += records[r];
        allBytes += bytes[r];
      }
      monitor.progress(allRecords, allBytes);
    }
  }

  /**
   * The manifest's pieces: per piece the contigs it holds every record of, and runs of those it shares with
   * other pieces of its VCF. A contig with records in two VCFs is refused naming both.
   */
  private static List<Piece> pieces(List<Path> vcfs, List<VcfGenotypeIndexer.Pieces> results)
      throws SourceLoadException {
    Map<String, Path> holderVcf = new HashMap<>();
    Map<String, Integer> piecesOf = new HashMap<>();
    for (int i = 0; i < vcfs.size(); i++) {
      for (PieceCutter.Made m : results.get(i).pieces()) {
        for (String contig : m.runs().keySet()) {
          Path other = holderVcf.putIfAbsent(contig, vcfs.get(i));
          if (other != null && !other.equals(vcfs.get(i))) {
            throw SourceLoadException.badFile(vcfs.get(i), "contig " + contig + " is also in "
                + other.getFileName() + ": each contig must be in one file");
          }
          piecesOf.merge(contig, 1, Integer::sum);
        }
      }
    }
    List<Piece> out = new ArrayList<>();
    for (int i = 0; i < vcfs.size(); i++) {
      for (PieceCutter.Made m : results.get(i).pieces()) {
        List<String> whole = new ArrayList<>();
        List<Chunk> chunks = new ArrayList<>();
        m.runs().forEach((contig, run) -> {
          if (piecesOf.get(contig) == 1) {
            whole.add(contig);
          } else {
            chunks.add(new Chunk(contig, run[0], run[1]));
          }
        });
        out.add(new Piece(m.file().getFileName().toString(), vcfs.get(i).getFileName().toString(), whole, chunks));
      }
    }
    return out;
  }

  private static <T> T await(Future<T> f)
      throws SourceLoadException, IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted");
    } catch (ExecutionException e) {
      Throwable c = e.getCause();
      if (c instanceof SourceLoadException s) {
        throw s;
      }
      if (c instanceof IOException io) {
        throw io;
      }
      if (c instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      if (c instanceof RuntimeException r) {
        throw r;
      }
      if (c instanceof Error err) {
        throw err;
      }
      throw new IOException(c);
    }
  }

  private static GenotypeStats total(List<PieceCutter.Made> results) {
    GenotypeStats total = results.get(0).stats();
    for (int i = 1; i < results.size(); i++) {
      total = total.plus(results.get(i).stats());
    }
    return total;
  }

  /**
   * Puts the new folder in the old one's place: the old is renamed aside first and then deleted (a server
   * mapping its pieces keeps them: deleting a mapped file frees it only when unmapped).
   */
  private static void replace(Path partial, Path out) throws IOException {
    if (Files.isRegularFile(partial) && !Files.isDirectory(out)) {
      Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return;
    }
    Path old = null;
    if (Files.exists(out)) {
      old = out.resolveSibling(out.getFileName() + ".old-" + System.nanoTime());
      Files.move(out, old, StandardCopyOption.ATOMIC_MOVE);
    }
    Files.move(partial, out, StandardCopyOption.ATOMIC_MOVE);
    if (old != null) {
      deleteTree(old);
    }
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    if (Files.isDirectory(p)) {
      try (DirectoryStream<Path> in = Files.newDirectoryStream(p)) {
        for (Path c : in) {
          deleteTree(c);
        }
      }
    }
    Files.delete(p);
  }
}
