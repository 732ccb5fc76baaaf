package org.dasgrid.core.feature;

import java.util.Optional;

/**
 * How a VCF record is served as DAS features: the contract between the VCF sources that build them and the
 * writers that turn them back into VCF ({@code format=vcf}).
 *
 * <ul>
 *   <li>one feature per ALT allele, in ALT order, from POS to the last REF base (or to {@code INFO/END} when
 *       that is further, as for symbolic alleles); a record without ALT alleles has none;
 *   <li>type the allele's variant class ({@code SNV}, {@code MNV}, {@code insertion}, {@code deletion},
 *       {@code SV}); QUAL as score;
 *   <li>notes {@code REF=}, {@code ALT=} (this allele), {@code QUAL=} and {@code FILTER=}, as written in the
 *       file;
 *   <li>the record's ID as label and as id, with {@code :ALT} added to the id when the record has several ALT
 *       alleles (DAS ids stay unique); a record without an ID ({@code .}) gets the id every source generates,
 *       {@code type:ref:start..end} ({@code #n} on a clash), which is then also its label.
 * </ul>
 */
public final class VcfSite {
  public static final String REF = "REF=";
  public static final String ALT = "ALT=";
  public static final String QUAL = "QUAL=";
  public static final String FILTER = "FILTER=";

  private VcfSite() {}

  /** The value of the note starting with {@code key} (one of the constants), if the feature has it. */
  public static Optional<String> note(Feature f, String key) {
    for (String n : f.notes()) {
      if (n.startsWith(key)) {
        return Optional.of(n.substring(key.length()));
      }
    }
    return Optional.empty();
  }

  /** The VCF ID of the feature's record: its label, unless that is the generated id of a record without one. */
  public static Optional<String> recordId(Feature f) {
    String label = f.label();
    return label.equals(f.id()) && isGenerated(f) ? Optional.empty() : Optional.of(label);
  }

  /** Whether the id is {@code type:ref:start..end} or that with {@code #n}: the one generated for it. */
  private static boolean isGenerated(Feature f) {
    String base = f.type().id() + ":" + f.ref() + ":" + f.start() + ".." + f.end();
    String id = f.id();
    if (!id.startsWith(base)) {
      return false;
    }
    if (id.length() == base.length()) {
      return true;
    }
    if (id.charAt(base.length()) != '#' || id.length() == base.length() + 1) {
      return false;
    }
    for (int i = base.length() + 1; i < id.length(); i++) {
      if (!Character.isDigit(id.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
