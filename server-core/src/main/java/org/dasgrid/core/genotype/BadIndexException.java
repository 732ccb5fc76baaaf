package org.dasgrid.core.genotype;

import java.nio.file.Path;

/**
 * An index file that cannot be served: absent, truncated, corrupt (a checksum differs), of another format
 * version, or stale against its VCF. The message names the file and the reason: {@code cohort.dgi:
 * truncated: 1000 bytes of 52311 (an incomplete copy?)}.
 */
public final class BadIndexException extends Exception {
  private static final long serialVersionUID = 1L;
  private final String reason;

  public BadIndexException(Path file, String reason) {
    super(file.getFileName() + ": " + reason);
    this.reason = reason;
  }

  /** The reason alone, without the file name. */
  public String reason() {
    return reason;
  }
}
