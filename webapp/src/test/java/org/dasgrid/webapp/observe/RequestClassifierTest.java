package org.dasgrid.webapp.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.access.Tokens;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RequestClassifierTest {
  private static final String TOKEN = "reader-token";
  private final RequestClassifier classifier = new RequestClassifier(List.of(
      SourceConfig.of("dmel", "gff3", Path.of("dmel.gff3")), SourceConfig.of("ceu", "vcf", Path.of("ceu.vcf")),
      secret()));

  private static SourceConfig secret() {
    SourceConfig c = SourceConfig.of("secret", "gff3", Path.of("secret.gff3"));
    return new SourceConfig(c.id(), c.title(), c.description(), c.format(), c.file(), null, null, null, false,
        Access.TOKEN, null, List.of(Tokens.hash(TOKEN)), Map.of(), c.baseDir());
  }

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
    assertThat(classifier.classify(path, AccessCheck.PUBLIC_ONLY)).isEqualTo(new RequestKind(api, command, source));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "/das/secret/types, /das/nosuch/types",
    "/das/secret, /das/nosuch",
    "/genotypes/secret/variants, /genotypes/nosuch/variants",
    "/api/sources/secret, /api/sources/nosuch",
    "/api/sources/secret/search, /api/sources/nosuch/search"
  })
  void aProtectedSourceIsTaggedAsUnknownUnlessTheRequestMayReadIt(String path, String unknownPath) {
    RequestKind unknown = classifier.classify(unknownPath, AccessCheck.PUBLIC_ONLY);
    assertThat(unknown.source()).isEqualTo("unknown");
    assertThat(classifier.classify(path, AccessCheck.PUBLIC_ONLY)).isEqualTo(unknown);
    assertThat(classifier.classify(path, AccessCheck.bearer("wrong"))).isEqualTo(unknown);
    assertThat(classifier.classify(path, AccessCheck.bearer(TOKEN)).source()).isEqualTo("secret");
  }

  @Test
  void publicSourcesAreTaggedWhateverTheToken() {
    assertThat(classifier.classify("/das/dmel/types", AccessCheck.bearer("wrong")).source()).isEqualTo("dmel");
  }
}
