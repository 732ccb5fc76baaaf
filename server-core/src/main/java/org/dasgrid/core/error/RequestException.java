package org.dasgrid.core.error;

import java.util.Locale;

/**
 * A request that cannot be answered, with the protocol-neutral {@link ErrorKind} that says why. Thrown
 * anywhere in the core and rendered once per protocol, at that protocol's edge. The message is short, written
 * for the client, and never contains a stack trace; each edge escapes it before putting it in a document.
 */
public class RequestException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final ErrorKind kind;

  public RequestException(ErrorKind kind, String format, Object... args) {
    // no stack trace: these are answers, not faults, and thrown on hot paths
    super(args.length == 0 ? format : String.format(Locale.ROOT, format, args), null, false, false);
    this.kind = kind;
  }

  public ErrorKind kind() {
    return kind;
  }

  public static RequestException badArgument(String format, Object... args) {
    return new RequestException(ErrorKind.BAD_ARGUMENT, format, args);
  }

  public static RequestException notFound(String format, Object... args) {
    return new RequestException(ErrorKind.NOT_FOUND, format, args);
  }

  public static RequestException tooLarge(String format, Object... args) {
    return new RequestException(ErrorKind.TOO_LARGE, format, args);
  }

  public static RequestException unsupported(String format, Object... args) {
    return new RequestException(ErrorKind.UNSUPPORTED, format, args);
  }

  public static RequestException unavailable(String format, Object... args) {
    return new RequestException(ErrorKind.UNAVAILABLE, format, args);
  }
}
