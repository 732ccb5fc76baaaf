package org.dasgrid.datasources.export;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.SequenceSource;

/**
 * The one store of bgzipped, indexed copies of the sources: the browser exports ({@code /files}) and the copies
 * htsget's tickets point into ({@link ExportKind#VCF_BLOCKS}), made on first request and kept on disk under
 * {@code dir/<source>/<version>.e<edition>/} ({@code server.exportDir}):
 * a reload gives the source a new version, hence new files (and the old version's folder is removed). Each
 * kind is made once however many requests ask at once: the first builds it into a temporary folder, moves the
 * files into place and writes the kind's list of entity tags last; the others wait for it. A later start finds
 * the files by that list and does not make them again.
 */
public final class ExportStore {
  private static final String TAGS = ".etags";
  /**
   * The edition of what the writers write, part of each version's folder name: exports kept on disk by a
   * DasGrid whose writers wrote something else (before 2: a GFF3 export that turned attributes into
   * {@code Note}s) belong to another folder, which the first export of this one removes, rather than being
   * served as current. Raise it whenever an export's content changes for the same source.
   */
  private static final int EDITION = 2;

  private final Path dir;
  private final Map<String, CompletableFuture<Map<String, ExportedFile>>> made = new ConcurrentHashMap<>();

  public ExportStore(Path dir) {
    this.dir = dir.toAbsolutePath().normalize();
  }

  /** The folder the exports are kept in. */
  public Path dir() {
    return dir;
  }

  /** The kinds of export a source offers, in the order the browser configs list them. */
  public static List<ExportKind> offered(LoadedSource source) {
    List<ExportKind> kinds = new ArrayList<>();
    String format = source.config().format();
    if (!"fasta".equals(format)) {
      kinds.add(ExportKind.GFF3);
    }
    if ("bed".equals(format) && Files.isRegularFile(source.config().path())) {
      kinds.add(ExportKind.BED);
    }
    if ("vcf".equals(format) && source.config().paths().stream().allMatch(Files::isRegularFile)) {
      kinds.add(ExportKind.VCF);
    }
    if (FastaExport.hasSequence(source.data())) {
      kinds.add(ExportKind.FASTA);
    }
    return kinds;
  }

  /**
   * Whether a VCF export keeps the sample columns: for genotype sources, unless the source's options say
   * {@code exportGenotypes: false} (a cohort whose calls may be queried in aggregate but not handed out).
   */
  public static boolean exportsGenotypes(LoadedSource source) {
    return source.config().genotypes()
        && !"false".equalsIgnoreCase(source.config().option("exportGenotypes", "true").trim());
  }

  /**
   * The named export file of a source ({@code dmel.gff3.gz.tbi}), made if it is not yet; {@code NOT_FOUND}
   * for a name the source does not offer.
   */
  public ExportedFile file(LoadedSource source, String fileName) {
    String id = source.id();
    Optional<ExportKind> kind = ExportKind.ofFile(id, fileName);
    if (kind.isEmpty() || !offered(source).contains(kind.get())) {
      throw RequestException.notFound("source '%s' has no export file '%s'; it offers %s", id,
          shorten(fileName), offered(source).stream().map(k -> k.dataFile(id)).toList());
    }
    ExportedFile f = files(source, kind.get()).get(fileName);
    if (!Files.isRegularFile(f.path())) {
      // removed behind our back (another server sharing the folder, a temp cleaner): make it again
      made.remove(key(source, kind.get()));
      f = files(source, kind.get()).get(fileName);
    }
    return f;
  }

  /** Every file of a kind for the source's current version, made if needed. */
  public Map<String, ExportedFile> files(LoadedSource source, ExportKind kind) {
    String key = key(source, kind);
    CompletableFuture<Map<String, ExportedFile>> mine = new CompletableFuture<>();
    CompletableFuture<Map<String, ExportedFile>> theirs = made.putIfAbsent(key, mine);
    if (theirs != null) {
      try {
        return theirs.join();
      } catch (CompletionException e) {
        throw e.getCause() instanceof RuntimeException r ? r : e;
      }
    }
    try {
      Map<String, ExportedFile> files = findOrMake(source, kind);
      mine.complete(files);
      forgetOtherVersions(source);
      return files;
    } catch (IOException | RuntimeException e) {
      made.remove(key, mine);
      RequestException failure = e instanceof RequestException r ? r : new RequestException(ErrorKind.UNAVAILABLE,
          "cannot export source '%s' as %s: %s", source.id(), kind.dataFile(source.id()), e.getMessage() != null ? e.getMessage() : e.toString());
      mine.completeExceptionally(failure);
      throw failure;
    }
  }

