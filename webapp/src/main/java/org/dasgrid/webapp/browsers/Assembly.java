package org.dasgrid.webapp.browsers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dasgrid.core.config.Coordinates;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.datasources.export.ExportKind;
import org.dasgrid.datasources.export.ExportStore;
import org.dasgrid.webapp.api.AssemblyName;

/**
 * The sources that share a coordinate system (authority and version, {@code BDGP_5}), as one browser assembly:
 * their references united (the longest length, every alias), the sequence of the first of them that has one,
 * and the sources themselves in config order. A source without coordinates is an assembly of its own, named
 * by its id.
 */
record Assembly(String name, String displayName, List<EntryPoint> refs, Optional<LoadedSource> sequence,
    List<LoadedSource> sources) {

  static List<Assembly> of(List<LoadedSource> sources) {
    Map<String, List<LoadedSource>> groups = new LinkedHashMap<>();
    for (LoadedSource s : sources) {
      groups.computeIfAbsent(AssemblyName.of(s), k -> new ArrayList<>()).add(s);
    }
    List<Assembly> out = new ArrayList<>();
    groups.forEach((name, members) -> out.add(of(name, members)));
    return out;
  }

  private static Assembly of(String name, List<LoadedSource> members) {
    Map<String, Integer> lengths = new LinkedHashMap<>();
    Map<String, Set<String>> aliases = new LinkedHashMap<>();
    for (LoadedSource s : members) {
      for (EntryPoint ep : s.data().entryPoints()) {
        lengths.merge(ep.name(), ep.length(), Math::max);
        aliases.computeIfAbsent(ep.name(), k -> new LinkedHashSet<>()).addAll(ep.aliases());
      }
    }
    List<EntryPoint> refs = new ArrayList<>();
    lengths.forEach((ref, len) -> {
      List<String> a = new ArrayList<>(aliases.get(ref));
      a.remove(ref);
      refs.add(EntryPoint.of(ref, len).withAliases(a));
    });
    Optional<LoadedSource> seq = members.stream()
        .filter(s -> ExportStore.offered(s).contains(ExportKind.FASTA)).findFirst();
    Coordinates c = members.get(0).config().coordinates();
    String display = c.authority().isEmpty() ? members.get(0).config().title() : c.label();
    return new Assembly(name, display, List.copyOf(refs), seq, List.copyOf(members));
  }

  /** The export a source is shown from in a browser: its own format where it has one, else GFF3. */
  static Optional<ExportKind> trackKind(LoadedSource s) {
    List<ExportKind> kinds = ExportStore.offered(s);
    for (ExportKind k : List.of(ExportKind.VCF, ExportKind.BED, ExportKind.GFF3)) {
      if (kinds.contains(k)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }
}
