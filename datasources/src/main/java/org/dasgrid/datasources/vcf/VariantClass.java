package org.dasgrid.datasources.vcf;

/** The DAS feature type of an ALT allele, from the lengths and form of REF and ALT. */
enum VariantClass {
  SNV("SNV"),
  MNV("MNV"),
  INSERTION("insertion"),
  DELETION("deletion"),
  /** Symbolic ({@code <DEL>}), breakend ({@code N[1:200[}) and spanning-deletion ({@code *}) alleles. */
  SV("SV");

  private final String type;

  VariantClass(String type) {
    this.type = type;
  }

  String type() {
    return type;
  }

  static VariantClass of(String ref, String alt) {
    if (alt.startsWith("<") || alt.indexOf('[') >= 0 || alt.indexOf(']') >= 0 || alt.equals("*")) {
      return SV;
    }
    if (alt.length() == ref.length()) {
      return ref.length() == 1 ? SNV : MNV;
    }
    return alt.length() > ref.length() ? INSERTION : DELETION;
  }
}
