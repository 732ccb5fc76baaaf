package org.dasgrid.core.source;

import java.util.List;
import java.util.Objects;
import org.dasgrid.core.feature.Orientation;

/**
 * A reference sequence a source knows: its canonical name, its length, and other names it answers to
 * ({@code chr1} for {@code 1}, {@code MT} for {@code chrM}...).
 */
public record EntryPoint(String name, int length, String type, Orientation orientation, List<String> aliases) {
  public EntryPoint {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(orientation, "orientation");
    aliases = List.copyOf(aliases);
    if (length < 1) {
      throw new IllegalArgumentException("reference " + name + " has length " + length);
    }
  }

  public static EntryPoint of(String name, int length) {
    return new EntryPoint(name, length, "Chromosome", Orientation.FORWARD, List.of());
  }

  public EntryPoint withAliases(List<String> newAliases) {
    return new EntryPoint(name, length, type, orientation, newAliases);
  }

  public EntryPoint withLength(int newLength) {
    return new EntryPoint(name, newLength, type, orientation, aliases);
  }
}
