package org.dasgrid.perf;

import static org.assertj.core.api.Assertions.assertThat;

import org.dasgrid.core.config.DasGridConfig;
import org.dasgrid.webapp.app.DasGridApp;
import org.junit.jupiter.api.Test;

class BenchServerTest {
  @Test
  void benchmarkConfigTurnsOffTheRateLimitAndSetsTheCacheKeepingEverythingElse() {
    DasGridConfig config = DasGridApp.loadConfig(null);
    DasGridConfig warm = BenchServer.forBenchmarks(config, null);
    DasGridConfig cold = BenchServer.forBenchmarks(config, 0L);

    assertThat(warm.server().rateLimit().enabled()).isFalse();
    assertThat(cold.server().rateLimit().enabled()).isFalse();
    assertThat(warm.server().cacheBytes()).isEqualTo(config.server().cacheBytes());
    assertThat(cold.server().cacheBytes()).isZero();
    assertThat(cold.server().maxSegmentsPerRequest()).isEqualTo(config.server().maxSegmentsPerRequest());
    assertThat(cold.server().http()).isEqualTo(config.server().http());
    assertThat(cold.sources()).isEqualTo(config.sources());
  }

  @Test
  void staticBaselineHoldsTheStressTestsAndEveryBrowserSessionRequest() {
    var paths = BenchServer.paths(BenchServer.Options.defaults());
    assertThat(paths).containsAll(Workloads.stress("dmel").values())
        .containsAll(Workloads.browserPaths("dmel", "2L")).doesNotHaveDuplicates();
  }

  @Test
  void everyViewOfEveryBrowserUserIsADifferentSegmentSoColdMeansRendered() {
    java.util.List<String> views = new java.util.ArrayList<>();
    for (int u = 0; u < 100; u++) {
      Workloads.browserSession("dmel", "2L", u).forEach(s -> views.add(s.path()));
    }
    assertThat(views).hasSize(100 * 12).doesNotHaveDuplicates()
        .noneMatch(p -> Workloads.trackSetup("dmel").stream().anyMatch(t -> t.path().equals(p)));
    assertThat(BenchServer.paths(BenchServer.Options.parse("--browser-users", "100"))).containsAll(views);
  }
}
