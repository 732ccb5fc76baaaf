package org.dasgrid.core.genotype;

import java.util.Locale;
import java.util.Optional;

/**
 * The class of an ALT allele against its REF, as the VCF source's site features type them: a symbolic or
 * breakend allele ({@code <DEL>}, {@code N[1:100[}, {@code *}) is {@code SV}; otherwise one base each is
 * {@code SNV}, equal lengths {@code MNV}, a longer ALT {@code INSERTION}, a shorter one {@code DELETION}.
 */
public enum VariantClass {
  SNV,
  MNV,
  INSERTION,
  DELETION,
  SV;

  /** The class of ALT {@code text[altFrom, altTo)} against REF {@code text[refFrom, refTo)}. */
  static VariantClass of(byte[] text, int refFrom, int refTo, int altFrom, int altTo) {
    if (symbolic(text, altFrom, altTo)) {
      return SV;
    }
    int ref = refTo - refFrom;
    int alt = altTo - altFrom;
    if (ref == alt) {
      return ref == 1 ? SNV : MNV;
    }
    return alt > ref ? INSERTION : DELETION;
  }

  /** As the VCF source's {@code VariantClass}: {@code <...>}, a breakend, or the spanning deletion {@code *}. */
  static boolean symbolic(byte[] text, int altFrom, int altTo) {
    if (altTo > altFrom && text[altFrom] == '<' || altTo - altFrom == 1 && text[altFrom] == '*') {
      return true;
    }
    for (int i = altFrom; i < altTo; i++) {
      if (text[i] == '[' || text[i] == ']') {
        return true;
      }
    }
    return false;
  }

  /** The class named {@code snv}, {@code mnv}, {@code insertion}, {@code deletion} or {@code sv} (any case). */
  public static Optional<VariantClass> named(String name) {
    for (VariantClass c : values()) {
      if (c.label().equals(name.toLowerCase(Locale.ROOT))) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
