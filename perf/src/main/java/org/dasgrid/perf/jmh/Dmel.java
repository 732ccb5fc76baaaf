package org.dasgrid.perf.jmh;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.webapp.app.DasGridApp;

/** The bundled example sources loaded once per benchmark fork, as the server loads them. */
final class Dmel implements AutoCloseable {
  final DasGridApp app;
  final DataSource data;

  Dmel() {
    app = DasGridApp.start((java.nio.file.Path) null, new PrintStream(OutputStream.nullOutputStream()));
    app.loaded().join();
    data = app.registry().require("dmel").data();
  }

  /** The first {@code n} features of 2L:1,1605126 (the large test), in start order. */
  List<Feature> features(int n) {
    List<Feature> out = new ArrayList<>(n);
    data.features(new Segment("2L", 1, 1_605_126), FeatureFilter.ANY, f -> {
      if (out.size() < n) {
        out.add(f);
      }
    });
    if (out.size() < n) {
      throw new IllegalStateException("only " + out.size() + " features in 2L:1,1605126");
    }
    return out;
  }

  @Override
  public void close() {
    app.close();
  }
}
