package org.dasgrid.core.genotype;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import org.dasgrid.core.feature.VariantClass;

/**
 * Which variants (ALT alleles) an analytics query keeps, beyond the segments and zygosity: AND between the
 * fields, OR within one. Empty sets and absent bounds keep everything; {@link #NONE} keeps every row.
 *
 * @param refs REF alleles kept (exact, case-sensitive as in the VCF)
 * @param alts ALT alleles kept
 * @param classes variant classes kept ({@link VariantClass})
 * @param minLength shortest kept, inclusive: the longer of REF and ALT, or the site's span (END - POS + 1)
 *     for a symbolic allele
 * @param maxLength longest kept, inclusive, measured as {@code minLength}
 * @param allelic whether only biallelic or only multiallelic sites are kept
 * @param afMin lowest af kept, inclusive ({@code ac / an} over the chosen samples; rows with {@code an = 0} fail)
 * @param afMax highest af kept, inclusive
 * @param info tests of INFO fields, all of which must hold
 * @param csq tests of the functional annotation (VEP {@code CSQ} or SnpEff {@code ANN}), all of which must hold
 *     for one and the same entry of the row's ALT
 * @param bracket bounds on the row's POS and END (a bracket query; {@link Bracket#ANY} keeps all)
 */
public record VariantFilter(Set<String> refs, Set<String> alts, Set<VariantClass> classes, OptionalInt minLength,
    OptionalInt maxLength, Allelic allelic, OptionalDouble afMin, OptionalDouble afMax, List<InfoCondition> info,
    List<CsqCondition> csq, Bracket bracket) {

  public static final VariantFilter NONE = new VariantFilter(Set.of(), Set.of(), Set.of(), OptionalInt.empty(),
      OptionalInt.empty(), Allelic.ANY, OptionalDouble.empty(), OptionalDouble.empty(), List.of(), List.of());

  /** As the first ten arguments say, with no bracket. */
  public VariantFilter(Set<String> refs, Set<String> alts, Set<VariantClass> classes, OptionalInt minLength,
      OptionalInt maxLength, Allelic allelic, OptionalDouble afMin, OptionalDouble afMax, List<InfoCondition> info,
      List<CsqCondition> csq) {
    this(refs, alts, classes, minLength, maxLength, allelic, afMin, afMax, info, csq, Bracket.ANY);
  }

  /** As the first eight arguments say, with no INFO or annotation test. */
  public VariantFilter(Set<String> refs, Set<String> alts, Set<VariantClass> classes, OptionalInt minLength,
      OptionalInt maxLength, Allelic allelic, OptionalDouble afMin, OptionalDouble afMax) {
    this(refs, alts, classes, minLength, maxLength, allelic, afMin, afMax, List.of(), List.of());
  }

  /** Which sites by their number of ALT alleles. */
  public enum Allelic {
    ANY,
    BIALLELIC,
    MULTIALLELIC
  }

  public VariantFilter {
    refs = Set.copyOf(refs);
    alts = Set.copyOf(alts);
    classes = classes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(classes));
    Objects.requireNonNull(minLength, "minLength");
    Objects.requireNonNull(maxLength, "maxLength");
    Objects.requireNonNull(allelic, "allelic");
    Objects.requireNonNull(afMin, "afMin");
    Objects.requireNonNull(afMax, "afMax");
    info = List.copyOf(info);
    csq = List.copyOf(csq);
    Objects.requireNonNull(bracket, "bracket");
  }

  /** Whether the filter keeps every row (so the engine skips it). */
  public boolean keepsAll() {
    return equals(NONE);
  }

  /** Whether a test needs the row's text (REF, ALT, class or length). */
  public boolean readsText() {
    return !refs.isEmpty() || !alts.isEmpty() || !classes.isEmpty() || minLength.isPresent()
        || maxLength.isPresent();
  }

  boolean readsAf() {
    return afMin.isPresent() || afMax.isPresent();
  }

  /** Whether af = ac / an is within the bounds. */
  public boolean keepsAf(int ac, int an) {
    if (!readsAf()) {
      return true;
    }
    if (an == 0) {
      return false;
    }
    double af = (double) ac / an;
    return (afMin.isEmpty() || af >= afMin.getAsDouble()) && (afMax.isEmpty() || af <= afMax.getAsDouble());
  }
}
