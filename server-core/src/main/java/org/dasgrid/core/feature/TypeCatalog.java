package org.dasgrid.core.feature;

import java.util.Map;

/**
 * Maps a type name (a GFF type column, a BED/VCF class) to its DAS category and Sequence Ontology accession,
 * so that clients and stylesheets can group types and filter with {@code category=}. Unknown types fall in
 * category {@code other} without an accession.
 */
public final class TypeCatalog {
  private static final String TRANSCRIPTION = "transcription";
  private static final String SIMILARITY = "similarity";
  private static final String VARIATION = "variation";
  private static final String STRUCTURAL = "structural";
  private static final String REGULATORY = "regulatory";
  private static final String REPEAT = "repeat";
  private static final String OTHER = "other";

  private record Entry(String category, String so) {}

  private static final Map<String, Entry> KNOWN =
      Map.ofEntries(
          Map.entry("gene", new Entry(TRANSCRIPTION, "SO:0000704")),
          Map.entry("mRNA", new Entry(TRANSCRIPTION, "SO:0000234")),
          Map.entry("transcript", new Entry(TRANSCRIPTION, "SO:0000673")),
          Map.entry("exon", new Entry(TRANSCRIPTION, "SO:0000147")),
          Map.entry("CDS", new Entry(TRANSCRIPTION, "SO:0000316")),
          Map.entry("UTR", new Entry(TRANSCRIPTION, "SO:0000203")),
          Map.entry("five_prime_UTR", new Entry(TRANSCRIPTION, "SO:0000204")),
          Map.entry("three_prime_UTR", new Entry(TRANSCRIPTION, "SO:0000205")),
          Map.entry("intron", new Entry(TRANSCRIPTION, "SO:0000188")),
          Map.entry("start_codon", new Entry(TRANSCRIPTION, "SO:0000318")),
          Map.entry("stop_codon", new Entry(TRANSCRIPTION, "SO:0000319")),
          Map.entry("ncRNA", new Entry(TRANSCRIPTION, "SO:0000655")),
          Map.entry("lnc_RNA", new Entry(TRANSCRIPTION, "SO:0001877")),
          Map.entry("tRNA", new Entry(TRANSCRIPTION, "SO:0000253")),
          Map.entry("rRNA", new Entry(TRANSCRIPTION, "SO:0000252")),
          Map.entry("snRNA", new Entry(TRANSCRIPTION, "SO:0000274")),
          Map.entry("snoRNA", new Entry(TRANSCRIPTION, "SO:0000275")),
          Map.entry("miRNA", new Entry(TRANSCRIPTION, "SO:0000276")),
          Map.entry("pseudogene", new Entry(TRANSCRIPTION, "SO:0000336")),
          Map.entry("polyA_site", new Entry(TRANSCRIPTION, "SO:0000553")),
          Map.entry("match", new Entry(SIMILARITY, "SO:0000343")),
          Map.entry("match_part", new Entry(SIMILARITY, "SO:0000039")),
          Map.entry("PCR_product", new Entry(SIMILARITY, "SO:0000006")),
          Map.entry("SNP", new Entry(VARIATION, "SO:0000694")),
          Map.entry("SNV", new Entry(VARIATION, "SO:0001483")),
          Map.entry("insertion", new Entry(VARIATION, "SO:0000667")),
          Map.entry("deletion", new Entry(VARIATION, "SO:0000159")),
          Map.entry("MNV", new Entry(VARIATION, "SO:0002007")),
          Map.entry("structural_variant", new Entry(VARIATION, "SO:0001537")),
          Map.entry("indel", new Entry(VARIATION, "SO:1000032")),
          Map.entry("sequence_alteration", new Entry(VARIATION, "SO:0001059")),
          Map.entry("chromosome_arm", new Entry(STRUCTURAL, "SO:0000105")),
          Map.entry("chromosome_band", new Entry(STRUCTURAL, "SO:0000341")),
          Map.entry("TF_binding_site", new Entry(REGULATORY, "SO:0000235")),
          Map.entry("protein_binding_site", new Entry(REGULATORY, "SO:0000410")),
          Map.entry("promoter", new Entry(REGULATORY, "SO:0000167")),
          Map.entry("enhancer", new Entry(REGULATORY, "SO:0000165")),
          Map.entry("repeat_region", new Entry(REPEAT, "SO:0000657")));

  private TypeCatalog() {}

  /** The type for a name, with its category and accession when the name is a known SO term. */
  public static FeatureType typeOf(String name, Interner pool) {
    Entry e = KNOWN.get(name);
    if (e != null) {
      return new FeatureType(pool.intern(name), e.category(), e.so());
    }
    String category = guessCategory(name);
    return new FeatureType(pool.intern(name), category, "");
  }

  private static String guessCategory(String name) {
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    if (lower.contains("match") || lower.contains("est") && lower.length() <= 4) {
      return SIMILARITY;
    }
    if (lower.contains("rna") || lower.contains("exon") || lower.contains("utr")) {
      return TRANSCRIPTION;
    }
    if (lower.contains("repeat") || lower.contains("transpos")) {
      return REPEAT;
    }
    if (lower.contains("snp") || lower.contains("variant") || lower.contains("allele")) {
      return VARIATION;
    }
    return OTHER;
  }
}
