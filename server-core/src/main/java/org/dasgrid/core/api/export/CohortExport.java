package org.dasgrid.core.api.export;

import java.io.IOException;
import java.io.OutputStream;

/**
 * An export whose request has been read and checked (nothing left to fail for the request's sake), ready to
 * stream: its file name, its media type and its bytes.
 */
public interface CohortExport {
  /** The file name a client should save it as ({@code Content-Disposition}). */
  String fileName();

  String contentType();

  /**
   * Whether {@link #write} writes plain text for the caller to BGZF-compress (a VCF, which {@code tabix} then
   * indexes), rather than bytes to send as they are (a zip).
   */
  boolean blockCompressed();

  /** How many calls (samples × variants) the export holds, as checked against the limit. */
  long calls();

  /**
   * Records written so far by {@link #write} (a VCF's records; a PLINK export's variants in its {@code .bed}), for
   * progress reports on the writing thread.
   */
  long recordsWritten();

  /** Writes the export as it reads it: memory does not grow with its size. */
  void write(OutputStream out) throws IOException;
}
