package org.dasgrid.core.ga4gh.beacon;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.VariantRow;

/**
 * A variant's {@code variantInternalId}: {@code CHROM:POS:REF:ALT} with the VCF's 1-based POS, as the score
 * endpoint names variants ({@code 17:7674220:C:T}). Contig names may hold colons, so POS is the first part
 * after the contig that is a number followed by a REF; ALT is the rest (a symbolic {@code <DUP:TANDEM>} too).
 */
record VariantId(String chrom, int pos, String ref, String alt) {
  static String of(VariantRow row) {
    return row.chrom() + ":" + row.pos() + ":" + row.ref() + ":" + row.alt();
  }

  static VariantId parse(String id) {
    String[] parts = id.split(":", -1);
    for (int k = 1; k + 2 < parts.length; k++) {
      if (parts[k].matches("[0-9]{1,10}") && !parts[k + 1].isEmpty()) {
        long pos = Long.parseLong(parts[k]);
        String alt = String.join(":", java.util.Arrays.copyOfRange(parts, k + 2, parts.length));
        if (pos >= 1 && pos < Integer.MAX_VALUE && !alt.isEmpty()) {
          return new VariantId(String.join(":", java.util.Arrays.copyOfRange(parts, 0, k)), (int) pos,
              parts[k + 1], alt);
        }
      }
    }
    throw RequestException.badArgument("variant id '%s' is not CHROM:POS:REF:ALT (POS 1-based, as the VCF has it)",
        VariantRequestParser.shorten(id));
  }

  /**
   * The query for this one variant, with the framework parameters (granularity, datasets...) of {@code
   * given}, which must ask for nothing else but the assembly: the id says where and what, not on which
   * assembly.
   */
  VariantRequest asRequest(VariantRequest given) {
    for (java.util.Iterator<String> names = given.parameters().fieldNames(); names.hasNext(); ) {
      String name = names.next();
      if (!name.equals("datasetIds") && !name.equals("assemblyId")) {
        throw RequestException.badArgument("/g_variants/{id} takes no query parameters but datasetIds and "
            + "assemblyId; the id says where and what ('%s')", VariantRequestParser.shorten(name));
      }
    }
    return new VariantRequest(Optional.of(chrom), List.of(pos - 1), List.of(), Optional.of(ref),
        Optional.of(alt), Optional.empty(), OptionalInt.empty(), OptionalInt.empty(), Optional.empty(),
        given.assemblyId(), given.datasetIds(), given.granularity(), given.scope(), given.skip(), given.limit(),
        given.testMode(), given.parameters());
  }
}
