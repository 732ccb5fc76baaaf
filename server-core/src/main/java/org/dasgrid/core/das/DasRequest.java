package org.dasgrid.core.das;

import java.util.Objects;

/**
 * One DAS request after HTTP parsing: the source (empty for server-level commands), the command, the
 * arguments, and the absolute URL of the DAS root ({@code http://host:port/context/das}) for hrefs.
 */
public record DasRequest(String source, String command, QueryArguments args, String dasBase) {
  public DasRequest {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(args, "args");
    Objects.requireNonNull(dasBase, "dasBase");
  }

  /** The URL of this command on this source, as documents reference it. */
  public String href() {
    return source.isEmpty() ? dasBase + "/" + command : dasBase + "/" + source + "/" + command;
  }
}
