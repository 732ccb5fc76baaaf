package org.dasgrid.core.api.genotype;

import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.VariantAnswer;

/** The engine's answer to one request, by endpoint. */
public sealed interface GenotypeResult {
  record Variants(VariantAnswer answer) implements GenotypeResult {}

  record Samples(SampleAnswer answer) implements GenotypeResult {}

  record Count(CountAnswer answer) implements GenotypeResult {}
}
