package org.dasgrid.core.source;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Helpers for sources that compute their own entry points: adding the built-in aliases and building the
 * name-or-alias lookup, the same way for every source so that all formats answer to the same names.
 */
public final class EntryPoints {
  private EntryPoints() {}

  /**
   * Adds the built-in aliases ({@link ReferenceAliases#builtIn(List)}: the naming conventions that apply to
   * these references) of each reference. An alias two references
   * would share, or that is another reference's real name, is left out: it would be ambiguous.
   */
  public static List<EntryPoint> withBuiltInAliases(List<EntryPoint> eps) {
    Map<String, List<String>> builtIn = ReferenceAliases.builtIn(eps.stream().map(EntryPoint::name).toList());
    Map<String, Integer> claims = new HashMap<>();
    for (EntryPoint ep : eps) {
      claims.put(ep.name(), Integer.MAX_VALUE);
    }
    for (EntryPoint ep : eps) {
      for (String a : builtIn.get(ep.name())) {
        claims.merge(a, 1, Integer::sum);
      }
    }
    List<EntryPoint> out = new ArrayList<>(eps.size());
    for (EntryPoint ep : eps) {
      List<String> aliases = new ArrayList<>(ep.aliases());
      for (String a : builtIn.get(ep.name())) {
        if (claims.get(a) == 1 && !aliases.contains(a)) {
          aliases.add(a);
        }
      }
      out.add(ep.withAliases(aliases));
    }
    return List.copyOf(out);
  }

  /** Every name and alias of the entry points to its entry point; real names win over aliases. */
  public static Map<String, EntryPoint> byNameOrAlias(List<EntryPoint> eps) {
    Map<String, EntryPoint> m = new HashMap<>();
    for (EntryPoint ep : eps) {
      for (String a : ep.aliases()) {
        m.putIfAbsent(a, ep);
      }
    }
    for (EntryPoint ep : eps) {
      m.put(ep.name(), ep);
    }
    return Map.copyOf(m);
  }
}
