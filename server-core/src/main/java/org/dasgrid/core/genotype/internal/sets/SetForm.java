package org.dasgrid.core.genotype.internal.sets;

import java.util.function.IntConsumer;
import org.dasgrid.core.genotype.SampleSelection;

/**
 * One storage form of the engine's sample sets ({@link SampleSets} picks a set's form by its handle's tag): how a
 * set of the form, named by its index in the form's pool, answers each question the engine asks of a set. Every
 * intersection with a {@link SampleSelection} is made from the smaller side, so that nothing loops over the
 * cohort per set. The contract each form keeps; {@link SampleSets} calls the forms directly, by a switch on the
 * tag, so that each call site reaches one class and is inlined (the engine asks once or twice per row).
 */
abstract sealed class SetForm permits InlineSets, GapSets, RoaringSets, DenseSets, PatchedSets {
  abstract int cardinality(int i);

  abstract boolean contains(int i, int sample);

  /** Which of {@code samples} (at most 32) are members: bit {@code k} for {@code samples[k]}. */
  abstract int membersAmong(int i, int[] samples);

  /** How many members {@code sel} chooses; {@code sel} is not the whole cohort. */
  abstract int andCardinality(int i, SampleSelection sel);

  /** Whether {@code sel} chooses a member; {@code sel} is not the whole cohort. */
  abstract boolean intersects(int i, SampleSelection sel);

  /** Adds one to {@code counts[s]} for every member {@code s}. */
  abstract void addTo(int i, int[] counts);

  /** Adds {@code value} to {@code into[s]} for every member {@code s} (a score's dose). */
  abstract void addTo(int i, double[] into, double value);

  /** Calls {@code sink} with every member that {@code sel} chooses. */
  abstract void forEachChosen(int i, SampleSelection sel, IntConsumer sink);

  /** Calls {@code sink} with every member, ascending. */
  abstract void forEach(int i, IntConsumer sink);

  /** Writes the members as a cohort-wide bitset into the first words of {@code into} (the other bits cleared). */
  abstract void fillWords(int i, long[] into);

  /** The heap the form's pools hold (pages, or Roaring as it estimates itself). */
  abstract long heapBytes();
}
