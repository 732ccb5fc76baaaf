package org.dasgrid.core.genotype.internal.analytics;

import java.nio.charset.StandardCharsets;
import org.dasgrid.core.feature.VariantClass;
import org.dasgrid.core.genotype.VariantFilter;
import org.dasgrid.core.genotype.internal.store.CallGaps;
import org.dasgrid.core.genotype.internal.store.ContigRows;

/**
 * The tests of a variant filter that read a row's text or shape: allelic count, REF, ALT, variant class and
 * length. Reads a heap row in place and copies a mapped one into a scratch buffer. One per query.
 */
final class TextTests {
  /** A mapped row's text, copied ({@link #keeps}); grown as needed. */
  private byte[] scratch = new byte[256];

  /** The REF/ALT, class, length and allelic tests of the filter. */
  boolean keeps(VariantFilter f, ContigRows c, CallGaps gaps, int r) {
    if (f.allelic() != VariantFilter.Allelic.ANY
        && (gaps.alts(r) > 1) != (f.allelic() == VariantFilter.Allelic.MULTIALLELIC)) {
      return false;
    }
    if (!f.readsText()) {
      return true;
    }
    byte[] text = c.textBytes();
    int idEnd = c.idEnd(r);
    int refEnd = c.refEnd(r, idEnd);
    int altEnd = c.textEnd(r);
    if (text == null) {
      // mapped: the row's bytes only, positions taken relative to its start
      int from = c.textStart(r);
      if (scratch.length < altEnd - from) {
        scratch = new byte[altEnd - from];
      }
      c.text().copy(from, scratch, 0, altEnd - from);
      text = scratch;
      idEnd -= from;
      refEnd -= from;
      altEnd -= from;
    }
    if (!f.refs().isEmpty() && !f.refs().contains(new String(text, idEnd + 1, refEnd - idEnd - 1,
        StandardCharsets.UTF_8))) {
      return false;
    }
    if (!f.alts().isEmpty() && !f.alts().contains(new String(text, refEnd + 1, altEnd - refEnd - 1,
        StandardCharsets.UTF_8))) {
      return false;
    }
    VariantClass kind = VariantClass.of(text, idEnd + 1, refEnd, refEnd + 1, altEnd);
    if (!f.classes().isEmpty() && !f.classes().contains(kind)) {
      return false;
    }
    if (f.minLength().isPresent() || f.maxLength().isPresent()) {
      long length = kind == VariantClass.SV ? (long) c.end(r) - c.pos(r) + 1
          : Math.max(refEnd - idEnd - 1, altEnd - refEnd - 1);
      return (f.minLength().isEmpty() || length >= f.minLength().getAsInt())
          && (f.maxLength().isEmpty() || length <= f.maxLength().getAsInt());
    }
    return true;
  }
}
