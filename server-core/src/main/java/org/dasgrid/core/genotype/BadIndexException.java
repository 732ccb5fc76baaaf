package org.dasgrid.core.genotype;

import java.nio.file.Path;

/**
 * An index file that cannot be served: truncated, corrupt (a checksum differs), of another format version,
 * or stale against its VCF. The message names the file and the reason.
 */
public final class BadIndexException extends Exception {
  private static final long serialVersionUID = 1L;

  public BadIndexException(Path file, String reason) {
    super(file + ": " + reason);
  }
}
