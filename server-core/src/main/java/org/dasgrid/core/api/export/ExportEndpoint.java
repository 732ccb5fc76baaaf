package org.dasgrid.core.api.export;

import java.util.Set;
import org.dasgrid.core.api.cohort.CohortApi;
import org.dasgrid.core.api.genotype.SampleChoice;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.RequestException;

/**
 * {@code GET /genotypes/{source}/export?format=vcf|plink&segment=...|gene=...[&samples=...]} (contract section
 * 12): reads and checks the request (regions, samples, format, the size limit) and returns the export ready to
 * stream; every mistake is a {@link RequestException} thrown before a byte is written.
 */
public final class ExportEndpoint {
  public static final String PATH = "export";
  private static final Set<String> ARGUMENTS = Set.of("format", "segment", "gene", "samples");

  private ExportEndpoint() {}

  public static CohortExport open(QueryArguments args, CohortApi.Context ctx, String sourceId) {
    String format = args.all("format").size() == 1 ? args.all("format").get(0).strip() : null;
    if (format == null) {
      throw RequestException.badArgument("export needs format=vcf or format=plink (once)");
    }
    if (!format.equals("vcf") && !format.equals("plink")) {
      throw RequestException.badArgument("format must be vcf or plink, not '%s'", SampleChoice.shorten(format));
    }
    ExportScope scope = ExportScope.read(args, ARGUMENTS, ctx, sourceId);
    return format.equals("vcf") ? new VcfExport(scope, ctx.engine(), ctx.source(), sourceId)
        : new PlinkExport(scope, ctx.engine(), ctx.sheet());
  }
}
