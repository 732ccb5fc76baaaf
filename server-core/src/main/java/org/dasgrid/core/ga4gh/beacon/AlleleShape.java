package org.dasgrid.core.ga4gh.beacon;

import java.util.Locale;
import java.util.OptionalInt;

/**
 * What Beacon says of one VCF allele (REF and one ALT, as the VCF writes them): its {@code variantType} and
 * length, and whether it answers a query's {@code referenceBases}, {@code alternateBases}, {@code variantType}
 * and length bounds.
 *
 * <p>Types, once the bases REF and ALT share at their ends are set aside: {@code SNP} (one base for one),
 * {@code MNP} (as many bases for as many, more than one), {@code DEL}/{@code INS} (REF longer/shorter than ALT), a symbolic ALT's own name ({@code <DUP:TANDEM>} is {@code
 * DUP:TANDEM}), {@code BND} for breakends. Length: REF's length for SNP/MNP, the difference of the lengths for
 * DEL/INS (both after that trimming), none for symbolic alleles and breakends (the engine keeps no {@code SVLEN}), so length bounds
 * never match them.
 */
record AlleleShape(String type, OptionalInt length) {
  static AlleleShape of(String ref, String alt) {
    if (alt.startsWith("<") && alt.endsWith(">") && alt.length() > 2) {
      return new AlleleShape(alt.substring(1, alt.length() - 1).toUpperCase(Locale.ROOT), OptionalInt.empty());
    }
    if (alt.indexOf('[') >= 0 || alt.indexOf(']') >= 0 || alt.startsWith(".") || alt.endsWith(".") && alt.length() > 1) {
      return new AlleleShape("BND", OptionalInt.empty());
    }
    if (alt.equals("*")) {
      return new AlleleShape("DEL", OptionalInt.empty()); // an upstream deletion spanning the site
    }
    // what differs once the bases both share at the end, then at the start, are set aside (a split
    // multi-allelic site keeps its long REF: AC>GC is a SNP, ACG>A a 2-base deletion), as bcftools types them
    int r = ref.length();
    int a = alt.length();
    while (r > 0 && a > 0 && Character.toUpperCase(ref.charAt(r - 1)) == Character.toUpperCase(alt.charAt(a - 1))) {
      r--;
      a--;
    }
    int p = 0;
    while (p < r && p < a && Character.toUpperCase(ref.charAt(p)) == Character.toUpperCase(alt.charAt(p))) {
      p++;
    }
    r -= p;
    a -= p;
    if (r == a) {
      return new AlleleShape(r == 1 ? "SNP" : "MNP", OptionalInt.of(r));
    }
    return new AlleleShape(r > a ? "DEL" : "INS", OptionalInt.of(Math.abs(r - a)));
  }

  /**
   * Whether a queried {@code variantType} names this type: the same name (case aside); {@code SNV} for
   * {@code SNP}; {@code INDEL} for {@code INS} and {@code DEL}; {@code CNV} for {@code DEL}, {@code DUP} and
   * {@code CNV} symbolic alleles; and a name without subtype for its subtypes ({@code DUP} for {@code DUP:TANDEM}).
   */
  boolean isOfType(String asked) {
    String q = asked.toUpperCase(Locale.ROOT);
    if (q.equals(type)) {
      return true;
    }
    String base = type.contains(":") ? type.substring(0, type.indexOf(':')) : type;
    return switch (q) {
      case "SNV" -> type.equals("SNP");
      case "INDEL" -> base.equals("INS") || base.equals("DEL");
      case "CNV" -> length.isEmpty() && (base.equals("DEL") || base.equals("DUP") || base.equals("CNV"));
      default -> !q.contains(":") && q.equals(base);
    };
  }

  boolean lengthWithin(OptionalInt min, OptionalInt max) {
    if (min.isEmpty() && max.isEmpty()) {
      return true;
    }
    if (length.isEmpty()) {
      return false;
    }
    int n = length.getAsInt();
    return (min.isEmpty() || n >= min.getAsInt()) && (max.isEmpty() || n <= max.getAsInt());
  }

  /**
   * Whether VCF bases answer a queried base string: the same length, each queried IUPAC code covering the
   * base ({@code N} any base, {@code R} A or G, ...), case aside. {@code -} or {@code .} alone asks for an
   * empty allele, which a VCF (whose alleles are never empty) does not have.
   */
  static boolean basesMatch(String asked, String bases) {
    if (asked.length() != bases.length()) {
      return false;
    }
    for (int i = 0; i < asked.length(); i++) {
      if (!covers(asked.charAt(i), Character.toUpperCase(bases.charAt(i)))) {
        return false;
      }
    }
    return true;
  }

  private static boolean covers(char code, char base) {
    if (code == base) {
      return true;
    }
    String set = switch (code) {
      case 'N' -> "ACGTU";
      case 'R' -> "AG";
      case 'Y' -> "CTU";
      case 'S' -> "CG";
      case 'W' -> "ATU";
      case 'K' -> "GTU";
      case 'M' -> "AC";
      case 'B' -> "CGTU";
      case 'D' -> "AGTU";
      case 'H' -> "ACTU";
      case 'V' -> "ACG";
      case 'T' -> "U";
      case 'U' -> "T";
      default -> "";
    };
    return set.indexOf(base) >= 0;
  }
}
