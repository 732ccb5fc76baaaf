package org.dasgrid.core.genotype.pieces;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.dasgrid.core.genotype.GenotypeQueries;

/**
 * One piece of a cohort: an engine, what it holds records of (whole contigs, or runs of positions of a long
 * contig cut by the index builder), and the name it is reported by (its file).
 */
public record Piece(String name, GenotypeQueries engine, List<Span> spans, PieceCheck check) {
  /**
   * Records of {@code contig} at positions {@code from} to {@code to} (whole contig: 1 to {@link
   * Integer#MAX_VALUE}), the last base any of them covers being {@code extent}.
   */
  public record Span(String contig, int from, int to, int extent) {
    public Span {
      Objects.requireNonNull(contig, "contig");
      if (from > to) {
        throw new IllegalArgumentException("span " + contig + ":" + from + "-" + to);
      }
    }

    /** A whole contig. */
    public static Span whole(String contig) {
      return new Span(contig, 1, Integer.MAX_VALUE, Integer.MAX_VALUE);
    }
  }

  public Piece {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(engine, "engine");
    spans = List.copyOf(spans);
  }

  /** A piece of whole contigs, checked when opened. */
  public Piece(String name, GenotypeQueries engine, Set<String> contigs) {
    this(name, engine, contigs.stream().sorted().map(Span::whole).toList(), null);
  }

  /** Waits for the piece's deferred check, if any (throws a 503-kind error when the source has a damaged piece). */
  void ready() {
    if (check != null) {
      check.await();
    }
  }

  boolean holds(String contig) {
    return spans.stream().anyMatch(s -> s.contig().equals(contig));
  }
}
