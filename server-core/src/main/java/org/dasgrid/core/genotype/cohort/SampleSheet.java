package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A source's sample sheet: per sample its sex, phenotype, family, parents and groups (population,
 * superpopulation, extra columns), in sheet order. Groups are named {@code key:value}: {@code
 * population:CEU}, {@code sex:female}, {@code phenotype:affected}, {@code family:F1}, or any column. Immutable.
 */
public final class SampleSheet {
  /** Group keys every sheet answers, beside its own columns. */
  public static final List<String> BUILT_IN_KEYS = List.of("sex", "phenotype", "family");

  private final String file;
  private final List<SampleInfo> rows;
  private final Map<String, SampleInfo> byName;
  private final List<String> columns;

  SampleSheet(String file, List<SampleInfo> rows, List<String> columns) {
    this.file = file;
    this.rows = List.copyOf(rows);
    Map<String, SampleInfo> m = new LinkedHashMap<>();
    for (SampleInfo r : rows) {
      m.put(r.sample(), r);
    }
    this.byName = m;
    this.columns = List.copyOf(columns);
  }

  /** A sheet made in code (tests, tools). */
  public static SampleSheet of(String file, List<SampleInfo> rows) {
    Set<String> cols = new java.util.TreeSet<>();
    rows.forEach(r -> cols.addAll(r.groups().keySet()));
    return new SampleSheet(file, rows, List.copyOf(cols));
  }

  /** The file it was read from (its name only), for messages. */
  public String file() {
    return file;
  }

  public List<SampleInfo> rows() {
    return rows;
  }

  public Optional<SampleInfo> get(String sample) {
    return Optional.ofNullable(byName.get(sample));
  }

  /** The group columns of the sheet (population, superpopulation, extra columns). */
  public List<String> groupColumns() {
    return columns;
  }

  /** Whether {@code key} names a group of this sheet ({@link #BUILT_IN_KEYS} or a column). */
  public boolean hasGroupKey(String key) {
    return BUILT_IN_KEYS.contains(key) || columns.contains(key);
  }

  /**
   * The samples of group {@code key:value}, in sheet order; empty when no sample has that value. Sexes and
   * phenotypes are matched by meaning ({@code sex:2} = {@code sex:female}); other values exactly.
   */
  public List<String> members(String key, String value) {
    List<String> out = new ArrayList<>();
    switch (key) {
      case "sex" -> {
        Sex want = Sex.parse(value).orElse(null);
        rows.stream().filter(r -> r.sex() == want).forEach(r -> out.add(r.sample()));
      }
      case "phenotype" -> {
        Phenotype want = Phenotype.parse(value).orElse(null);
        rows.stream().filter(r -> r.phenotype() == want).forEach(r -> out.add(r.sample()));
      }
      case "family" -> rows.stream().filter(r -> r.family().equals(value)).forEach(r -> out.add(r.sample()));
      default -> rows.stream().filter(r -> value.equals(r.groups().get(key))).forEach(r -> out.add(r.sample()));
    }
    return out;
  }

  /** The values of a group key, in order of first appearance (labels for sex and phenotype). */
  public List<String> values(String key) {
    Set<String> seen = new java.util.LinkedHashSet<>();
    for (SampleInfo r : rows) {
      String v = switch (key) {
        case "sex" -> r.sex().label();
        case "phenotype" -> r.phenotype().label();
        case "family" -> r.family();
        default -> r.groups().get(key);
      };
      if (v != null) {
        seen.add(v);
      }
    }
    return List.copyOf(seen);
  }

  /** The members of a family, in sheet order. */
  public List<SampleInfo> family(String id) {
    return rows.stream().filter(r -> r.family().equals(id)).toList();
  }

  /** How the sheet and a VCF's samples differ: what a load reports. */
  public Comparison compare(List<String> vcfSamples) {
    Set<String> vcf = new HashSet<>(vcfSamples);
    List<String> sheetOnly = rows.stream().map(SampleInfo::sample).filter(s -> !vcf.contains(s)).toList();
    List<String> vcfOnly = vcfSamples.stream().filter(s -> !byName.containsKey(s)).toList();
    return new Comparison(file, rows.size(), vcfSamples.size(), sheetOnly, vcfOnly);
  }

  /** Samples in one of the sheet and the VCF but not the other. */
  public record Comparison(String file, int sheetSamples, int vcfSamples, List<String> sheetOnly,
      List<String> vcfOnly) {
    private static final int SHOWN = 5;

    public Comparison {
      sheetOnly = List.copyOf(sheetOnly);
      vcfOnly = List.copyOf(vcfOnly);
    }

    public boolean matches() {
      return sheetOnly.isEmpty() && vcfOnly.isEmpty();
    }

    /** One line: counts and the first few names of each side. */
    public String describe() {
      if (matches()) {
        return String.format(Locale.ROOT, "%s: %d samples, all in the VCF", file, sheetSamples);
      }
      StringBuilder sb = new StringBuilder(file).append(": ");
      if (!vcfOnly.isEmpty()) {
        sb.append(vcfOnly.size()).append(" of ").append(vcfSamples).append(" VCF samples not in the sheet (")
            .append(first(vcfOnly)).append(')');
      }
      if (!sheetOnly.isEmpty()) {
        sb.append(vcfOnly.isEmpty() ? "" : "; ").append(sheetOnly.size()).append(" of ").append(sheetSamples)
            .append(" sheet samples not in the VCF (").append(first(sheetOnly)).append(')');
      }
      return sb.toString();
    }

    private static String first(List<String> names) {
      String shown = String.join(", ", names.subList(0, Math.min(SHOWN, names.size())));
      return names.size() > SHOWN ? shown + ", ..." : shown;
    }
  }
}
