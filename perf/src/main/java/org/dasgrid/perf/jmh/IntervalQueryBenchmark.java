package org.dasgrid.perf.jmh;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.FeatureFilter;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * The interval query on 2L (49,981 features, implicit interval tree): counting and visiting the features of
 * the stress-test segments, and of 1,024 random 50 bp windows (the batch test's lookups, ns per window).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class IntervalQueryBenchmark {
  @Param({"small", "medium", "large"})
  public String segment;

  private Dmel dmel;
  private Segment seg;
  private Segment[] windows;

  @Setup(Level.Trial)
  public void load() {
    dmel = new Dmel();
    String s = Workloads.STRESS_SEGMENTS.get(segment);
    String[] p = s.substring(s.indexOf(':') + 1).split(",");
    seg = new Segment("2L", Integer.parseInt(p[0]), Integer.parseInt(p[1]));
    SplittableRandom rnd = new SplittableRandom(42);
    windows = new Segment[1024];
    for (int i = 0; i < windows.length; i++) {
      int start = 1 + rnd.nextInt(4_400_000 - 50);
      windows[i] = new Segment("2L", start, start + 49);
    }
  }

  @TearDown(Level.Trial)
  public void close() {
    dmel.close();
  }

  @Benchmark
  public int count() {
    return dmel.data.countFeatures(seg, FeatureFilter.ANY);
  }

  @Benchmark
  public void visit(Blackhole bh) {
    dmel.data.features(seg, FeatureFilter.ANY, bh::consume);
  }

  /** 1,024 random 50 bp windows per op (the same for every segment parameter). */
  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public void randomWindows1024(Blackhole bh) {
    for (Segment w : windows) {
      dmel.data.features(w, FeatureFilter.ANY, bh::consume);
    }
  }
}
