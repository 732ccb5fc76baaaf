package org.dasgrid.webapp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up JIT warm-up: {@code /health/ready} says {@code warming} (503) after the sources are loaded and
 * {@code ready} only once the warm-up is over; its requests are in neither the access log nor the metrics; and
 * {@code --no-warmup} goes from loading straight to ready.
 */
class WarmupIT {
  @TempDir Path dir;

  @Test
  void readyOnlyAfterTheWarmupWhichLeavesNoTraceInLogsOrMetrics() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try (EmbeddedServer server = start(console, "--warmup-seconds", "3")) {
      List<String> states = pollReadiness(server);
      assertThat(states).as("readiness states seen").contains("warming").endsWith("ready");
      assertThat(states.indexOf("warming")).isLessThan(states.lastIndexOf("ready"));
      assertThat(states.subList(states.lastIndexOf("warming") + 1, states.size())).containsOnly("ready");
      String out = console.toString(StandardCharsets.UTF_8);
      assertThat(out).containsPattern("warmed up in [0-9.]+ s \\([0-9,]+ requests\\)");
      assertThat(Integer.parseInt(out.replaceAll("(?s).*warmed up in [0-9.]+ s \\(([0-9,]+) requests\\).*", "$1")
          .replace(",", ""))).isPositive();
      // the warm-up sent features requests for source ce; no client did
      Thread.sleep(1_500); // the console access log is flushed every second
      assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain("/das/ce/features")
          .doesNotContain("/api/sources");
      String metrics = Http.get(server.localUrl() + "/metrics").text();
      assertThat(metrics).doesNotContain("command=\"features\"");
      // and a client's request is counted as before
      assertThat(Http.get(server.localUrl() + "/das/ce/features?segment=I:1,50000").status()).isEqualTo(200);
      assertThat(Http.get(server.localUrl() + "/metrics").text()).contains("command=\"features\"");
    }
  }

  @Test
  void noWarmupGoesFromLoadingStraightToReady() throws Exception {
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try (EmbeddedServer server = start(console, "--no-warmup")) {
      List<String> states = pollReadiness(server);
      assertThat(states).endsWith("ready").doesNotContain("warming");
      assertThat(server.warmedUp()).isDone();
      assertThat(console.toString(StandardCharsets.UTF_8)).doesNotContain("warmed up");
    }
  }

  private EmbeddedServer start(ByteArrayOutputStream console, String... warmup) throws Exception {
    Files.copy(TestServer.example("ce_ws199.gff"), dir.resolve("ce.gff"));
    Files.writeString(dir.resolve("dasgrid.yaml"), """
        sources:
          - {id: ce, format: gff2, path: ce.gff}
        """);
    List<String> args = new ArrayList<>(List.of("--config", dir.resolve("dasgrid.yaml").toString(), "--port", "0",
        "--bind", "127.0.0.1"));
    args.addAll(List.of(warmup));
    return EmbeddedServer.start(ServerOptions.parse(args.toArray(String[]::new)),
        new PrintStream(console, true, StandardCharsets.UTF_8));
  }

  /** The distinct readiness states in the order seen, polled until ready (at most two minutes). */
  private static List<String> pollReadiness(EmbeddedServer server) throws InterruptedException {
    List<String> states = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < deadline) {
      Http.Response r = Http.get(server.localUrl() + "/health/ready");
      String state = r.text().replaceAll("(?s).*\"status\":\"([a-z]+)\".*", "$1");
      assertThat(r.status()).as(state).isEqualTo(state.equals("ready") ? 200 : 503);
      if (states.isEmpty() || !states.get(states.size() - 1).equals(state)) {
        states.add(state);
      }
      if (state.equals("ready")) {
        return states;
      }
      Thread.sleep(50);
    }
    return states;
  }
}
