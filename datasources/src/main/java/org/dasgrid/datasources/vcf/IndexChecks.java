package org.dasgrid.datasources.vcf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.pieces.PieceCheck;
import org.dasgrid.core.source.DamageReport;
import org.dasgrid.core.source.SourceLoadException;

/**
 * When a source's index is checked (issue 30, open in seconds), {@code options: {genotypeIndexCheck: ...}}:
 * {@code open} checks every section's checksum before the source is ready (a damaged index is refused at load);
 * {@code first-use} checks at open only the header, catalog, page tables and the VCF's identity, and each piece's
 * sections on the first query reading the piece (which waits for it) or by the server's background pass, which
 * starts once the server is ready ({@link #checkRemaining}), whichever comes first; a damaged piece then makes
 * every genotype query of the source answer 503 with the reason, never a wrong answer. The default is {@code open} up to 2 GiB of index (about a second of checking)
 * and {@code first-use} above. A deferred check that fails is reported ({@link DamageReport}) so the registry
 * marks the source unavailable, naming the piece, as it would a source refused at load.
 */
final class IndexChecks implements DamageReport {
  static final String OPTION = "genotypeIndexCheck";
  /** Index bytes up to which the default checks at open. */
  static final long CHECK_AT_OPEN_BYTES = 2L << 30;
  private static final System.Logger LOG = System.getLogger(IndexChecks.class.getName());

  private final String source;
  private final boolean deferred;
  private final AtomicReference<String> failure = new AtomicReference<>();
  private final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
  private final List<PieceCheck> pending = new CopyOnWriteArrayList<>();

  private IndexChecks(String source, boolean deferred) {
    this.source = source;
    this.deferred = deferred;
  }

  /** The policy for a source whose index files are {@code files}. */
  static IndexChecks of(SourceConfig config, List<Path> files) throws SourceLoadException {
    String v = config.option(OPTION, "").trim().toLowerCase(Locale.ROOT);
    if (!v.isEmpty() && !v.equals("open") && !v.equals("first-use")) {
      throw new SourceLoadException(config.id() + ": option " + OPTION + " must be open or first-use, not '"
          + config.option(OPTION, "") + "'");
    }
    if (v.isEmpty()) {
      long bytes = 0;
      for (Path f : files) {
        try {
          bytes += Files.isRegularFile(f) ? Files.size(f) : 0;
        } catch (IOException e) {
          // an unreadable piece is refused when opened
        }
      }
      v = bytes > CHECK_AT_OPEN_BYTES ? "first-use" : "open";
    }
    return new IndexChecks(config.id(), v.equals("first-use"));
  }

  boolean deferred() {
    return deferred;
  }

  /** The gate of one piece opened with its checks deferred. */
  PieceCheck gate(String piece, GenotypeIndexFile.DeferredCheck check) {
    return new PieceCheck(source, piece, check::run, failure, this::damaged);
  }

  private void damaged(String reason) {
    watchers.forEach(w -> w.accept(reason));
  }

  /** The reason reaches a watcher added before or after the failure (twice at most, in a race: idempotent). */
  @Override
  public void whenDamaged(Consumer<String> reason) {
    watchers.add(reason);
    String failed = failure.get();
    if (failed != null) {
      reason.accept(failed);
    }
  }

  /** The gates the background pass checks, in order, when the server runs {@link #checkRemaining}. */
  void checkLater(List<PieceCheck> gates) {
    pending.addAll(gates);
  }

  /**
   * Checks the pieces one after another on the caller's thread (the server's background-check thread, once it
   * is ready), until done or one fails; a piece a query has checked already passes at once.
   */
  @Override
  public void checkRemaining() {
    if (pending.isEmpty()) {
      return;
    }
    long start = System.nanoTime();
    for (PieceCheck g : pending) {
      if (!g.runNow()) {
        LOG.log(System.Logger.Level.WARNING, source + ": " + failure.get()
            + "; its genotype queries answer 503 until the index is rebuilt and the source reloaded");
        return;
      }
    }
    LOG.log(System.Logger.Level.INFO, String.format(Locale.ROOT, "%s: index checked in the background (%d pieces,"
        + " %.1f s)", source, pending.size(), (System.nanoTime() - start) / 1e9));
  }
}
