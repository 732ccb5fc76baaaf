package org.dasgrid.core.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.DataSourceProvider;
import org.dasgrid.core.source.DataSourceProviders;
import org.dasgrid.core.source.InMemoryFeatureSource;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceLoaderTest {
  @TempDir Path dir;

  /** A provider whose file holds a feature count, or "bad" to fail with a line number. */
  static final class CountingProvider implements DataSourceProvider {
    final AtomicInteger loads = new AtomicInteger();

    @Override
    public String format() {
      return "count";
    }

    @Override
    public DataSource load(SourceConfig config, LoadMonitor monitor) throws SourceLoadException {
      loads.incrementAndGet();
      String text;
      try {
        text = Files.readString(config.path()).trim();
      } catch (IOException e) {
        throw SourceLoadException.badFile(config.path(), "cannot read");
      }
      if (text.equals("bad")) {
        throw SourceLoadException.badRecord(config.path(), 7, "not a count");
      }
      Interner pool = new Interner();
      InMemoryFeatureSource.Builder b = InMemoryFeatureSource.builder();
      for (int i = 0; i < Integer.parseInt(text); i++) {
        b.add(Feature.builder("c", i + 1, i + 1).type(pool.type("x")).method(pool.method("m")));
        monitor.progress(i + 1, 0);
      }
      return b.build();
    }
  }

  private SourceConfig source(String id, String content) throws IOException {
    Path p = dir.resolve(id + ".txt");
    Files.writeString(p, content);
    return SourceConfig.of(id, "count", p);
  }

  @Test
  void loadsInParallelAndKeepsServingWhenOneFails() throws Exception {
    SourceRegistry registry = new SourceRegistry(List.of(source("a", "3"), source("b", "bad")));
    try (SourceLoader loader = new SourceLoader(DataSourceProviders.of(new CountingProvider()), LoadListener.NONE, 2)) {
      loader.loadAll(registry).get(30, TimeUnit.SECONDS);
    }
    assertThat(registry.settled()).isTrue();
    assertThat(registry.require("a").data().stats().records()).isEqualTo(3);
    assertThat(registry.slot("b").orElseThrow().state()).isInstanceOfSatisfying(SourceState.Failed.class,
        f -> assertThat(f.reason()).isEqualTo("b.txt:7: not a count"));
    assertThatThrownBy(() -> registry.require("b")).isInstanceOfSatisfying(RequestException.class,
        e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNAVAILABLE));
    assertThatThrownBy(() -> registry.require("zz")).isInstanceOfSatisfying(RequestException.class,
        e -> assertThat(e.kind()).isEqualTo(ErrorKind.UNKNOWN_SOURCE));
  }

  @Test
  void aFailedReloadKeepsTheOldVersionServing() throws Exception {
    SourceConfig a = source("a", "3");
    SourceRegistry registry = new SourceRegistry(List.of(a));
    try (SourceLoader loader = new SourceLoader(DataSourceProviders.of(new CountingProvider()), LoadListener.NONE, 2)) {
      loader.loadAll(registry).get(30, TimeUnit.SECONDS);
      String v1 = registry.require("a").version();
      Files.writeString(a.path(), "bad");
      assertThat(loader.reload(registry.slot("a").orElseThrow()).get(30, TimeUnit.SECONDS)).isFalse();
      assertThat(registry.require("a").version()).isEqualTo(v1);
      assertThat(registry.slot("a").orElseThrow().lastReloadError()).contains("a.txt:7: not a count");
      Files.writeString(a.path(), "5");
      assertThat(loader.reload(registry.slot("a").orElseThrow()).get(30, TimeUnit.SECONDS)).isTrue();
      assertThat(registry.require("a").data().stats().records()).isEqualTo(5);
      assertThat(registry.require("a").version()).isNotEqualTo(v1);
      assertThat(registry.slot("a").orElseThrow().lastReloadError()).isEmpty();
    }
  }

  @Test
  void aSourceThatWouldFillTheHeapIsRefusedWithAClearMessage() throws Exception {
    SourceRegistry registry = new SourceRegistry(List.of(source("big", "10")));
    try (SourceLoader loader =
        new SourceLoader(DataSourceProviders.of(new CountingProvider()), LoadListener.NONE, 1, 0.0001)) {
      loader.loadAll(registry).get(30, TimeUnit.SECONDS);
    }
    assertThat(registry.slot("big").orElseThrow().state()).isInstanceOfSatisfying(SourceState.Failed.class,
        f -> assertThat(f.reason()).startsWith("big.txt: refused: loading it would fill more than 0% of the heap")
            .contains("server.maxHeapShare"));
  }

  @Test
  void versionsFollowContent() throws Exception {
    Path f = dir.resolve("v.txt");
    Files.writeString(f, "1");
    String v1 = SourceVersion.of(List.of(f));
    assertThat(SourceVersion.of(List.of(f))).isEqualTo(v1);
    Files.writeString(f, "2");
    assertThat(SourceVersion.of(List.of(f))).isNotEqualTo(v1);
  }
}
