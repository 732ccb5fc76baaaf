package org.dasgrid.webapp.api;

/** A request the JSON API refuses, with the HTTP status to answer; written once, by the servlet. */
final class ApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final int status;

  ApiException(int status, String message) {
    super(message, null, false, false);
    this.status = status;
  }

  int status() {
    return status;
  }
}
