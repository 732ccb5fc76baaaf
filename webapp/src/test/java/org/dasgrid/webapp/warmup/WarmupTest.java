package org.dasgrid.webapp.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WarmupTest {
  @Test
  void everyRenderedRequestAsksForALocusNoOtherAskedWithinTheDefaultLocus() {
    // a 10 kb default locus, as DefaultLocus gives, and one as short as a reference may make it
    for (int span : new int[] {10_000, 7}) {
      Warmup.RequestPath rendered = Warmup.rendered("/das/s", "2L", 5_001, span);
      Set<String> seen = new HashSet<>();
      for (long n = 1; n <= Warmup.MAX_REQUESTS; n++) {
        String path = rendered.of(n);
        assertThat(seen.add(path)).as("request %d: %s asked before", n, path).isTrue();
        String segment = URLDecoder.decode(path.substring(path.indexOf("segment=") + 8), StandardCharsets.UTF_8);
        String[] range = segment.substring(segment.indexOf(':') + 1).split(",");
        assertThat(segment).startsWith("2L:");
        assertThat(Integer.parseInt(range[0])).isBetween(5_001, 5_000 + span);
        assertThat(Integer.parseInt(range[1]) - Integer.parseInt(range[0])).isBetween(49, 49 + Warmup.MAX_REQUESTS / span);
      }
    }
  }
}
