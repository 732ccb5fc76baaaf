package org.dasgrid.core.das;

import java.util.ArrayList;
import java.util.List;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.SequenceSource;

/**
 * The DAS capabilities of a source, derived from the capability interfaces it implements rather than
 * declared, so they cannot disagree with what it does.
 */
public final class Capabilities {
  /** Commands the server answers whatever the source. */
  public static final String SERVER = "sources/1.0; dsn/1.0";

  private Capabilities() {}

  /** Capability names (without versions) of a source, e.g. {@code features}, {@code sequence}. */
  public static List<String> of(DataSource source) {
    List<String> caps = new ArrayList<>(List.of("entry_points", "types", "features", "feature-by-id",
        "stylesheet", "maxbins", "unknown-segment", "error-segment", "unknown-feature"));
    if (source.capability(SequenceSource.class).isPresent()) {
      caps.add("sequence");
    }
    return caps;
  }

  /** The {@code X-DAS-Capabilities} header value of a source. */
  public static String header(DataSource source) {
    StringBuilder sb = new StringBuilder(SERVER);
    for (String c : of(source)) {
      sb.append("; ").append(c).append("/1.0");
    }
    return sb.toString();
  }
}
