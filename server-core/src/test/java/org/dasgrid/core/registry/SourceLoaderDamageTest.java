package org.dasgrid.core.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.source.DamageReport;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.ForwardingDataSource;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source whose files are found damaged after it started serving ({@link DamageReport}) is marked failed as a
 * failed load would be; the report of a version that a reload has already replaced changes nothing.
 */
class SourceLoaderDamageTest {
  @TempDir Path dir;

  /** A source that reports damage when told to. */
  static final class Damageable extends ForwardingDataSource implements DamageReport {
    final List<Consumer<String>> watchers = new CopyOnWriteArrayList<>();
    final java.util.concurrent.atomic.AtomicInteger checkedInBackground = new java.util.concurrent.atomic.AtomicInteger();

    Damageable() {
      super(InMemoryFeatureSource.builder().declareReference("chr1", 100).build());
    }

    @Override
    public void whenDamaged(Consumer<String> reason) {
      watchers.add(reason);
    }

    @Override
    public void checkRemaining() {
      checkedInBackground.incrementAndGet();
    }

    void damage(String reason) {
      watchers.forEach(w -> w.accept(reason));
    }
  }

  static final class Provider implements DataSourceProvider {
    final List<Damageable> made = new CopyOnWriteArrayList<>();

    @Override
    public String format() {
      return "damageable";
    }

    @Override
    public DataSource load(SourceConfig config, LoadMonitor monitor) {
      Damageable d = new Damageable();
      made.add(d);
      return d;
    }
  }

  /** Records the listener's failures. */
  static final class Failures implements LoadListener {
    final List<String> lines = new CopyOnWriteArrayList<>();

    @Override
    public void failed(String sourceId, String reason, boolean reload) {
      lines.add(sourceId + ": " + reason + (reload ? " (reload)" : ""));
    }
  }

  @Test
  void damageFoundAfterLoadMarksTheSourceFailedWithTheReason() throws Exception {
    Provider provider = new Provider();
    Failures failures = new Failures();
    SourceRegistry registry = registry();
    try (SourceLoader loader = new SourceLoader(DataSourceProviders.of(provider), failures, 2)) {
      loader.loadAll(registry).get(10, TimeUnit.SECONDS);
      SourceSlot slot = registry.slot("s").orElseThrow();
      assertThat(slot.state()).isInstanceOf(SourceState.Ready.class);
      provider.made.get(0).damage("0001-b.dgi: corrupt: checksum mismatch in contig chr1 section het");
      assertThat(slot.state()).isInstanceOfSatisfying(SourceState.Failed.class, f -> assertThat(f.reason())
          .isEqualTo("0001-b.dgi: corrupt: checksum mismatch in contig chr1 section het"));
      assertThat(failures.lines).containsExactly("s: 0001-b.dgi: corrupt: checksum mismatch in contig chr1 section het");
      assertThatThrownBy(() -> registry.require("s")).isInstanceOfSatisfying(RequestException.class, e -> {
        assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE);
        assertThat(e.getMessage()).contains("0001-b.dgi: corrupt");
      });
      // reported twice (a query and the background pass racing): one failure
      provider.made.get(0).damage("again");
      assertThat(failures.lines).hasSize(1);
      // a reload serves again; the old version's late report does not fail the new one
      assertThat(loader.reload(slot).get(10, TimeUnit.SECONDS)).isTrue();
      assertThat(slot.state()).isInstanceOf(SourceState.Ready.class);
      provider.made.get(0).damage("late report of the replaced version");
      assertThat(slot.state()).isInstanceOf(SourceState.Ready.class);
      assertThat(failures.lines).hasSize(1);
    }
  }

  @Test
  void deferredChecksWaitUntilTheServerSaysReadyThenRunForEveryLoad() throws Exception {
    Provider provider = new Provider();
    SourceRegistry registry = registry();
    try (SourceLoader loader = new SourceLoader(DataSourceProviders.of(provider), new Failures(), 2)) {
      loader.loadAll(registry).get(10, TimeUnit.SECONDS);
      Damageable first = provider.made.get(0);
      Thread.sleep(200); // time enough for a check that was wrongly started at load
      assertThat(first.checkedInBackground).hasValue(0);
      loader.startDeferredChecks();
      await(() -> first.checkedInBackground.get() == 1);
      // a version loaded once the server is ready (a reload) is checked at once
      assertThat(loader.reload(registry.slot("s").orElseThrow()).get(10, TimeUnit.SECONDS)).isTrue();
      Damageable second = provider.made.get(1);
      await(() -> second.checkedInBackground.get() == 1);
      assertThat(first.checkedInBackground).hasValue(1);
    }
  }

  private static void await(java.util.function.BooleanSupplier done) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!done.getAsBoolean() && System.nanoTime() < until) {
      Thread.sleep(10);
    }
    assertThat(done.getAsBoolean()).as("within 10 s").isTrue();
  }

  private SourceRegistry registry() throws Exception {
    Path file = Files.writeString(dir.resolve("data.txt"), "x");
    return new SourceRegistry(List.of(SourceConfig.of("s", "damageable", file)));
  }
}
