package org.dasgrid.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatling.shared.cli.GatlingCliOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A smoke run of every Gatling simulation (a handful of requests per step, {@code smoke=true}) against a
 * BenchServer started here on a free port, so CI proves the simulations, the static baseline and the cold
 * twin work without spending minutes on load. Full runs: perf/README.md.
 */
class GatlingSmokeIT {
  private static BenchServer server;
  private static final ByteArrayOutputStream console = new ByteArrayOutputStream();

  @BeforeAll
  static void start() throws Exception {
    server = BenchServer.start(BenchServer.Options.defaults().withPort(0),
        new PrintStream(console, true, StandardCharsets.UTF_8));
    System.setProperty("baseUrl", server.localUrl());
    System.setProperty("smoke", "true");
    System.setProperty("resultsDir", Path.of("target", "perf-results-smoke").toString());
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
    for (String p : new String[] {"baseUrl", "smoke", "resultsDir"}) {
      System.clearProperty(p);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"DasStress", "BrowserSessions", "Batch", "GenotypeQueries"})
  void simulationRunsWithoutFailedRequests(String simulation) {
    String[] args = {
      GatlingCliOptions.Simulation.shortOption(), "org.dasgrid.perf.gatling." + simulation,
      GatlingCliOptions.ResultsFolder.shortOption(), Path.of("target", "gatling-smoke").toString(),
      GatlingCliOptions.NoReports.shortOption(),
    };
    int status = io.gatling.app.Gatling$.MODULE$.fromArgs(args);
    assertThat(status).as("Gatling exit status of %s (0 = ran, every assertion held)", simulation).isZero();
  }
}
