package org.dasgrid.perf.gatling;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.group;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;
import static org.dasgrid.perf.gatling.Report.f;
import static org.dasgrid.perf.gatling.Report.row;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.dasgrid.perf.Workloads;
import org.dasgrid.perf.gatling.Target.Variant;

/**
 * Virtual users walking a genome-browser session ({@link Workloads#browserSession}: 12 pans and zooms over 2L at
 * a locus of the user's own, each fetching the view's features, gzip accepted as browsers do; the track's
 * sources, entry points and types are fetched once before, as a browser does when a track is added), at 1, 2,
 * 4, 8, 16 and 100 users started together, with a think time between moves. For each level: a cold step
 * (DasGrid's response cache emptied first; BenchServer only; every view of every user is a different segment,
 * so cold means rendered), a warm step (the same sessions again) and the static bytes. Reports per-request
 * p50/p95/p99, session length (with and without think time) and the cache hit ratio the server counted during
 * the step (BenchServer's {@code /bench/info}).
 * Properties: {@code sessions.users} (1,2,4,8,16,100), {@code sessions.thinkMs} (500: each pause is uniform
 * in [0.5, 1.5] of it), plus those of {@link Target}.
 */
public class BrowserSessions extends Simulation {
  private final Target target = Target.fromSystemProperties();
  private final List<Integer> levels = target.intsProp("sessions.users", "1,2,4,8,16,100", "1,2");
  private final int thinkMs = target.intProp("sessions.thinkMs", 500, 0);
  private final List<Row> rows = new ArrayList<>();

  private record Row(int users, String cache, Variant variant, StepStats stats) {
    String name() {
      return "u" + users + "-" + cache;
    }
  }

  public BrowserSessions() {
    for (int users : levels) {
      if (target.has(Variant.WARM) && target.benchServer) {
        rows.add(new Row(users, "cold", Variant.WARM,
            new StepStats(target, users, () -> {
              if (!target.invalidateCache()) {
                throw new IllegalStateException("cannot empty the cache at " + target.base);
              }
            })));
      }
      if (target.has(Variant.WARM)) {
        rows.add(new Row(users, "warm", Variant.WARM, new StepStats(target, users)));
      }
      if (target.has(Variant.STATIC)) {
        rows.add(new Row(users, "static", Variant.STATIC, new StepStats(target, users)));
      }
    }
    List<PopulationBuilder> steps = new ArrayList<>();
    for (Row r : rows) {
      steps.add(step(r));
    }
    setUp(Steps.sequence(steps))
        .protocols(target.protocol().acceptEncodingHeader("gzip, deflate"))
        .assertions(global().failedRequests().count().is(0L));
  }

  private PopulationBuilder step(Row r) {
    StepStats s = r.stats();
    AtomicInteger nextUser = new AtomicInteger();
    int length = Workloads.browserSession(target.source, target.ref, 0).size();
    ChainBuilder move = exec(http(session -> step(session).name())
            .get(session -> r.variant().prefix + step(session).path())
            .check(responseTimeInMillis().saveAs("rt"), status().is(200)))
        .exec(session -> s.record(session, 1));
    if (thinkMs > 0) {
      move = move.exec(doIf(session -> session.getInt("i") < length - 1)
          .then(pause(Duration.ofMillis(thinkMs / 2), Duration.ofMillis(thinkMs * 3L / 2))));
    }
    ChainBuilder start = exec(session -> session.set("steps",
        Workloads.browserSession(target.source, target.ref, nextUser.getAndIncrement())));
    if (thinkMs > 0) {
      start = start.exec(pause(Duration.ZERO, Duration.ofMillis(thinkMs))); // users do not arrive in lockstep
    }
    return scenario(r.name())
        .exec(start)
        .exec(group(r.name()).on(exec(session -> s.begin(session))
            .exec(repeat(length, "i").on(move))
            .exec(session -> s.end(session))))
        .injectOpen(atOnceUsers(r.users()));
  }

  private static Workloads.Step step(Session session) {
    List<Workloads.Step> steps = session.getList("steps");
    return steps.get(session.getInt("i"));
  }

  @Override
  public void before() {
    System.out.println("BrowserSessions on " + target.describe());
    List<Workloads.Step> warmed = new ArrayList<>(Workloads.trackSetup(target.source));
    warmed.addAll(Workloads.browserSession(target.source, target.ref, 0));
    for (Workloads.Step st : warmed) {
      var resp = target.get(st.path(), true);
      if (resp.isEmpty() || resp.get().statusCode() != 200) {
        throw new IllegalStateException("GET " + target.base + st.path() + " answered "
            + resp.map(x -> Integer.toString(x.statusCode())).orElse("nothing"));
      }
      int warmup = target.intProp("warmup", 50, 0);
      for (Variant v : target.variants) {
        target.warmUp(v.prefix + st.path(), true, warmup); // JIT warm-up; the cold steps empty the cache first
      }
    }
  }

  @Override
  public void after() {
    Report report = new Report("BrowserSessions", target);
    int length = Workloads.browserSession(target.source, target.ref, 0).size();
    report.heading("Browser sessions: " + length + " requests per session, think time " + thinkMs
        + " ms (uniform 0.5-1.5x), gzip");
    if (!target.benchServer) {
      report.line("No cold rows: the server cannot empty its cache on request (use a BenchServer).\n");
    }
    List<List<String>> table = new ArrayList<>();
    for (Row r : rows) {
      StepStats s = r.stats();
      double oneUser = rows.stream().filter(x -> x.users() == levels.get(0) && x.cache().equals(r.cache()))
          .mapToDouble(x -> x.stats().sessions().percentile(50)).findFirst().orElse(Double.NaN);
      table.add(row(r.users(), r.cache(), s.ok() + s.failed(), f(s.latencies().percentile(50), 0),
          f(s.latencies().percentile(95), 0), f(s.latencies().percentile(99), 0),
          f(s.latencies().percentile(100), 0), f(s.sessions().percentile(50) / 1000, 2),
          f(s.sessions().percentile(100) / 1000, 2), f(s.waits().percentile(50), 0), f(s.waits().percentile(100), 0),
          Report.ratio(s.sessions().percentile(50), oneUser), s.failed(), f(s.cpuPercent(), 0),
          r.variant() == Variant.STATIC || Double.isNaN(s.cacheHitRatio()) ? "-"
              : f(100 * s.cacheHitRatio(), 1) + " %"));
    }
    report.table(2, List.of("users", "cache", "requests", "p50 ms", "p95 ms", "p99 ms", "max ms", "session p50 s",
        "session max s", "waiting p50 ms", "waiting max ms", "session / " + levels.get(0) + " user", "failed",
        "server CPU %", "cache hit ratio (measured)"), table);
    report.line("\nsession = first request to last response, think time included; waiting = the sum of its "
        + "response times.");
    report.publish();
  }
}
