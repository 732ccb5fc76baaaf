package org.dasgrid.core.genotype.pieces;

import java.util.Objects;
import java.util.Set;
import org.dasgrid.core.genotype.GenotypeQueries;

/**
 * One piece of a cohort: an engine, the contigs it holds records of (each contig in one piece), and the name
 * it is reported by (its file).
 */
public record Piece(String name, GenotypeQueries engine, Set<String> contigs) {
  public Piece {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(engine, "engine");
    contigs = Set.copyOf(contigs);
  }
}