  private static String key(LoadedSource source, ExportKind kind) {
    return source.id() + "/" + folder(source) + "/" + kind;
  }

  /** The folder of the source's current version, as this edition of the writers makes it. */
  private static String folder(LoadedSource source) {
    return source.version() + ".e" + EDITION;
  }

  private Map<String, ExportedFile> findOrMake(LoadedSource source, ExportKind kind) throws IOException {
    Path versionDir = dir.resolve(source.id()).resolve(folder(source));
    Path tags = versionDir.resolve(kind.extension() + TAGS);
    Optional<Map<String, ExportedFile>> found = read(tags, versionDir, kind, source.id());
    if (found.isPresent()) {
      return found.get();
    }
    Files.createDirectories(versionDir);
    Path tmp = Files.createTempDirectory(versionDir, ".making-" + kind.extension() + "-");
    try {
      List<String> names = kind.fileNames(source.id());
      make(source, kind, names.stream().map(tmp::resolve).toList());
      Properties etags = new Properties();
      for (String n : names) {
        Files.move(tmp.resolve(n), versionDir.resolve(n), StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
        etags.setProperty(n, "\"" + source.version() + "-" + crc(versionDir.resolve(n)) + "\"");
      }
      Path tagsTmp = tmp.resolve(TAGS);
      try (Writer w = Files.newBufferedWriter(tagsTmp, StandardCharsets.UTF_8)) {
        etags.store(w, "entity tags of the " + kind + " export of " + source.id());
      }
      Files.move(tagsTmp, tags, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      removeOtherVersions(source);
      return read(tags, versionDir, kind, source.id()).orElseThrow();
    } finally {
      deleteTree(tmp);
    }
  }

  private static void make(LoadedSource source, ExportKind kind, List<Path> out) throws IOException {
    DataSource data = source.data();
    switch (kind) {
      case GFF3 -> Gff3Export.write(data, out.get(0), out.get(1));
      case BED -> BedExport.write(source.config().path(),
          data.entryPoints().stream().map(e -> e.name()).toList(), out.get(0), out.get(1));
      case VCF -> VcfExport.write(JoinedVcf.of(source.config().paths(), out.get(0).getParent()), data.entryPoints(),
          exportsGenotypes(source), out.get(0), out.get(1));
      case FASTA -> FastaExport.write(data, data.capability(SequenceSource.class).orElseThrow(), out.get(0),
          out.get(1), out.get(2));
      case VCF_BLOCKS -> VcfBlocksExport.write(JoinedVcf.of(source.config().paths(), out.get(0).getParent()),
          out.get(0), out.get(1), out.get(2));
    }
  }

  private static Optional<Map<String, ExportedFile>> read(Path tags, Path versionDir, ExportKind kind, String id)
      throws IOException {
    if (!Files.isRegularFile(tags)) {
      return Optional.empty();
    }
    Properties etags = new Properties();
    try (Reader r = Files.newBufferedReader(tags, StandardCharsets.UTF_8)) {
      etags.load(r);
    }
    Map<String, ExportedFile> files = new LinkedHashMap<>();
    for (String n : kind.fileNames(id)) {
      Path p = versionDir.resolve(n);
      String tag = etags.getProperty(n);
      if (tag == null || !Files.isRegularFile(p)) {
        return Optional.empty();
      }
      files.put(n, new ExportedFile(n, p, Files.size(p), tag));
    }
    return Optional.of(Map.copyOf(files));
  }

  /** Drops the remembered files of the source's older versions (a reload made them stale). */
  private void forgetOtherVersions(LoadedSource source) {
    String prefix = source.id() + "/";
    String current = prefix + folder(source) + "/";
    made.keySet().removeIf(k -> k.startsWith(prefix) && !k.startsWith(current));
  }

  /** Removes the folders of the source's other versions; a file being sent stays readable until closed. */
  private void removeOtherVersions(LoadedSource source) throws IOException {
    Path sourceDir = dir.resolve(source.id());
    try (var versions = Files.list(sourceDir)) {
      for (Path v : versions.toList()) {
        if (Files.isDirectory(v) && !v.getFileName().toString().equals(folder(source))) {
          deleteTree(v);
        }
      }
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (var paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (java.io.UncheckedIOException e) {
      // another server removing the same stale folder at once: whatever is left goes next time
    }
  }

  private static String crc(Path p) throws IOException {
    CRC32 crc = new CRC32();
    byte[] buf = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(p)) {
      int n;
      while ((n = in.read(buf)) > 0) {
        crc.update(buf, 0, n);
      }
    }
    return String.format("%08x", crc.getValue());
  }

  private static String shorten(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }
}
