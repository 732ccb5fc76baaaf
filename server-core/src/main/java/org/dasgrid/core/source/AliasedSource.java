package org.dasgrid.core.source;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A source that also answers to the names of its {@code aliases:} file, on top of the aliases it already has
 * (the built-in rules). Names resolve in this order: the source's real names, then the file's aliases, then
 * the built-in ones; a built-in alias the file gives to another reference is dropped. The capabilities of the
 * wrapped source pass on ({@link ForwardingDataSource#capability}).
 */
public final class AliasedSource extends ForwardingDataSource {
  private final List<EntryPoint> entryPoints;
  private final Map<String, EntryPoint> byName;

  private AliasedSource(DataSource delegate, Map<String, List<String>> fileAliases) {
    super(delegate);
    Set<String> realNames = new java.util.HashSet<>();
    Map<String, String> claimedByFile = new HashMap<>();
    for (EntryPoint ep : delegate.entryPoints()) {
      realNames.add(ep.name());
    }
    fileAliases.forEach((ref, names) -> names.forEach(n -> claimedByFile.put(n, ref)));
    List<EntryPoint> eps = new ArrayList<>();
    for (EntryPoint ep : delegate.entryPoints()) {
      Set<String> aliases = new LinkedHashSet<>();
      for (String a : fileAliases.getOrDefault(ep.name(), List.of())) {
        if (!realNames.contains(a)) {
          aliases.add(a);
        }
      }
      for (String a : ep.aliases()) {
        String fileOwner = claimedByFile.get(a);
        if (fileOwner == null || fileOwner.equals(ep.name())) {
          aliases.add(a);
        }
      }
      eps.add(ep.withAliases(new ArrayList<>(aliases)));
    }
    this.entryPoints = List.copyOf(eps);
    Map<String, EntryPoint> m = new HashMap<>();
    for (EntryPoint ep : entryPoints) {
      for (String a : ep.aliases()) {
        // file aliases come first in each list, and are never shared, so they win
        if (claimedByFile.containsKey(a)) {
          m.put(a, ep);
        } else {
          m.putIfAbsent(a, ep);
        }
      }
    }
    for (EntryPoint ep : entryPoints) {
      m.put(ep.name(), ep);
    }
    this.byName = Map.copyOf(m);
  }

  /** Wraps {@code data} with the aliases {@code table} gives its references. */
  public static DataSource wrap(DataSource data, AliasTable table) throws SourceLoadException {
    List<String> names = data.entryPoints().stream().map(EntryPoint::name).toList();
    Map<String, List<String>> aliases = table.aliasesOf(names);
    return new AliasedSource(data, aliases);
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return entryPoints;
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return Optional.ofNullable(byName.get(nameOrAlias));
  }
}
