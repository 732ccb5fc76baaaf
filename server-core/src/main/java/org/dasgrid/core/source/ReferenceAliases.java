package org.dasgrid.core.source;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The common other names of a reference sequence, so that a client saying {@code chr1} finds a file's
 * {@code 1}, {@code MT} finds {@code chrM} and {@code CHROMOSOME_MtDNA}. Mismatched naming between clients
 * and files is the most common complaint about genome servers.
 *
 * <p>Built-in rules: UCSC {@code chr} prefix on and off; the mitochondrion as {@code chrM}, {@code MT},
 * {@code M}, {@code MtDNA}; WormBase's {@code CHROMOSOME_} prefix.
 */
public final class ReferenceAliases {
  private static final Set<String> MITO = Set.of("chrm", "mt", "m", "mtdna", "chrmt", "chromosome_mtdna");

  private ReferenceAliases() {}

  /** Names {@code name} is also known by under the built-in rules, without {@code name} itself. */
  public static List<String> builtIn(String name) {
    Set<String> out = new LinkedHashSet<>();
    String bare = name;
    if (bare.startsWith("CHROMOSOME_")) {
      bare = bare.substring("CHROMOSOME_".length());
      out.add(bare);
    }
    if (bare.startsWith("chr") && bare.length() > 3) {
      bare = bare.substring(3);
      out.add(bare);
    } else {
      out.add("chr" + bare);
    }
    if (!name.startsWith("CHROMOSOME_")) {
      out.add("CHROMOSOME_" + bare);
    }
    if (MITO.contains(name.toLowerCase(Locale.ROOT)) || MITO.contains(bare.toLowerCase(Locale.ROOT))) {
      out.addAll(List.of("chrM", "MT", "M", "MtDNA", "CHROMOSOME_MtDNA"));
    }
    out.remove(name);
    return new ArrayList<>(out);
  }
}
