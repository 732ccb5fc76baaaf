package org.dasgrid.perf.gatling;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.repeat;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.core.CoreDsl.responseTimeInMillis;
import static io.gatling.javaapi.http.HttpDsl.status;
import static org.dasgrid.perf.gatling.Report.f;
import static org.dasgrid.perf.gatling.Report.ratio;
import static org.dasgrid.perf.gatling.Report.row;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dasgrid.perf.Workloads;
import org.dasgrid.perf.gatling.Target.Variant;

/**
 * The classic DAS stress test: small, medium and large features requests, each by {@code users} (10)
 * closed-loop users sending {@code requests} (1000) in all, one step at a time, against DasGrid (warm cache),
 * its cache-less twin and the static bytes when the target is a BenchServer; medium and large also with gzip.
 * Before the steps, each URL gets {@code warmup} (5000; large: 1/50 of it) untimed requests, so the JIT has
 * compiled every path. Properties: {@code users}, {@code requests}, {@code large.requests}, {@code warmup},
 * plus those of {@link Target}.
 */
public class DasStress extends Simulation {
  private final Target target = Target.fromSystemProperties();
  private final int users = target.intProp("users", 10, 2);
  private final int requests = target.intProp("requests", 1000, 4);
  private final int largeRequests = target.intProp("large.requests", requests, 4);
  private final int warmup = target.intProp("warmup", 5000, 0);
  private final List<Row> rows = new ArrayList<>();

  /** One step: a test, where it goes, and what it measured. */
  private record Row(String test, Variant variant, boolean gzip, String path, int requests, StepStats stats) {
    String name() {
      return test + "-" + variant.name().toLowerCase(java.util.Locale.ROOT) + (gzip ? "-gzip" : "");
    }
  }

  public DasStress() {
    for (Map.Entry<String, String> e : Workloads.stress(target.source).entrySet()) {
      String test = e.getKey();
      int n = test.equals("large") ? largeRequests : requests;
      for (Variant v : target.variants) {
        rows.add(new Row(test, v, false, e.getValue(), n, new StepStats(target, users)));
      }
      if (!test.equals("small")) {
        for (Variant v : target.variants) {
          if (v != Variant.COLD) {
            rows.add(new Row(test, v, true, e.getValue(), n, new StepStats(target, users)));
          }
        }
      }
    }
    List<PopulationBuilder> steps = new ArrayList<>();
    if (warmup > 0) {
      // Gatling's own JIT warms up too: a first, unrecorded step, so the first measured row is not the client's
      Variant v = target.has(Variant.STATIC) ? Variant.STATIC : Variant.WARM;
      steps.add(scenario("client-warmup")
          .exec(repeat(Math.max(1, warmup / users)).on(exec(http("client-warmup")
              .get(v.prefix + Workloads.stress(target.source).get("small")).check(status().is(200)))))
          .injectOpen(atOnceUsers(users)));
    }
    for (Row r : rows) {
      steps.add(step(r));
    }
    setUp(Steps.sequence(steps))
        .protocols(target.protocol())
        .assertions(global().failedRequests().count().is(0L));
  }

  private PopulationBuilder step(Row r) {
    int perUser = Math.max(1, (r.requests() + users - 1) / users);
    HttpRequestActionBuilder get = http(r.name()).get(r.variant().prefix + r.path())
        .header("Accept-Encoding", r.gzip() ? "gzip" : "identity")
        .check(responseTimeInMillis().saveAs("rt"), status().is(200));
    StepStats s = r.stats();
    return scenario(r.name())
        .exec(session -> s.begin(session))
        .exec(repeat(perUser).on(exec(get).exec(session -> s.record(session, 1))))
        .exec(session -> s.end(session))
        .injectOpen(atOnceUsers(users));
  }

  @Override
  public void before() {
    System.out.println("DasStress on " + target.describe());
    for (Row r : rows) {
      // a request per URL first: fills the cache for the warm steps, and fails early on a wrong source
      var resp = target.get(r.variant().prefix + r.path(), r.gzip());
      if (resp.isEmpty() || resp.get().statusCode() != 200) {
        throw new IllegalStateException("GET " + target.base + r.variant().prefix + r.path() + " answered "
            + resp.map(x -> Integer.toString(x.statusCode())).orElse("nothing") + "; is source '"
            + target.source + "' served there (property source)?");
      }
      if (warmup > 0) {
        int n = r.test().equals("large") ? Math.max(1, warmup / 50) : warmup;
        System.out.println("warm-up: " + n + " x " + r.name());
        target.warmUp(r.variant().prefix + r.path(), r.gzip(), n);
      }
    }
  }

  @Override
  public void after() {
    Report report = new Report("DasStress", target);
    report.heading("DAS stress test: " + users + " closed-loop users per step (Gatling, keep-alive)");
    List<List<String>> table = new ArrayList<>();
    for (Row r : rows) {
      StepStats s = r.stats();
      double baseline = rows.stream()
          .filter(x -> x.test().equals(r.test()) && x.gzip() == r.gzip() && x.variant() == Variant.STATIC)
          .mapToDouble(x -> x.stats().perSecond()).findFirst().orElse(Double.NaN);
      long bytes = target.size(r.variant().prefix + r.path(), r.gzip());
      table.add(row(r.test() + (r.gzip() ? ", gzip" : ""), r.variant().label, s.ok() + s.failed(),
          f(s.perSecond(), 1), f(s.latencies().mean(), 1), f(s.latencies().percentile(50), 0),
          f(s.latencies().percentile(99), 0), f(bytes, 0), s.failed(), f(s.cpuPercent(), 0), f(s.cpuMsPer(1000), 0),
          r.variant() == Variant.STATIC ? "-" : ratio(s.perSecond(), baseline)));
    }
    report.table(2, List.of("test", "server", "requests", "req/s", "mean ms", "p50 ms", "p99 ms", "bytes/response",
        "failed", "server CPU %", "server CPU µs/request", "/ static"), table);
    for (String test : Workloads.STRESS_SEGMENTS.keySet()) {
      String path = Workloads.stress(target.source).get(test);
      long plain = target.size(path, false);
      long gz = target.size(path, true);
      report.line("\n" + test + ": " + f(plain, 0) + " bytes, " + f(gz, 0) + " gzipped ("
          + f((double) plain / gz, 1) + "x smaller)");
    }
    report.publish();
  }
}
