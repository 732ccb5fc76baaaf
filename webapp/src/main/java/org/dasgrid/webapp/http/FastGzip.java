package org.dasgrid.webapp.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * gzip at the fastest level through a 64 KB buffer: a streamed answer (DAS or genotype) is compressed once
 * per request, so speed matters more than the last few percent of size. Public for the perf module's
 * benchmarks, which measure this very stream.
 */
public final class FastGzip extends GZIPOutputStream {
  /** The buffer in front of the socket: large writes, never one per feature or row. */
  public static final int BUFFER = 64 * 1024;

  public FastGzip(OutputStream out) throws IOException {
    super(out, BUFFER);
    def.setLevel(Deflater.BEST_SPEED);
  }
}
