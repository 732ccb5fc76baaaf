package org.dasgrid.core.ga4gh.beacon;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.feature.VcfSite;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.FeatureFilter;

/**
 * The END of variant records (the last base each covers), read from the source's site features: the genotype
 * engine's rows carry POS, REF and ALT but no END, and a site feature ends at its record's END (INFO/END, else
 * POS + |SVLEN| for a symbolic deletion, duplication or inversion, else POS + len(REF) - 1; the same VCF reader
 * makes both, {@code VcfSite}). Keyed by POS, REF and ALT, as the rows are.
 */
final class SiteEnds {
  private final Map<String, Integer> ends = new HashMap<>();

  private SiteEnds() {}

  /** The ends of the sites starting in {@code starts}. */
  static SiteEnds over(BeaconDataset ds, Segment starts) {
    SiteEnds out = new SiteEnds();
    ds.data().features(starts, FeatureFilter.ANY, f -> out.ends.merge(key(f.start(),
        VcfSite.note(f, VcfSite.REF).orElse(""), VcfSite.note(f, VcfSite.ALT).orElse("")), f.end(), Math::max));
    return out;
  }

  /**
   * A row's END: POS + len(REF) - 1 for sequence alleles (their END cannot differ); for a symbolic allele
   * ({@code <DEL>} and the like) its site's END, looked up at its position.
   */
  static int of(BeaconDataset ds, VariantRow row) {
    int plain = row.pos() + row.ref().length() - 1;
    if (!row.alt().startsWith("<")) {
      return plain;
    }
    return over(ds, new Segment(row.chrom(), row.pos(), row.pos())).end(row).orElse(plain);
  }

  Optional<Integer> end(VariantRow row) {
    return Optional.ofNullable(ends.get(key(row.pos(), row.ref(), row.alt())));
  }

  private static String key(int pos, String ref, String alt) {
    return pos + "\t" + ref + "\t" + alt;
  }
}
