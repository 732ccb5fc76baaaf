package org.dasgrid.core.source;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which contigs (reference sequences) of a source a node holds: all of them, none, or some named ones. A
 * cluster shards a source by contig; each node loads only the records on its contigs. Names match a
 * reference's own name or one of its built-in aliases ({@code chr1} selects {@code 1}).
 */
public final class ContigSelection {
  public static final ContigSelection ALL = new ContigSelection(true, Set.of());
  public static final ContigSelection NONE = new ContigSelection(false, Set.of());

  private final boolean all;
  private final Set<String> names;

  private ContigSelection(boolean all, Set<String> names) {
    this.all = all;
    this.names = names;
  }

  /** The contigs with these names (or aliases); an empty list selects none. */
  public static ContigSelection of(java.util.Collection<String> names) {
    return names.isEmpty() ? NONE : new ContigSelection(false, Set.copyOf(names));
  }

  public boolean isAll() {
    return all;
  }

  public boolean isNone() {
    return !all && names.isEmpty();
  }

  /** The names given, sorted (empty for {@link #ALL} and {@link #NONE}). */
  public Set<String> names() {
    return new TreeSet<>(names);
  }

  /** Whether the reference named {@code contig} (its canonical name) is selected. */
  public boolean includes(String contig) {
    if (all) {
      return true;
    }
    if (names.isEmpty()) {
      return false;
    }
    if (names.contains(contig)) {
      return true;
    }
    for (String alias : ReferenceAliases.builtIn(contig)) {
      if (names.contains(alias)) {
        return true;
      }
    }
    return false;
  }

  /** The union of two selections. */
  public ContigSelection plus(ContigSelection other) {
    if (all || other.all) {
      return ALL;
    }
    Set<String> u = new java.util.HashSet<>(names);
    u.addAll(other.names);
    return of(u);
  }

  /** Whether this selection includes every contig in {@code contigs}. */
  public boolean includesAll(List<String> contigs) {
    for (String c : contigs) {
      if (!includes(c)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ContigSelection c && c.all == all && c.names.equals(names);
  }

  @Override
  public int hashCode() {
    return Objects.hash(all, names);
  }

  @Override
  public String toString() {
    return all ? "all contigs" : names.isEmpty() ? "no contigs" : String.join(",", names());
  }
}
