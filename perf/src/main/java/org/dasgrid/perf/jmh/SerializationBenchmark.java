package org.dasgrid.perf.jmh;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.render.FeatureDocument;
import org.dasgrid.core.render.FeaturesJsonWriter;
import org.dasgrid.core.render.FeaturesXmlWriter;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.webapp.http.FastGzip;
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
 * Serializing 10,000 real FlyBase features (the first of 2L:1,1605126, with notes, parents and parts) as one
 * DASGFF segment, in XML and JSON, through the same 64 KB buffer the servlet uses, optionally gzipped at the
 * servlet's level (BEST_SPEED). Result: ms per 10,000 features.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class SerializationBenchmark {
  static final int FEATURES = 10_000;

  @Param({"xml", "json"})
  public String format;

  @Param({"false", "true"})
  public boolean gzip;

  private Dmel dmel;
  private List<Feature> features;
  private Segment segment;

  @Setup(Level.Trial)
  public void load() {
    dmel = new Dmel();
    features = dmel.features(FEATURES);
    segment = new Segment("2L", 1, features.get(features.size() - 1).end());
  }

  @TearDown(Level.Trial)
  public void close() {
    dmel.close();
  }

  @Benchmark
  public long write() throws IOException {
    CountingSink sink = new CountingSink();
    OutputStream encoded = gzip ? new FastGzip(sink) : sink;
    BufferedOutputStream out = new BufferedOutputStream(encoded, 64 * 1024);
    FeatureDocument doc = format.equals("json") ? new FeaturesJsonWriter(out) : new FeaturesXmlWriter(out);
    doc.begin("http://127.0.0.1:8080/das/dmel/features");
    doc.beginSegment("2L", segment, "1", "2L");
    for (Feature f : features) {
      doc.feature(f);
    }
    doc.endSegment();
    doc.end();
    out.flush();
    if (gzip) {
      ((FastGzip) encoded).finish();
    }
    return sink.bytes;
  }
}
