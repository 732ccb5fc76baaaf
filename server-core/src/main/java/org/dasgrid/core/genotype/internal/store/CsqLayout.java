package org.dasgrid.core.genotype.internal.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.genotype.CsqCondition;
import org.dasgrid.core.genotype.InfoField;

/**
 * Where the fields of a functional annotation entry are: VEP's {@code CSQ} (its header says {@code Format:
 * Allele|Consequence|IMPACT|SYMBOL|...}) or SnpEff's {@code ANN} ({@code Functional annotations: 'Allele |
 * Annotation | Annotation_Impact | Gene_Name | ...'}). VEP's {@code CSQ} is preferred when a file has both. An
 * entry belongs to the ALT its {@code ALLELE_NUM} names (VEP's {@code --allele_number}), else to the ALT its
 * {@code Allele} spells (as the ALT, or in VEP's form without the shared first base).
 */
public record CsqLayout(String key, List<String> columns, int allele, int alleleNumber, int[] fields) {

  /** The layout the header declares, if any. */
  public static Optional<CsqLayout> of(Map<String, InfoField> info) {
    for (String key : List.of("CSQ", "ANN")) {
      InfoField f = info.get(key);
      if (f == null) {
        continue;
      }
      String d = f.description();
      int at = d.indexOf("Format:");
      String layout = at >= 0 ? d.substring(at + "Format:".length())
          : d.indexOf('\'') >= 0 ? d.substring(d.indexOf('\'') + 1) : null;
      if (layout == null) {
        continue;
      }
      layout = layout.replace("'", "").replace("\"", "").strip();
      List<String> cols = new ArrayList<>();
      for (String c : layout.split("\\|", -1)) {
        cols.add(c.strip());
      }
      int[] fields = new int[CsqCondition.Field.values().length];
      for (CsqCondition.Field field : CsqCondition.Field.values()) {
        fields[field.ordinal()] = cols.indexOf(field.column(key));
      }
      return Optional.of(new CsqLayout(key, List.copyOf(cols), cols.indexOf("Allele"), cols.indexOf("ALLELE_NUM"),
          fields));
    }
    return Optional.empty();
  }

  /** The column of a field, or -1 when the layout has none. */
  public int column(CsqCondition.Field field) {
    return fields[field.ordinal()];
  }
}
