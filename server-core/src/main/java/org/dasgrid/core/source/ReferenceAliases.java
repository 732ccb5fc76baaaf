package org.dasgrid.core.source;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The other names a reference sequence goes by under the naming conventions that apply to it, so that a client
 * saying {@code chr1} finds a file's {@code 1}, {@code MT} finds {@code chrM}. Mismatched naming between clients
 * and files is the most common complaint about genome servers; a name of another organism's habit ({@code
 * CHROMOSOME_1} for a human {@code chr1}) is noise in every list of aliases, so each convention is used only where
 * it applies:
 *
 * <ul>
 *   <li>UCSC's {@code chr} prefix, on and off, for chromosome-like names only ({@code 1}..{@code 99}, {@code X},
 *       {@code Y}, {@code W}, {@code Z}, roman numerals, fly arms such as {@code 2L}, {@code Un}): not for
 *       accessions or scaffolds ({@code NC_001422.1}, {@code scaffold_12});
 *   <li>Ensembl/NCBI bare names: the name without {@code chr} or {@code CHROMOSOME_};
 *   <li>WormBase's {@code CHROMOSOME_} prefix, for C. elegans sources only: those whose names already carry it,
 *       or whose chromosomes are all of {@code I}..{@code V}, {@code X}, {@code MtDNA} (with or without a prefix);
 *   <li>the mitochondrion as {@code chrM}, {@code MT}, {@code M}, and in a WormBase source also {@code MtDNA} and
 *       {@code CHROMOSOME_MtDNA}.
 * </ul>
 *
 * Anything else a source should answer to goes in its {@code aliases:} file, which decides over these rules.
 */
public final class ReferenceAliases {
  private static final String UCSC = "chr";
  private static final String WORMBASE = "CHROMOSOME_";
  private static final Set<String> MITO = Set.of("chrm", "chrmt", "mt", "m", "mtdna", "chromosome_mtdna");
  private static final Pattern CHROMOSOME_LIKE =
      Pattern.compile("(?:[1-9][0-9]?|[XYWZ]|[IVX]{1,5})(?:[LR](?:Het)?)?|Un|M|MT|MtDNA");
  private static final Set<String> WORM_CHROMOSOMES = Set.of("I", "II", "III", "IV", "V", "X", "MtDNA");
  private static final Set<String> WORM_AUTOSOMES = Set.of("I", "II", "III", "IV", "V");

  private ReferenceAliases() {}

  /**
   * The built-in aliases of each of a source's references, in the order of {@code names}, without the names
   * themselves. Which conventions apply is read from all the names together (a WormBase source is told by its
   * set of chromosomes, not by one name).
   */
  public static Map<String, List<String>> builtIn(List<String> names) {
    boolean wormBase = isWormBase(names);
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String name : names) {
      out.put(name, aliases(name, wormBase));
    }
    return out;
  }

  /** The built-in aliases of one reference named alone (a cluster shard's contig list, say). */
  public static List<String> builtIn(String name) {
    return builtIn(List.of(name)).get(name);
  }

  private static List<String> aliases(String name, boolean wormBase) {
    String bare = bare(name);
    Set<String> out = new LinkedHashSet<>();
    if (CHROMOSOME_LIKE.matcher(bare).matches()) {
      out.add(bare);
      out.add(UCSC + bare);
      if (wormBase) {
        out.add(WORMBASE + bare);
      }
    }
    if (MITO.contains(bare.toLowerCase(Locale.ROOT)) || MITO.contains(name.toLowerCase(Locale.ROOT))) {
      out.addAll(List.of("chrM", "MT", "M"));
      if (wormBase) {
        out.addAll(List.of("MtDNA", WORMBASE + "MtDNA"));
      }
    }
    out.remove(name);
    return new ArrayList<>(out);
  }

  /** The name without a UCSC or WormBase prefix. */
  private static String bare(String name) {
    if (name.startsWith(WORMBASE) && name.length() > WORMBASE.length()) {
      return name.substring(WORMBASE.length());
    }
    if (name.startsWith(UCSC) && name.length() > UCSC.length()) {
      return name.substring(UCSC.length());
    }
    return name;
  }

  /** Whether the names are C. elegans' as WormBase writes them, or could be (I..V, X, MtDNA). */
  private static boolean isWormBase(List<String> names) {
    boolean autosome = false;
    for (String n : names) {
      if (n.startsWith(WORMBASE)) {
        return true;
      }
      String bare = bare(n);
      if (!WORM_CHROMOSOMES.contains(bare) && !MITO.contains(bare.toLowerCase(Locale.ROOT))) {
        return false;
      }
      autosome |= WORM_AUTOSOMES.contains(bare);
    }
    return autosome;
  }
}
