package org.dasgrid.core.feature;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkTest {
  @Test
  void aDatabaseLinkJoinsItsHrefFromThePrefixAndTheEndOfItsText() {
    Link link = Link.toDatabase("http://flybase.org/reports/", "FlyBase:FBgn0031208", 8);
    assertThat(link.href()).isEqualTo("http://flybase.org/reports/FBgn0031208");
    assertThat(link.hrefPrefix() + link.text().substring(link.hrefTextStart())).isEqualTo(link.href());
  }

  @Test
  void aPlainLinkKeepsItsHrefWholeAsThePrefix() {
    Link link = new Link("http://x/?q=1&r=2", "x");
    assertThat(link.hrefPrefix()).isEqualTo("http://x/?q=1&r=2");
    assertThat(link.hrefTextStart()).isEqualTo(1);
    assertThat(link.href()).isEqualTo(link.hrefPrefix());
  }
}
