package org.dasgrid.core.feature;

import java.util.Locale;
import java.util.Optional;

/**
 * The class of an ALT allele against its REF: a symbolic or breakend allele ({@code <DEL>}, {@code N[1:100[},
 * {@code *}) is {@code SV}; otherwise one base each is {@code SNV}, equal lengths {@code MNV}, a longer ALT
 * {@code INSERTION}, a shorter one {@code DELETION}. The one classification of DasGrid: the VCF source types its
 * site features by it ({@link #featureType}) and the genotype engine's {@code type=} filter reads it.
 */
public enum VariantClass {
  SNV("SNV"),
  MNV("MNV"),
  INSERTION("insertion"),
  DELETION("deletion"),
  /** Symbolic ({@code <DEL>}), breakend ({@code N[1:200[}) and spanning-deletion ({@code *}) alleles. */
  SV("SV");

  private final String featureType;

  VariantClass(String featureType) {
    this.featureType = featureType;
  }

  /** The type of a VCF site feature of this class ({@code SNV}, {@code insertion}...). */
  public String featureType() {
    return featureType;
  }

  /** The class of {@code alt} against {@code ref}, as text. */
  public static VariantClass of(String ref, String alt) {
    if (alt.startsWith("<") || alt.indexOf('[') >= 0 || alt.indexOf(']') >= 0 || alt.equals("*")) {
      return SV;
    }
    if (alt.length() == ref.length()) {
      return ref.length() == 1 ? SNV : MNV;
    }
    return alt.length() > ref.length() ? INSERTION : DELETION;
  }

  /** The class of ALT {@code text[altFrom, altTo)} against REF {@code text[refFrom, refTo)}, as UTF-8 bytes. */
  public static VariantClass of(byte[] text, int refFrom, int refTo, int altFrom, int altTo) {
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
