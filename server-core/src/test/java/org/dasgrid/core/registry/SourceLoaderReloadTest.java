package org.dasgrid.core.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceLoaderReloadTest {
  @TempDir Path dir;

  /** Counts loads; each load waits for {@link #gate} when one is set. */
  static final class CountingProvider implements DataSourceProvider {
    final AtomicInteger loads = new AtomicInteger();
    volatile CountDownLatch gate;

    @Override
    public String format() {
      return "counting";
    }

    @Override
    public DataSource load(SourceConfig config, LoadMonitor monitor) {
      loads.incrementAndGet();
      CountDownLatch g = gate;
      if (g != null) {
        try {
          g.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return InMemoryFeatureSource.builder().declareReference("chr1", 100).build();
    }
  }

  @Test
  void reloadsThatFinishAtOnceAllComplete() throws Exception {
    CountingProvider provider = new CountingProvider();
    SourceRegistry registry = registry();
    try (SourceLoader loader = new SourceLoader(DataSourceProviders.of(provider), LoadListener.NONE, 2)) {
      loader.loadAll(registry).get(10, TimeUnit.SECONDS);
      for (int i = 0; i < 500; i++) {
        assertThat(loader.reload(registry.slot("s").orElseThrow()).get(10, TimeUnit.SECONDS)).isTrue();
      }
    }
    assertThat(provider.loads.get()).isEqualTo(501);
  }

  @Test
  void reloadsAskedForDuringAReloadShareOneLaterLoad() throws Exception {
    CountingProvider provider = new CountingProvider();
    SourceRegistry registry = registry();
    try (SourceLoader loader = new SourceLoader(DataSourceProviders.of(provider), LoadListener.NONE, 2)) {
      loader.loadAll(registry).get(10, TimeUnit.SECONDS);
      SourceSlot slot = registry.slot("s").orElseThrow();
      provider.gate = new CountDownLatch(1);
      CompletableFuture<Boolean> first = loader.reload(slot);
      while (provider.loads.get() < 2) {
        Thread.sleep(5);
      }
      List<CompletableFuture<Boolean>> later = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        later.add(loader.reload(slot));
      }
      assertThat(later).allMatch(f -> f == later.get(0)).noneMatch(f -> f == first);
      provider.gate.countDown();
      assertThat(first.get(10, TimeUnit.SECONDS)).isTrue();
      assertThat(later.get(0).get(10, TimeUnit.SECONDS)).isTrue();
    }
    assertThat(provider.loads.get()).isEqualTo(3); // the first load, the running reload, one more after it
  }

  private SourceRegistry registry() throws Exception {
    Path file = Files.writeString(dir.resolve("data.txt"), "x");
    return new SourceRegistry(List.of(SourceConfig.of("s", "counting", file)));
  }
}
