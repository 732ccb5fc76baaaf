package org.dasgrid.core.genotype.cohort;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One row of a sample sheet.
 *
 * @param sample the sample's name, as in the VCF header
 * @param sex declared sex
 * @param phenotype affection status
 * @param family family id ({@code sample} itself when the sheet gives none)
 * @param father the father's sample name, if in the sheet's pedigree
 * @param mother the mother's sample name
 * @param groups every other column by its header name ({@code population}, {@code superpopulation} and
 *     extra columns), without empty values
 */
public record SampleInfo(String sample, Sex sex, Phenotype phenotype, String family, Optional<String> father,
    Optional<String> mother, Map<String, String> groups) {
  public SampleInfo {
    Objects.requireNonNull(sample, "sample");
    Objects.requireNonNull(sex, "sex");
    Objects.requireNonNull(phenotype, "phenotype");
    family = family == null || family.isEmpty() ? sample : family;
    father = father == null ? Optional.empty() : father;
    mother = mother == null ? Optional.empty() : mother;
    groups = Map.copyOf(groups);
  }

  /** Whether the sheet names a parent of this sample. */
  public boolean hasParents() {
    return father.isPresent() || mother.isPresent();
  }
}
