package org.dasgrid.core.gene;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The genes of a source's {@code genes:} file by every name they are asked for, case-insensitively: the gene
 * name, the ID as written ({@code ENSG00000139618.15}), the ID without its version suffix ({@code
 * ENSG00000139618}) or its type prefix (Ensembl GFF3's {@code gene:ENSG...}), and the aliases. A name or ID
 * wins over an alias: HGNC's previous symbols are often another gene's current one, and a client asking for
 * {@code BRCA2} means the gene named so. A symbol that names several genes (a name used on two contigs, an
 * alias shared by two genes) finds them all, in file order; the caller uses every span and says so. Immutable.
 */
public final class GeneIndex {
  private static final Pattern VERSION = Pattern.compile("\\.\\d+$");
  private static final Pattern TYPE_PREFIX = Pattern.compile("^(gene|GeneID):", Pattern.CASE_INSENSITIVE);
  private final List<Gene> genes;
  private final Map<String, List<Gene>> byName;
  private final Map<String, List<Gene>> byAlias;

  private GeneIndex(List<Gene> genes) {
    this.genes = List.copyOf(genes);
    Map<String, Set<Gene>> names = new HashMap<>();
    Map<String, Set<Gene>> aliases = new HashMap<>();
    for (Gene g : this.genes) {
      for (String key : primaryKeys(g)) {
        names.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(g);
      }
      for (String a : g.aliases()) {
        for (String key : List.of(a, VERSION.matcher(a).replaceFirst(""))) {
          aliases.computeIfAbsent(normal(key), k -> new LinkedHashSet<>()).add(g);
        }
      }
    }
    this.byName = frozen(names);
    this.byAlias = frozen(aliases);
  }

  public static GeneIndex of(List<Gene> genes) {
    return new GeneIndex(genes);
  }

  private static Set<String> primaryKeys(Gene g) {
    Set<String> keys = new LinkedHashSet<>();
    keys.add(normal(g.name()));
    String id = g.id();
    keys.add(normal(id));
    String bare = TYPE_PREFIX.matcher(id).replaceFirst("");
    keys.add(normal(bare));
    keys.add(normal(VERSION.matcher(bare).replaceFirst("")));
    return keys;
  }

  private static Map<String, List<Gene>> frozen(Map<String, Set<Gene>> m) {
    Map<String, List<Gene>> out = new HashMap<>(m.size() * 2);
    m.forEach((k, v) -> out.put(k, List.copyOf(v)));
    return Map.copyOf(out);
  }

  private static String normal(String symbol) {
    return symbol.strip().toLowerCase(Locale.ROOT);
  }

  /** The genes a symbol names (by name or ID, else by alias), in file order; empty if none. */
  public List<Gene> find(String symbol) {
    String key = normal(symbol);
    List<Gene> named = byName.get(key);
    if (named != null) {
      return named;
    }
    return byAlias.getOrDefault(key, List.of());
  }

  /** Every gene, in file order. */
  public List<Gene> genes() {
    return genes;
  }

  public int size() {
    return genes.size();
  }
}
