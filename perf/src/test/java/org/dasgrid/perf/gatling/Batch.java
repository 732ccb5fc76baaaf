package org.dasgrid.perf.gatling;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.during;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;
import static org.dasgrid.perf.gatling.Report.f;
import static org.dasgrid.perf.gatling.Report.row;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.dasgrid.perf.Workloads;
import org.dasgrid.perf.gatling.Target.Variant;

/**
 * Batching: features requests carrying 1, 8, 64 or 256 {@code segment=} windows ({@code batch.width} bp,
 * default 50, the "small" test's size) at random places on 2L, by 1, 4 or 16 closed-loop users for {@code
 * batch.seconds} (5) each. Every request is new, so this measures the engine, not the response cache; no
 * static baseline (there are no fixed bytes to capture). Reports segments/s, request p50/p99, server CPU%
 * and server CPU per 1000 segments. Properties: {@code batch.sizes}, {@code batch.users}, {@code
 * batch.seconds}, {@code batch.width}, {@code batch.span} (4400000, the dense part of 2L), {@code
 * batch.variant} (warm or cold), plus those of {@link Target}.
 */
public class Batch extends Simulation {
  private final Target target = Target.fromSystemProperties();
  private final List<Integer> sizes = target.intsProp("batch.sizes", "1,8,64,256", "1,8");
  private final List<Integer> userLevels = target.intsProp("batch.users", "1,4,16", "1,2");
  private final int seconds = target.intProp("batch.seconds", 5, 0);
  private final int width = target.intProp("batch.width", 50, 50);
  private final int span = target.intProp("batch.span", 4_400_000, 4_400_000);
  private final Variant variant =
      Variant.valueOf(System.getProperty("batch.variant", "warm").toUpperCase(java.util.Locale.ROOT));
  private final List<Row> rows = new ArrayList<>();

  private record Row(int batch, int users, StepStats stats) {
    String name() {
      return "batch" + batch + "-u" + users;
    }
  }

  public Batch() {
    if (!target.has(variant)) {
      throw new IllegalArgumentException("batch.variant " + variant + " needs a BenchServer at " + target.base);
    }
    for (int users : userLevels) {
      for (int batch : sizes) {
        rows.add(new Row(batch, users, new StepStats(target, users)));
      }
    }
    List<PopulationBuilder> steps = new ArrayList<>();
    for (Row r : rows) {
      steps.add(step(r));
    }
    setUp(Steps.sequence(steps))
        .protocols(target.protocol())
        .assertions(global().failedRequests().count().is(0L));
  }

  private PopulationBuilder step(Row r) {
    StepStats s = r.stats();
    AtomicInteger seeds = new AtomicInteger();
    ChainBuilder one = exec(http(r.name())
            .get(session -> variant.prefix + Workloads.batch(target.source, target.ref, r.batch(), width, span,
                session.get("rnd")))
            .check(responseTimeInMillis().saveAs("rt"), status().is(200)))
        .exec(session -> s.record(session, r.batch()));
    // smoke: one request per user; otherwise a closed loop for the step's duration
    ChainBuilder loop = seconds == 0 ? repeat(1).on(one) : during(Duration.ofSeconds(seconds)).on(one);
    return scenario(r.name())
        .exec(session -> s.begin(session.set("rnd",
            new SplittableRandom(31L * r.batch() + 1_000_003L * r.users() + seeds.getAndIncrement()))))
        .exec(loop)
        .exec(session -> s.end(session))
        .injectOpen(atOnceUsers(r.users()));
  }

  @Override
  public void before() {
    System.out.println("Batch on " + target.describe());
    String probe = variant.prefix + Workloads.batch(target.source, target.ref, sizes.get(sizes.size() - 1), width,
        span, new SplittableRandom(1));
    var resp = target.get(probe, false);
    if (resp.isEmpty() || resp.get().statusCode() != 200) {
      throw new IllegalStateException("a batch of " + sizes.get(sizes.size() - 1) + " segments answered "
          + resp.map(x -> Integer.toString(x.statusCode())).orElse("nothing") + " at " + target.base
          + " (server.maxSegmentsPerRequest? source " + target.source + "?)");
    }
    int warmup = target.intProp("warmup", 300, 0);
    if (warmup > 0) {
      // JIT warm-up of the rendering path: through the cache-less twin when there is one, so each renders
      Variant v = target.has(Variant.COLD) ? Variant.COLD : variant;
      target.warmUp(v.prefix + Workloads.batch(target.source, target.ref, 64, width, span, new SplittableRandom(2)),
          false, warmup);
    }
  }

  @Override
  public void after() {
    Report report = new Report("Batch", target);
    report.heading("Batch: " + width + " bp windows at random on " + target.ref + ":1-" + span + ", "
        + (seconds == 0 ? "1 request per user" : seconds + " s per step") + ", " + variant.label);
    List<List<String>> table = new ArrayList<>();
    for (Row r : rows) {
      StepStats s = r.stats();
      double single = rows.stream().filter(x -> x.users() == r.users() && x.batch() == sizes.get(0))
          .mapToDouble(x -> x.stats().unitsPerSecond()).findFirst().orElse(Double.NaN);
      table.add(row(r.batch(), r.users(), s.ok() + s.failed(), f(s.units(), 0), f(s.unitsPerSecond(), 0),
          Report.ratio(s.unitsPerSecond(), single), f(s.latencies().percentile(50), 0),
          f(s.latencies().percentile(99), 0), s.failed(), f(s.cpuPercent(), 0), f(s.cpuMsPer(1000), 1)));
    }
    report.table(2, List.of("segments / request", "users", "requests", "segments", "segments/s",
        "x batch " + sizes.get(0), "p50 ms", "p99 ms", "failed", "server CPU %", "server CPU ms / 1000 segments"),
        table);
    report.publish();
  }
}
