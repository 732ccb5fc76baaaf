package org.dasgrid.core.ga4gh.beacon;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.dasgrid.core.genotype.cohort.Phenotype;
import org.dasgrid.core.genotype.cohort.SampleInfo;
import org.dasgrid.core.genotype.cohort.Sex;

/**
 * The filtering terms of a sample (an individual and its biosample) from its sample-sheet row: its sex as the
 * NCIT term Beacon recommends ({@code NCIT:C16576} female, {@code NCIT:C20197} male, {@code NCIT:C17998}
 * unknown), and custom terms {@code key:value} for its phenotype, family and every group column ({@code
 * population:CEU}, {@code superpopulation:EUR}...), the same names the genotype API's sample groups use.
 */
final class SampleTerms {
  static final String FEMALE = "NCIT:C16576";
  static final String MALE = "NCIT:C20197";
  static final String UNKNOWN_SEX = "NCIT:C17998";

  private SampleTerms() {}

  static String sexId(Sex sex) {
    return switch (sex) {
      case FEMALE -> FEMALE;
      case MALE -> MALE;
      case UNKNOWN -> UNKNOWN_SEX;
    };
  }

  /** Every term of a sample, by id, with its label. */
  static Map<String, String> of(SampleInfo s) {
    Map<String, String> t = new LinkedHashMap<>();
    t.put(sexId(s.sex()), s.sex().label());
    if (s.phenotype() != Phenotype.UNKNOWN) {
      t.put("phenotype:" + s.phenotype().label(), "phenotype " + s.phenotype().label());
    }
    if (!s.family().equals(s.sample())) {
      t.put("family:" + s.family(), "family " + s.family());
    }
    s.groups().forEach((k, v) -> t.put(k + ":" + v, k + " " + v));
    return t;
  }

  /** The terms of a sample without a sheet row: its sex is unknown. */
  static Map<String, String> unknown() {
    return Map.of(UNKNOWN_SEX, Sex.UNKNOWN.label());
  }

  /** Whether a sample with {@code terms} has every filter. */
  static boolean matches(Set<String> terms, Iterable<String> filters) {
    for (String f : filters) {
      if (!terms.contains(f)) {
        return false;
      }
    }
    return true;
  }

  static Set<String> ids(Map<String, String> terms) {
    return new LinkedHashSet<>(terms.keySet());
  }
}
