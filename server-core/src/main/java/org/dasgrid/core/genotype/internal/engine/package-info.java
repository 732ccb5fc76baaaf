/**
 * The query engine over the store: planning a query's segments, scanning rows, counting carriers and calls,
 * answers that read the stored bytes, call cursors, the row lookup by ID or coordinates, and samples' call bits.
 * Internal to the genotype engine.
 */
package org.dasgrid.core.genotype.internal.engine;
