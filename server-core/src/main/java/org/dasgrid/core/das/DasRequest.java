package org.dasgrid.core.das;

import java.util.Objects;
import org.dasgrid.core.access.AccessCheck;
import org.dasgrid.core.arguments.QueryArguments;

/**
 * One DAS request after HTTP parsing: the source (empty for server-level commands), the command, the
 * arguments, the absolute URL of the DAS root ({@code http://host:port/context/das}) for hrefs, and which
 * sources the client may read.
 */
public record DasRequest(String source, String command, QueryArguments args, String dasBase, AccessCheck access) {
  public DasRequest {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(args, "args");
    Objects.requireNonNull(dasBase, "dasBase");
    Objects.requireNonNull(access, "access");
  }

  /** A request from a client without credentials: public sources only. */
  public DasRequest(String source, String command, QueryArguments args, String dasBase) {
    this(source, command, args, dasBase, AccessCheck.PUBLIC_ONLY);
  }

  /** The URL of this command on this source, as documents reference it. */
  public String href() {
    return source.isEmpty() ? dasBase + "/" + command : dasBase + "/" + source + "/" + command;
  }
}
