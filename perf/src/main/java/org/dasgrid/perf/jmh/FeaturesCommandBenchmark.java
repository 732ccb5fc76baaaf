package org.dasgrid.perf.jmh;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.perf.Workloads;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The DAS features command below HTTP, on the stress-test segments: {@code handle} is what every request
 * pays before the response cache is consulted (parse, resolve, count against the limit, cache key);
 * {@code render} adds writing the whole document, what a cache miss pays.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class FeaturesCommandBenchmark {
  @Param({"small", "medium", "large"})
  public String segment;

  private Dmel dmel;
  private DasRequest request;

  @Setup(Level.Trial)
  public void load() {
    dmel = new Dmel();
    request = new DasRequest("dmel", "features",
        QueryArguments.parse("segment=" + Workloads.STRESS_SEGMENTS.get(segment)), "http://127.0.0.1:8080/das");
  }

  @TearDown(Level.Trial)
  public void close() {
    dmel.close();
  }

  @Benchmark
  public String handle() {
    return dmel.app.das().handle(request).cacheKey();
  }

  @Benchmark
  public long render() throws IOException {
    DasResponse r = dmel.app.das().handle(request);
    CountingSink sink = new CountingSink();
    BufferedOutputStream out = new BufferedOutputStream(sink, 64 * 1024);
    r.writeTo(out);
    out.flush();
    return sink.bytes;
  }
}
