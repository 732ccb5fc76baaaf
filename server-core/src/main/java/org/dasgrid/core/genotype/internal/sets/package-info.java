/**
 * The engine's sets of samples (each variant's het and hom-alt samples, the correction groups), named by int
 * handles in one store, each set in the smallest of its storage forms, and the builder that chooses the form.
 * Internal to the genotype engine.
 */
package org.dasgrid.core.genotype.internal.sets;
