package org.dasgrid.core.error;

/**
 * Why a request cannot be answered, in no protocol's words. Each protocol maps a kind to its own codes at its
 * edge (DAS status, HTTP status, GA4GH error names); nothing below the protocols knows those codes.
 */
public enum ErrorKind {
  /** An argument is malformed, missing or contradicts another. */
  BAD_ARGUMENT,
  /** The request names an operation (command, endpoint) that does not exist. */
  UNKNOWN_OPERATION,
  /** The request names a data source that does not exist (or that the caller may not see). */
  UNKNOWN_SOURCE,
  /** The request names a reference sequence (segment, contig) the source does not have. */
  UNKNOWN_REFERENCE,
  /** Some other named thing (gene, stylesheet, sequence digest, sample, family) does not exist. */
  NOT_FOUND,
  /** Coordinates lie outside the reference they name, or are inverted. */
  OUT_OF_RANGE,
  /** Well formed, but asks for something this server or source does not do. */
  UNSUPPORTED,
  /** Well formed, but asks for more than the configured limits allow. */
  TOO_LARGE,
  /** The source exists but is still loading: try again shortly. */
  LOADING,
  /** The data exist but cannot be reached now (a failed source, a cluster node down). */
  UNAVAILABLE,
  /** A fault of the server's own; the message carries a reference, never a stack trace. */
  INTERNAL
}
