package org.dasgrid.core.registry;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.gene.GeneLookup;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.source.AliasTable;
import org.dasgrid.core.source.AliasedSource;
import org.dasgrid.core.source.ContigSelection;
import org.dasgrid.core.source.EmptySource;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.SequenceDigests;
import org.dasgrid.core.source.DamageReport;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SequenceSource;
import org.dasgrid.core.source.FastaBackedSource;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.core.source.StyledSource;

/**
 * Loads configured sources in parallel and reloads them in the background. A load that fails marks its
 * source failed with a one-line reason and leaves the others alone; a reload that fails keeps the previous
 * version serving and records why.
 */
public final class SourceLoader implements AutoCloseable {
  private static final long PROGRESS_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(3);

  private final DataSourceProviders providers;
  private final LoadListener listener;
  private final ExecutorService executor;
  /**
   * One thread for the deferred checks of the sources' files (a large genotype index checked after open), so
   * they take at most one core, and only once the server is ready: started earlier, the checks of a 20 GB index
   * took both cores while Tomcat started and doubled the time to ready.
   */
  private final ExecutorService checker;
  /** Loaded sources whose deferred checks wait for {@link #startDeferredChecks}; guarded by this. */
  private final List<DamageReport> unchecked = new ArrayList<>();
  /** Whether {@link #startDeferredChecks} was called; guarded by this. */
  private boolean checking;
  private final HeapGuard heapGuard;
  private final Placement placement;
  private final Map<String, Reloads> reloads = new java.util.HashMap<>();

  public SourceLoader(DataSourceProviders providers, LoadListener listener, int threads) {
    this(providers, listener, threads, 1.0);
  }

  public SourceLoader(DataSourceProviders providers, LoadListener listener, int threads, double maxHeapShare) {
    this(providers, listener, threads, maxHeapShare, Placement.SINGLE_NODE);
  }

