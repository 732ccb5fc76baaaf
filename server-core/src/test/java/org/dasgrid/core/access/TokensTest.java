package org.dasgrid.core.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.dasgrid.core.config.Access;
import org.dasgrid.core.config.SourceConfig;
import org.junit.jupiter.api.Test;

class TokensTest {
  @Test
  void digestsMatchTheirTokenOnlyWithOrWithoutPrefix() {
    String d = Tokens.hash("abc");
    assertThat(d).isEqualTo("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    assertThat(Tokens.matches("abc", List.of(d))).isTrue();
    assertThat(Tokens.matches("abc", List.of(d.substring(7).toUpperCase()))).isTrue();
    assertThat(Tokens.matches("abd", List.of(d))).isFalse();
    assertThat(Tokens.matches("", List.of(d))).isFalse();
    assertThat(Tokens.matches(null, List.of(d))).isFalse();
    assertThat(Tokens.isDigest(d)).isTrue();
    assertThat(Tokens.isDigest("my-password")).isFalse();
  }

  @Test
  void bearerChecksReadPublicAndMatchingProtectedSources() {
    SourceConfig open = SourceConfig.of("o", "gff3", Path.of("o.gff3"));
    SourceConfig closed = new SourceConfig("c", null, null, "gff3", "c.gff3", null, null, null, false,
        Access.TOKEN, null, List.of(Tokens.hash("t")), null, null);
    assertThat(AccessCheck.PUBLIC_ONLY.mayRead(open)).isTrue();
    assertThat(AccessCheck.PUBLIC_ONLY.mayRead(closed)).isFalse();
    assertThat(AccessCheck.bearer("t").mayRead(closed)).isTrue();
    assertThat(AccessCheck.bearer("x").mayRead(closed)).isFalse();
    assertThat(AccessCheck.bearer(null).mayRead(open)).isTrue();
  }
}
