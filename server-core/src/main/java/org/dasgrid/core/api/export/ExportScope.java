package org.dasgrid.core.api.export;

import java.util.List;
import java.util.Set;
import org.dasgrid.core.api.cohort.CohortApi;
import org.dasgrid.core.api.genotype.GeneArguments;
import org.dasgrid.core.api.genotype.SampleChoice;
import org.dasgrid.core.api.genotype.SegmentArguments;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.RecordReader;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;

/**
 * What an export covers, read from its arguments and checked: the regions ({@code segment=} or {@code gene=}),
 * the samples ({@code samples=}, the whole cohort without it), how many variants (ALT alleles) the regions hold,
 * and the engine's readers. Refuses (400) an export above the source's {@code maxExportCalls} (samples ×
 * variants), before a byte is written.
 */
record ExportScope(List<Segment> segments, SampleSelection samples, long variants, RecordReader records,
    CallReader calls, String fileBase) {
  /** Calls (samples × variants) one export may hold unless the source's {@code options.maxExportCalls} says. */
  static final long DEFAULT_MAX_CALLS = 1_000_000_000L;
  static final String MAX_CALLS_OPTION = "maxExportCalls";

  static ExportScope read(QueryArguments given, Set<String> allowed, CohortApi.Context ctx, String sourceId) {
    SegmentArguments.refuseUnknown(given, allowed, "export");
    RecordReader records = RecordReader.of(ctx.engine()).filter(r -> ctx.engine() instanceof CallReader)
        .orElseThrow(() -> new RequestException(ErrorKind.UNSUPPORTED, "exports are not available on this source "
            + "(its genotypes are split over cluster nodes)"));
    GeneArguments genes = GeneArguments.resolve(given, ctx.genes(), ctx.source(), ctx.maxSegments());
    List<Segment> segments = segments(genes.args(), ctx.source(), ctx.maxSegments());
    SampleSelection samples = SampleChoice.parse(given.all("samples"), ctx.engine(), ctx.sheet());
    CallReader calls = (CallReader) ctx.engine();
    long max = maxCalls(ctx);
    long limitRows = samples.size() == 0 ? Long.MAX_VALUE : max / samples.size();
    long[] rows = {0};
    calls.forEachRow(segments, r -> ++rows[0] <= limitRows);
    if (rows[0] > limitRows) {
      throw RequestException.tooLarge("the export holds more than %d variants x %d samples = more than %d calls; "
          + "at most %d per export (options.%s): ask for fewer samples or smaller regions", limitRows,
          samples.size(), limitRows * samples.size(), max, MAX_CALLS_OPTION);
    }
    String base = sourceId + (given.has("gene") ? "-" + String.join("-", given.all("gene")).replace(',', '-')
        : segments.size() == 1 ? "-" + segments.get(0).toString().replace(':', '_').replace(',', '-') : "");
    return new ExportScope(segments, samples, rows[0], records, calls, base.replaceAll("[^A-Za-z0-9_.-]", "_"));
  }

  private static long maxCalls(CohortApi.Context ctx) {
    String v = ctx.options().get(MAX_CALLS_OPTION);
    if (v == null) {
      return DEFAULT_MAX_CALLS;
    }
    try {
      return Math.max(1, Long.parseLong(v.strip()));
    } catch (NumberFormatException e) {
      return DEFAULT_MAX_CALLS; // the config check names a bad value at load; never a 500 here
    }
  }

  /** The regions asked for, at least one (a bare reference is all of it), on the source's names. */
  private static List<Segment> segments(QueryArguments args, DataSource source, int max) {
    if (args.all("segment").isEmpty()) {
      throw RequestException.badArgument("export needs segment=REF:START,STOP (or a whole REF) or gene=SYMBOL");
    }
    return SegmentArguments.read(args, source, max);
  }

  long callCount() {
    return variants * samples.size();
  }
}
