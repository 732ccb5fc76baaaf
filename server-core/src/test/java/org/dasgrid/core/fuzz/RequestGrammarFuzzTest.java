package org.dasgrid.core.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.config.ServerSettings;
import org.dasgrid.core.config.SourceConfig;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasService;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.registry.SourceRegistry;
import org.dasgrid.core.segment.SegmentRequest;
import org.dasgrid.core.source.InMemoryFeatureSource;

/**
 * Fuzzes the request grammar: segment arguments, raw query strings, and whole DAS requests against a small
 * source. The only acceptable failure is a {@link RequestException} (a clear client error); anything else (an
 * index or number exception, a hang) is a bug. Runs its seed corpus as a regression test in every build;
 * {@code JAZZER_FUZZ=1 ./mvnw test -pl server-core -Dtest=RequestGrammarFuzzTest} fuzzes for real.
 */
class RequestGrammarFuzzTest {
  private static final DasService DAS = service();

  private static DasService service() {
    Interner pool = new Interner();
    InMemoryFeatureSource.Builder b = InMemoryFeatureSource.builder().declareReference("chr1", 5_000);
    for (int i = 0; i < 200; i++) {
      b.add(Feature.builder("chr1", 1 + i * 20, 30 + i * 20).type(pool.type(i % 2 == 0 ? "exon" : "SNV"))
          .method(pool.method("fuzz")).parent(i > 0 ? "exon:chr1:1..30" : "root"));
    }
    LoadedSource s = new LoadedSource(SourceConfig.of("s", "fuzz", Path.of("s")), b.build(), "v", Optional.empty(),
        Instant.EPOCH, 0);
    return new DasService(new DasContext(SourceRegistry.ofLoaded(List.of(s)),
        ServerSettings.DEFAULTS.withMaxSegmentsPerRequest(50).withMaxFeaturesPerResponse(100), "fuzz"));
  }

  @FuzzTest(maxDuration = "60s")
  void segmentArgument(FuzzedDataProvider data) {
    try {
      SegmentRequest.parse(data.consumeRemainingAsString());
    } catch (RequestException expected) {
      // a clear 402
    }
  }

  @FuzzTest(maxDuration = "60s")
  void queryString(FuzzedDataProvider data) {
    try {
      QueryArguments a = QueryArguments.parse(data.consumeRemainingAsString());
      a.single("maxbins");
    } catch (RequestException expected) {
      // a clear 402
    }
  }

  @FuzzTest(maxDuration = "60s")
  void dasRequest(FuzzedDataProvider data) throws IOException {
    String command = data.pickValue(List.of("features", "types", "entry_points", "stylesheet", "sequence",
        "sources", "dsn", data.consumeString(12)));
    try {
      var response = DAS.handle(new DasRequest("s", command, QueryArguments.parse(data.consumeRemainingAsString()),
          "http://h/das"));
      response.writeTo(new ByteArrayOutputStream());
    } catch (RequestException expected) {
      // a clear DAS status
    }
  }
}
