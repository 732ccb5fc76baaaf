package org.dasgrid.core.genotype.internal.analytics;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dasgrid.core.genotype.CsqCondition;
import org.dasgrid.core.genotype.InfoCondition;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.internal.store.CsqLayout;

/**
 * The INFO and annotation tests of a filter ({@link InfoCondition}, {@link CsqCondition}) on one row,
 * read from its record's raw INFO text ({@link org.dasgrid.core.genotype.internal.store.InfoStore}): {@code KEY=V1,V2;FLAG;...}. No object per row
 * for the INFO tests; the annotation test splits the row's entries.
 */
final class InfoTests {
  private final Map<String, InfoField> fields;
  private final CsqLayout layout;

  InfoTests(Map<String, InfoField> fields, CsqLayout layout) {
    this.fields = fields;
    this.layout = layout;
  }

  /** Whether every INFO condition holds for the row whose record's INFO is {@code b[from, to)}. */
  boolean keeps(List<InfoCondition> conditions, byte[] b, int from, int to, int altIndex) {
    for (InfoCondition c : conditions) {
      if (!keeps(c, b, from, to, altIndex)) {
        return false;
      }
    }
    return true;
  }

  private boolean keeps(InfoCondition c, byte[] b, int from, int to, int altIndex) {
    long at = find(b, from, to, c.key());
    if (c instanceof InfoCondition.Flag f) {
      return (at >= 0) == f.present();
    }
    if (at < 0) {
      return false;
    }
    int vFrom = (int) (at >>> 32);
    int vTo = (int) at;
    String number = fields.get(c.key()).number();
    int k = 0;
    for (int p = vFrom; p <= vTo; p++) {
      if (p < vTo && b[p] != ',') {
        continue;
      }
      boolean tested = number.equals("A") ? k == altIndex - 1 : !number.equals("R") || k == 0 || k == altIndex;
      if (tested && p > vFrom && !(p - vFrom == 1 && b[vFrom] == '.') && passes(c, b, vFrom, p)) {
        return true;
      }
      vFrom = p + 1;
      k++;
    }
    return false;
  }

  private static boolean passes(InfoCondition c, byte[] b, int from, int to) {
    String v = new String(b, from, to - from, StandardCharsets.UTF_8);
    if (c instanceof InfoCondition.Values values) {
      return values.values().contains(v);
    }
    InfoCondition.Range r = (InfoCondition.Range) c;
    double d;
    try {
      d = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return false; // a value the header calls numeric but is not: no number passes a bound
    }
    return (r.min().isEmpty() || d >= r.min().getAsDouble()) && (r.max().isEmpty() || d <= r.max().getAsDouble());
  }

  /**
   * The annotation entries of the row's ALT for which every condition holds, each as its consequence,
   * impact, symbol and biotype (null where the layout has no such column); empty when none does.
   */
  List<String[]> annotations(List<CsqCondition> conditions, byte[] b, int from, int to, String ref, String alt,
      int alts, int altIndex) {
    List<String[]> out = new ArrayList<>(2);
    long at = find(b, from, to, layout.key());
    if (at < 0) {
      return out;
    }
    String text = new String(b, (int) (at >>> 32), (int) at - (int) (at >>> 32), StandardCharsets.UTF_8);
    String trimmed = vepAllele(ref, alt);
    for (String entry : text.split(",", -1)) {
      String[] cols = entry.split("\\|", -1);
      if (alts > 1 && layout.alleleNumber() >= 0 && layout.alleleNumber() < cols.length
          && !cols[layout.alleleNumber()].isEmpty()) {
        if (!cols[layout.alleleNumber()].equals(Integer.toString(altIndex))) {
          continue;
        }
      } else if (alts > 1 && layout.allele() >= 0 && layout.allele() < cols.length) {
        String a = cols[layout.allele()];
        if (!a.equals(alt) && !a.equals(trimmed)) {
          continue;
        }
      }
      if (holds(conditions, cols)) {
        String[] fieldsOut = new String[CsqCondition.Field.values().length];
        for (CsqCondition.Field f : CsqCondition.Field.values()) {
          int col = layout.column(f);
          fieldsOut[f.ordinal()] = col >= 0 && col < cols.length && !cols[col].isEmpty() ? cols[col] : null;
        }
        out.add(fieldsOut);
      }
    }
    return out;
  }

  private boolean holds(List<CsqCondition> conditions, String[] cols) {
    for (CsqCondition c : conditions) {
      int col = layout.column(c.field());
      if (col < 0 || col >= cols.length) {
        return false;
      }
      boolean any = false;
      for (String term : c.field() == CsqCondition.Field.CONSEQUENCE ? cols[col].split("&") : new String[] {cols[col]}) {
        if (c.values().contains(term.toLowerCase(Locale.ROOT))) {
          any = true;
          break;
        }
      }
      if (!any) {
        return false;
      }
    }
    return true;
  }

  /** The allele as VEP writes it: without the first base REF and ALT share, {@code -} when nothing is left. */
  static String vepAllele(String ref, String alt) {
    if (!ref.isEmpty() && !alt.isEmpty() && ref.charAt(0) == alt.charAt(0) && ref.length() != alt.length()) {
      String rest = alt.substring(1);
      return rest.isEmpty() ? "-" : rest;
    }
    return alt;
  }

  /**
   * Where the value of {@code key} is in {@code b[from, to)}: {@code start << 32 | end} (empty for a flag),
   * or -1 when the record has no such field.
   */
  static long find(byte[] b, int from, int to, String key) {
    int n = key.length();
    int p = from;
    while (p < to) {
      int e = p;
      while (e < to && b[e] != ';') {
        e++;
      }
      if (e - p >= n && matches(b, p, key) && (e - p == n || b[p + n] == '=')) {
        int v = e - p == n ? e : p + n + 1;
        return (long) v << 32 | e;
      }
      p = e + 1;
    }
    return -1;
  }

  private static boolean matches(byte[] b, int at, String key) {
    for (int i = 0; i < key.length(); i++) {
      if (b[at + i] != key.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
