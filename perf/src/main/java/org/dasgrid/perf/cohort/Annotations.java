package org.dasgrid.perf.cohort;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The INFO a generated cohort carries with {@code --annotate}, shaped like real annotated files so the
 * analytics filters can be checked at scale: a numeric score per record ({@code SCORE}, like CADD), a
 * per-ALT frequency ({@code GNOMAD_AF}, Number=A), a ClinVar-like significance on some records ({@code
 * CLNSIG}), a flag ({@code DB}) and VEP-style {@code CSQ} entries (one to three per ALT, with VEP's allele
 * form and {@code ALLELE_NUM}).
 */
final class Annotations {
  static final String HEADER = String.join("\n",
      "##INFO=<ID=SCORE,Number=1,Type=Float,Description=\"A CADD-like score\">",
      "##INFO=<ID=GNOMAD_AF,Number=A,Type=Float,Description=\"Population ALT frequency\">",
      "##INFO=<ID=CLNSIG,Number=.,Type=String,Description=\"Clinical significance\">",
      "##INFO=<ID=DB,Number=0,Type=Flag,Description=\"In a variant database\">",
      "##INFO=<ID=CSQ,Number=.,Type=String,Description=\"Consequence annotations from Ensembl VEP. Format: "
          + "Allele|Consequence|IMPACT|SYMBOL|Gene|Feature_type|Feature|BIOTYPE|ALLELE_NUM\">", "");
  private static final List<String> CLNSIG = List.of("Benign", "Likely_benign", "Uncertain_significance",
      "Likely_pathogenic", "Pathogenic");
  private static final String[][] CONSEQUENCES = {
    {"missense_variant", "MODERATE"}, {"synonymous_variant", "LOW"}, {"stop_gained", "HIGH"},
    {"intron_variant", "MODIFIER"}, {"splice_region_variant&intron_variant", "LOW"},
    {"frameshift_variant", "HIGH"}, {"3_prime_UTR_variant", "MODIFIER"}, {"upstream_gene_variant", "MODIFIER"}};
  private static final List<String> SYMBOLS = List.of("TP53", "BRCA2", "BRCA1", "CFTR", "APOE", "LDLR", "MYH7",
      "TTN", "KCNQ1", "SCN5A");
  private static final List<String> BIOTYPES = List.of("protein_coding", "lncRNA", "nonsense_mediated_decay");
  private final SplittableRandom rnd;
  private final StringBuilder sb = new StringBuilder(512);

  Annotations(SplittableRandom rnd) {
    this.rnd = rnd;
  }

  /** The INFO column of a record. */
  String info(String ref, List<String> alts) {
    sb.setLength(0);
    sb.append("SCORE=").append(String.format(Locale.ROOT, "%.3f", rnd.nextDouble() * 40));
    sb.append(";GNOMAD_AF=");
    for (int a = 0; a < alts.size(); a++) {
      sb.append(a == 0 ? "" : ",");
      if (rnd.nextInt(10) == 0) {
        sb.append('.');
      } else {
        sb.append(String.format(Locale.ROOT, "%.3g", Math.pow(10, -5 * rnd.nextDouble())));
      }
    }
    if (rnd.nextInt(5) == 0) {
      sb.append(";CLNSIG=").append(CLNSIG.get(rnd.nextInt(CLNSIG.size())));
    }
    if (rnd.nextInt(3) == 0) {
      sb.append(";DB");
    }
    sb.append(";CSQ=");
    for (int a = 0; a < alts.size(); a++) {
      int entries = 1 + rnd.nextInt(3);
      for (int e = 0; e < entries; e++) {
        String[] c = CONSEQUENCES[rnd.nextInt(CONSEQUENCES.length)];
        int gene = rnd.nextInt(SYMBOLS.size());
        sb.append(a + e == 0 ? "" : ",").append(vepAllele(ref, alts.get(a))).append('|').append(c[0]).append('|')
            .append(c[1]).append('|').append(SYMBOLS.get(gene)).append("|ENSG").append(100_000 + gene)
            .append("|Transcript|ENST").append(200_000 + rnd.nextInt(1000)).append('|')
            .append(BIOTYPES.get(rnd.nextInt(BIOTYPES.size()))).append('|').append(a + 1);
      }
    }
    return sb.toString();
  }

  /** VEP's form of an allele: the base REF and ALT share dropped, {@code -} for nothing. */
  static String vepAllele(String ref, String alt) {
    if (ref.length() != alt.length() && ref.charAt(0) == alt.charAt(0)) {
      return alt.length() == 1 ? "-" : alt.substring(1);
    }
    return alt;
  }
}
