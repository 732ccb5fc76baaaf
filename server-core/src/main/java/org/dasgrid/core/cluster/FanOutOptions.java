package org.dasgrid.core.cluster;

import java.util.Locale;
import java.util.Optional;
import org.dasgrid.core.error.RequestException;

/**
 * How one request may be answered across the cluster: whether an answer missing some shards is acceptable
 * (flagged as partial) rather than an error, and the most features a node sends per segment before it sends
 * only the count.
 */
public record FanOutOptions(boolean allowPartial, int maxFeatures) {
  public static final FanOutOptions STRICT = new FanOutOptions(false, Integer.MAX_VALUE);
  /** For callers that count features rather than read them: nodes send counts only. */
  public static final FanOutOptions COUNTS = new FanOutOptions(false, 0);

  /**
   * From the value of a request's {@code partial=allow|deny} argument (default deny), however the protocol
   * spells its arguments.
   */
  public static FanOutOptions of(Optional<String> partial, int maxFeatures) {
    return new FanOutOptions(allowPartial(partial), maxFeatures);
  }

  /** Whether {@code partial} (a request's {@code partial} argument, if given) allows a partial answer. */
  public static boolean allowPartial(Optional<String> partial) {
    if (partial.isEmpty()) {
      return false;
    }
    return switch (partial.get().trim().toLowerCase(Locale.ROOT)) {
      case "allow", "true", "yes" -> true;
      case "deny", "false", "no", "" -> false;
      default -> throw RequestException.badArgument("partial must be allow or deny");
    };
  }
}
