package org.dasgrid.core.das;

import org.dasgrid.core.error.RequestException;

/** One DAS command ({@code features}, {@code types}...): validates a request and prepares its answer. */
public interface DasCommand {
  /** The command name in the URL. */
  String name();

  /** Whether the command is addressed to a source ({@code /das/{source}/{command}}). */
  boolean perSource();

  /** Validates the request and returns the response to write; throws {@link RequestException} otherwise. */
  DasResponse execute(DasRequest request, DasContext context);
}
