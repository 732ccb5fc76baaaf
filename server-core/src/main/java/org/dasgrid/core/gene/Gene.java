package org.dasgrid.core.gene;

import java.util.List;
import java.util.Objects;

/**
 * One gene of an annotation file: its ID (as written, version suffix included: {@code ENSG00000139618.15}),
 * its name ({@code BRCA2}; the ID when the file gives none), other names it is known by (GFF3 {@code Alias},
 * {@code gene_synonym}), and its span as the file writes it: contig, start and end, 1-based and inclusive.
 * {@code line} is where the file declares it, for messages.
 */
public record Gene(String id, String name, List<String> aliases, String contig, int start, int end, long line) {
  public Gene {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(contig, "contig");
    name = name == null || name.isBlank() ? id : name;
    aliases = List.copyOf(aliases);
    if (start < 1 || end < start) {
      throw new IllegalArgumentException("gene " + id + ": bad span " + start + "-" + end);
    }
  }

  /** The span as the file names it, {@code contig:start,end}. */
  public String span() {
    return contig + ":" + start + "," + end;
  }
}