  /**
   * @param maxHeapShare the share of the maximum heap a load may fill before it is refused (the other
   *     sources and the requests need the rest)
   * @param placement which contigs of each source this node loads, and how it serves them
   */
  public SourceLoader(DataSourceProviders providers, LoadListener listener, int threads, double maxHeapShare,
      Placement placement) {
    this.providers = providers;
    this.placement = placement;
    this.listener = listener;
    this.heapGuard = new HeapGuard(maxHeapShare);
    AtomicInteger n = new AtomicInteger();
    this.executor =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "dasgrid-loader-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    this.checker = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "dasgrid-index-check");
      t.setDaemon(true);
      t.setPriority(Thread.MIN_PRIORITY);
      return t;
    });
  }

  /**
   * Starts the deferred checks of the sources loaded so far, one source after another on one thread, and of every
   * source loaded from now on as soon as it is. The server calls it once it says ready (after the warm-up); a
   * query reaching an unchecked file checks it itself meanwhile.
   */
  public synchronized void startDeferredChecks() {
    checking = true;
    unchecked.forEach(this::checkInBackground);
    unchecked.clear();
  }

  private synchronized void checkWhenReady(DamageReport checks) {
    if (checking) {
      checkInBackground(checks);
    } else {
      unchecked.add(checks);
    }
  }

  private void checkInBackground(DamageReport checks) {
    try {
      checker.execute(checks::checkRemaining);
    } catch (RejectedExecutionException e) {
      // the server is closing: nothing is served any more, so nothing is left to check
    }
  }

  /** Starts loading every source; the future completes when all are loaded or failed. */
  public CompletableFuture<Void> loadAll(SourceRegistry registry) {
    List<CompletableFuture<Boolean>> all = new ArrayList<>();
    for (SourceSlot slot : registry.all()) {
      all.add(CompletableFuture.supplyAsync(() -> loadInto(slot, false), executor));
    }
    return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new));
  }

  /**
   * Reloads a source in the background and swaps it in when complete. The load starts after this call, so it
   * reads the files as they are now: while a reload of the source runs, a new request waits for it and then
   * loads again, and requests arriving meanwhile share that next load. The future tells whether the new
   * version is serving.
   */
  public CompletableFuture<Boolean> reload(SourceSlot slot) {
    synchronized (reloads) {
      Reloads r = reloads.computeIfAbsent(slot.id(), id -> new Reloads());
      if (r.running == null) {
        r.running = start(slot, r);
        return r.running;
      }
      if (r.next == null) {
        r.next = new CompletableFuture<>();
      }
      return r.next;
    }
  }

  /**
   * Starts a reload; when it ends, starts the one requested meanwhile, if any. Called holding the lock on
   * {@link #reloads}; the completion runs on the executor and takes the lock, so it sees the caller's updates.
   */
  private CompletableFuture<Boolean> start(SourceSlot slot, Reloads r) {
    CompletableFuture<Boolean> done = new CompletableFuture<>();
    CompletableFuture.supplyAsync(() -> loadInto(slot, true), executor).whenCompleteAsync((ok, e) -> {
      synchronized (reloads) {
        CompletableFuture<Boolean> next = r.next;
        r.next = null;
        r.running = null;
        if (next != null) {
          r.running = start(slot, r);
          r.running.whenComplete((ok2, e2) -> complete(next, ok2, e2));
        }
      }
      complete(done, ok, e);
    }, executor);
    return done;
  }

  private static void complete(CompletableFuture<Boolean> f, Boolean ok, Throwable e) {
    if (e != null) {
      f.completeExceptionally(e);
    } else {
      f.complete(ok);
    }
  }

  /** The reload running for a source and the one waiting to follow it. */
  private static final class Reloads {
    CompletableFuture<Boolean> running;
    CompletableFuture<Boolean> next;
  }

  private boolean loadInto(SourceSlot slot, boolean reload) {
    SourceConfig config = slot.config();
    long started = System.nanoTime();
    boolean replacing = reload && slot.loaded().isPresent();
    try {
      LoadedSource loaded = load(config, progress -> {
        if (replacing) {
          slot.setReloading(progress);
        } else {
          slot.setState(new SourceState.Loading(progress));
        }
      }, started);
      LoadedSource published = placement.publish(loaded);
      SourceState.Ready ready = new SourceState.Ready(published);
      slot.setState(ready);
      slot.setLastReloadError(null);
      listener.loaded(published, reload);
      loaded.data().capability(DamageReport.class).ifPresent(d -> {
        d.whenDamaged(reason -> failLater(slot, ready, reason));
        checkWhenReady(d);
      });
      return true;
    } catch (SourceLoadException e) {
      fail(slot, e.getMessage(), replacing, reload);
    } catch (HeapGuard.HeapShareExceeded e) {
      fail(slot, config.path().getFileName() + ": " + e.getMessage(), replacing, reload);
    } catch (OutOfMemoryError e) {
      fail(slot, config.path().getFileName() + ": out of memory while loading; raise -Xmx", replacing, reload);
    } catch (RuntimeException | IOException e) {
      fail(slot, config.path().getFileName() + ": " + oneLine(e), replacing, reload);
    } finally {
      slot.setReloading(null);
    }
    return false;
  }

  private void fail(SourceSlot slot, String reason, boolean keepServing, boolean reload) {
    if (keepServing) {
      slot.setLastReloadError(reason);
    } else {
      slot.setState(new SourceState.Failed(reason, Instant.now()));
    }
    listener.failed(slot.id(), reason, reload);
  }

  /**
   * A file of a serving source found damaged after load (an index section checked on first use): the version
   * that found it, if still the one serving, is marked failed as if its load had failed, so the status pages
   * and {@code /health/ready} say so and every request answers 503 with the reason, until a reload.
   */
  private void failLater(SourceSlot slot, SourceState.Ready found, String reason) {
    if (slot.replace(found, new SourceState.Failed(reason, Instant.now()))) {
      listener.failed(slot.id(), reason, false);
    }
  }

  /** Loads one source synchronously; used by the registry and by tools. */
  public LoadedSource load(SourceConfig config, java.util.function.Consumer<SourceState.Progress> progressSink,
      long startedNanos) throws SourceLoadException, IOException {
    DataSourceProvider provider =
        providers
            .forFormat(config.format())
            .orElseThrow(() -> new SourceLoadException("no provider for format '" + config.format() + "'"));
    List<Path> files = new ArrayList<>();
    files.addAll(config.paths());
    config.sequence().ifPresent(files::add);
    config.stylesheet().ifPresent(files::add);
    config.aliases().ifPresent(files::add);
    config.samples().ifPresent(files::add);
    long totalBytes = 0;
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        throw SourceLoadException.badFile(f, "file not found");
      }
      totalBytes += Files.size(f);
    }
    ThrottledMonitor monitor = new ThrottledMonitor(config.id(), totalBytes, startedNanos, progressSink);
    heapGuard.check();
    ContigSelection held = placement.held(config);
    // a cluster node holding none of a source reads none of it: the nodes that hold it answer
    DataSource data = held.isNone() ? EmptySource.INSTANCE : provider.load(config, held, monitor);
    Optional<String> stylesheet = Optional.empty();
    if (config.stylesheet().isPresent()) {
      stylesheet = Optional.of(readStylesheet(config.stylesheet().get()));
    }
    // before the wrappers below, which do not keep the capability
    Map<String, String> typeColours = data instanceof StyledSource styled ? styled.typeColours() : Map.of();
    if (config.sequence().isPresent()) {
      DataSourceProvider fasta =
          providers.forFormat("fasta").orElseThrow(() -> new SourceLoadException("no provider for FASTA"));
      DataSource seq = fasta.load(config.withFile(config.sequence().get().toString(), "fasta"), LoadMonitor.NONE);
      if (seq.capability(SequenceSource.class).isEmpty()) {
        throw new SourceLoadException("the fasta provider gave no sequence");
      }
      data = new FastaBackedSource(data, seq);
    }
    if (config.aliases().isPresent()) {
      data = AliasedSource.wrap(data, AliasTable.read(config.aliases().get()));
    }
    SequenceDigests digests = digests(config, data);
    Optional<SampleSheet> sheet = SampleSheetLoad.read(config, data);
    GeneLookup genes = GeneLoad.read(config, providers);
    config.genes().filter(Files::isRegularFile).ifPresent(files::add); // a changed genes file is a new version
    String version = SourceVersion.of(files);
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    return new LoadedSource(config, data, version, stylesheet, Instant.now(), millis, typeColours, digests, sheet,
        genes);
  }

  /**
   * The checksums of every sequence of the source (refget), computed once here; {@code circular} names must be
   * references of the source. Long digests report progress every few seconds.
   */
  private SequenceDigests digests(SourceConfig config, DataSource data) throws SourceLoadException, IOException {
    if (data.capability(org.dasgrid.core.source.SequenceSource.class).isEmpty()) {
      return SequenceDigests.NONE; // a cluster node holding none of the source, or no sequence at all
    }
    Set<String> circular = new HashSet<>();
    for (String name : config.circular()) {
      EntryPoint ep = data.entryPoint(name).orElseThrow(() -> new SourceLoadException(
          config.id() + ": circular: unknown reference '" + name + "'"));
      circular.add(ep.name());
    }
    long started = System.nanoTime();
    long[] last = {started};
    return SequenceDigests.compute(data, circular, (done, total) -> {
      long now = System.nanoTime();
      if (now - last[0] >= PROGRESS_INTERVAL_NANOS) {
        last[0] = now;
        listener.digesting(config.id(), done, total, started);
      }
    });
  }

  /** Reads a configured stylesheet and checks that it is well-formed XML, naming the line if not. */
  static String readStylesheet(Path file) throws SourceLoadException, IOException {
    String xml = Files.readString(file);
    XMLInputFactory f = XMLInputFactory.newFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    try (InputStream in = Files.newInputStream(file)) {
      XMLStreamReader r = f.createXMLStreamReader(in);
      boolean sawStyle = false;
      while (r.hasNext()) {
        if (r.next() == XMLStreamReader.START_ELEMENT && r.getLocalName().equals("DASSTYLE")) {
          sawStyle = true;
        }
      }
      if (!sawStyle) {
        throw SourceLoadException.badFile(file, "not a DAS stylesheet: no DASSTYLE element");
      }
    } catch (XMLStreamException e) {
      long line = e.getLocation() == null ? 0 : e.getLocation().getLineNumber();
      throw SourceLoadException.badRecord(file, line, "stylesheet is not well-formed XML");
    }
    return xml;
  }

  static String oneLine(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      m = e.getClass().getSimpleName();
    }
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  @Override
  public void close() {
    executor.shutdownNow();
    checker.shutdownNow();
  }

  /** Passes progress on at most every few seconds, to the slot and the listener. */
  private final class ThrottledMonitor implements LoadMonitor {
    private final String id;
    private final long totalBytes;
    private final long started;
    private final java.util.function.Consumer<SourceState.Progress> sink;
    private long lastReport;

    ThrottledMonitor(String id, long totalBytes, long started,
        java.util.function.Consumer<SourceState.Progress> sink) {
      this.id = id;
      this.totalBytes = totalBytes;
      this.started = started;
      this.sink = sink;
      this.lastReport = started;
    }

    @Override
    public void progress(long records, long bytesRead) {
      heapGuard.check();
      long now = System.nanoTime();
      SourceState.Progress p = new SourceState.Progress(records, bytesRead, totalBytes, started);
      sink.accept(p);
      if (now - lastReport >= PROGRESS_INTERVAL_NANOS) {
        lastReport = now;
        listener.progress(id, p);
      }
    }
  }
}
