package org.dasgrid.webapp.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestClassifierTest {
  private final RequestClassifier classifier = new RequestClassifier(Set.of("dmel", "ceu"));

  @ParameterizedTest(name = "{0} -> {1} {2} {3}")
  @CsvSource({
    "/das, das, sources, -",
    "/das/, das, sources, -",
    "/das/sources, das, sources, -",
    "/das/dsn, das, dsn, -",
    "/das/dmel, das, sources, dmel",
    "/das/dmel/features, das, features, dmel",
    "/das/dmel/entry_points, das, entry_points, dmel",
    "/das/dmel/whatever, das, other, dmel",
    "/das/evil<script>/features, das, features, unknown",
    "/das/a/b/c/d, das, other, unknown",
    "/genotypes/ceu/variants, genotypes, variants, ceu",
    "/genotypes/ceu/count, genotypes, count, ceu",
    "/genotypes/nope/samples, genotypes, samples, unknown",
    "/genotypes/ceu, genotypes, other, ceu",
    "/api/sources, api, sources, -",
    "/api/sources/dmel, api, source, dmel",
    "/api/sources/dmel/search, api, search, dmel",
    "/api/sources/x/chrom.sizes, api, chrom.sizes, unknown",
    "/api/other, api, other, -",
    "/health/ready, health, ready, -",
    "/health/nope, health, other, -",
    "/metrics, metrics, metrics, -",
    "/openapi.json, openapi, openapi, -",
    "/, page, -, -",
    "/vendor/igv/dist/igv.min.js, page, -, -"
  })
  void tagsComeFromFixedSetsWhateverThePath(String path, String api, String command, String source) {
    assertThat(classifier.classify(path)).isEqualTo(new RequestKind(api, command, source));
  }
}
