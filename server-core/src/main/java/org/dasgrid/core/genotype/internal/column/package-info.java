/**
 * The engine's primitive building blocks: columns of ints, bytes, chars and longs that are heap arrays or mapped
 * file bytes behind one interface, per-block counts, a growable int list, and the two-part parallel runner.
 * Internal to the genotype engine.
 */
package org.dasgrid.core.genotype.internal.column;
