package org.dasgrid.core.genotype;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * A test of a variant's functional annotations (VEP {@code INFO/CSQ} or SnpEff {@code INFO/ANN}): one of its
 * entries for the row's ALT allele has one of the values in the field ({@code csq.consequence=} in the API).
 * Consequence terms joined by {@code &} in an entry count one by one. Comparisons ignore case. Several
 * conditions must hold for the same entry.
 */
public record CsqCondition(Field field, Set<String> values) {
  /** The annotation fields the API filters on, and their names in VEP and SnpEff. */
  public enum Field {
    CONSEQUENCE("Consequence", "Annotation"),
    IMPACT("IMPACT", "Annotation_Impact"),
    SYMBOL("SYMBOL", "Gene_Name"),
    BIOTYPE("BIOTYPE", "Transcript_BioType");

    private final String vep;
    private final String snpEff;

    Field(String vep, String snpEff) {
      this.vep = vep;
      this.snpEff = snpEff;
    }

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The column of this field in an annotation layout of the given source ({@code CSQ} or {@code ANN}). */
    public String column(String source) {
      return source.equals("ANN") ? snpEff : vep;
    }
  }

  public CsqCondition {
    Objects.requireNonNull(field, "field");
    values = Set.copyOf(values.stream().map(v -> v.toLowerCase(Locale.ROOT)).toList());
  }
}
