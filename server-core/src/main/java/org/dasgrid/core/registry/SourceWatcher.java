package org.dasgrid.core.registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.config.SourceConfig;

/**
 * Reloads a source when its files change, for sources configured with {@code options: {watch: true}} (or
 * {@code watch: SECONDS}, the polling interval; default {@value #DEFAULT_SECONDS} s).
 *
 * <p>Files are polled (size, modification time, file key) rather than watched with {@link
 * java.nio.file.WatchService}, which misses changes on network file systems and reports a file being written
 * as several events. A change is acted on only once two polls agree, so a file still being copied is not
 * loaded half-written; the reload itself runs in the background and swaps atomically ({@link
 * SourceLoader#reload}). Replace files by renaming a finished copy over them, so the old version can serve
 * until the new one is ready.
 */
public final class SourceWatcher implements AutoCloseable {
  static final double DEFAULT_SECONDS = 2;

  private final SourceLoader loader;
  private final ScheduledExecutorService timer;

  public SourceWatcher(SourceRegistry registry, SourceLoader loader) {
    this.loader = loader;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "dasgrid-watcher");
      t.setDaemon(true);
      return t;
    });
    for (SourceSlot slot : registry.all()) {
      interval(slot.config()).ifPresent(every -> {
        Watch w = new Watch(slot);
        timer.scheduleWithFixedDelay(w::poll, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
      });
    }
  }

  /** The polling interval of a watched source; empty when the source is not watched. */
  static Optional<Duration> interval(SourceConfig config) {
    String v = config.option("watch", "false").trim().toLowerCase(Locale.ROOT);
    if (v.equals("false") || v.equals("no") || v.isEmpty()) {
      return Optional.empty();
    }
    if (v.equals("true") || v.equals("yes")) {
      return Optional.of(Duration.ofMillis((long) (DEFAULT_SECONDS * 1000)));
    }
    try {
      double seconds = Double.parseDouble(v);
      if (seconds > 0) {
        return Optional.of(Duration.ofMillis(Math.max(50, (long) (seconds * 1000))));
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("source " + config.id() + ": options.watch must be true, false or a number"
        + " of seconds, not '" + v + "'");
  }

  /**
   * The files whose change means a new version: data, sequence, stylesheet, aliases, their indexes, and the
   * genotype index.
   */
  static List<Path> files(SourceConfig c) {
    List<Path> out = new ArrayList<>();
    for (Path data : c.paths()) {
      out.add(data);
      for (String index : List.of(".tbi", ".csi")) {
        out.add(data.resolveSibling(data.getFileName() + index));
      }
    }
    c.sequence().ifPresent(out::add);
    c.stylesheet().ifPresent(out::add);
    c.aliases().ifPresent(out::add);
    c.genes().ifPresent(out::add);
    // a rebuilt genotype index is renamed over the old one: a new file key, so a new version
    c.genotypeIndex().ifPresent(out::add);
    return out;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }

  /** The polling state of one source. */
  private final class Watch {
    private final SourceSlot slot;
    private List<Object> current;
    private List<Object> candidate;

    Watch(SourceSlot slot) {
      this.slot = slot;
      this.current = signature();
    }

    void poll() {
      try {
        List<Object> now = signature();
        if (now.equals(current)) {
          candidate = null;
          return;
        }
        if (!now.equals(candidate)) {
          candidate = now; // changed since the last poll: wait until the files stand still
          return;
        }
        current = now;
        candidate = null;
        loader.reload(slot);
      } catch (RuntimeException e) {
        // a poll that fails (a file briefly missing mid-replace) is retried at the next tick
      }
    }

    private List<Object> signature() {
      List<Object> sig = new ArrayList<>();
      for (Path p : files(slot.config())) {
        try {
          BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
          sig.add(List.of(a.size(), a.lastModifiedTime().toMillis(), Objects.toString(a.fileKey())));
        } catch (IOException e) {
          sig.add("absent");
        }
      }
      return sig;
    }
  }
}
