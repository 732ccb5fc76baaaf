package org.dasgrid.webapp.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RequestIdFilterTest {
  @Test
  void newIdsAre32LowercaseHexDigitsAndDoNotRepeat() {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 10_000; i++) {
      String id = RequestIdFilter.newId();
      assertThat(id).matches("[0-9a-f]{32}");
      assertThat(seen.add(id)).isTrue();
    }
  }
}
