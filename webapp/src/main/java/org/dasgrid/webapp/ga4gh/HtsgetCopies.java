package org.dasgrid.webapp.ga4gh;

import htsjdk.tribble.index.tabix.TabixIndex;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.datasources.export.ExportKind;
import org.dasgrid.datasources.export.ExportStore;
import org.dasgrid.datasources.export.ExportedFile;

/**
 * The copies of the VCF sources htsget serves, opened once per source version. The store of bgzipped copies
 * ({@link ExportStore}, in {@code server.exportDir}) makes each on the first request for a version, record-aligned
 * with its tabix index ({@link ExportKind#VCF_BLOCKS}: the same for in-memory VCF sources, plain, gzip or bgzip,
 * and tabix-backed ones); a later start finds it there. Here it is read once into a {@link BgzfVcf} (header bytes,
 * index, block starts) for the tickets. A ticket's block URLs name the version by a key: after a reload they
 * answer NotFound, and the client asks for a new ticket.
 */
final class HtsgetCopies {
  private static final Pattern KEY = Pattern.compile("[0-9a-f]{24}");

  private final ExportStore store;
  /** Opened copies by source id and key; those of a source's older versions are dropped. */
  private final Map<String, CompletableFuture<BgzfVcf>> copies = new ConcurrentHashMap<>();

  HtsgetCopies(ExportStore store) {
    this.store = store;
  }

  /** Whether htsget serves this source: a VCF, in memory or tabix-indexed. */
  static boolean isVcf(LoadedSource s) {
    String format = s.config().format();
    String name = s.config().path().getFileName().toString().toLowerCase(Locale.ROOT);
    return format.equals("vcf")
        || format.equals("tabix") && (name.endsWith(".vcf.gz") || name.endsWith(".vcf.bgz"));
  }

  /** The copy of this version of the source, made now if the store has none yet (others asking wait). */
  BgzfVcf of(LoadedSource s) {
    String key = key(s);
    String name = s.id() + "/" + key;
    CompletableFuture<BgzfVcf> mine = new CompletableFuture<>();
    CompletableFuture<BgzfVcf> existing = copies.putIfAbsent(name, mine);
    if (existing != null) {
      return join(existing);
    }
    try {
      mine.complete(open(s, key));
      copies.keySet().removeIf(k -> k.startsWith(s.id() + "/") && !k.equals(name));
    } catch (RuntimeException | IOException e) {
      copies.remove(name, mine); // the next request tries again
      mine.completeExceptionally(e);
    }
    return join(mine);
  }

  /** The copy a block URL names, if it is of the source's serving version. */
  Optional<Path> file(LoadedSource s, String key) {
    if (!KEY.matcher(key).matches() || !key.equals(key(s))) {
      return Optional.empty();
    }
    return Optional.of(of(s).file());
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

  private BgzfVcf open(LoadedSource s, String key) throws IOException {
    var names = ExportKind.VCF_BLOCKS.fileNames(s.id());
    Map<String, ExportedFile> files = store.files(s, ExportKind.VCF_BLOCKS);
    Path vcf = files.get(names.get(0)).path();
    Path tbi = files.get(names.get(1)).path();
    long headerLength = Long.parseLong(Files.readString(files.get(names.get(2)).path()).trim());
    byte[] header;
    try (InputStream in = Files.newInputStream(vcf)) {
      header = in.readNBytes((int) headerLength);
    }
    long length = Files.size(vcf);
    return new BgzfVcf(vcf, key, header, new TabixIndex(tbi), length,
        BgzfVcf.blockStarts(vcf, headerLength, length - BgzfVcf.EOF.length));
  }
}
