package org.dasgrid.core.ga4gh.beacon;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.dasgrid.core.config.Coordinates;

/**
 * Beacon's {@code assemblyId} against a source's DAS coordinates: {@code NCBI} version 36 is {@code NCBI36}
 * (also called hg18), {@code GRCh} 37 is {@code GRCh37} (hg19), and so on. Names compare without case and
 * without separators ({@code GRCh37.p13} is {@code GRCh37}'s patch and matches it).
 */
final class Assemblies {
  /** UCSC names of the human and mouse assemblies, by the normalized GRC/NCBI name. */
  private static final Map<String, Set<String>> SYNONYMS = Map.of(
      "ncbi36", Set.of("hg18", "grch36"),
      "grch37", Set.of("hg19", "ncbi37", "b37", "hs37d5"),
      "grch38", Set.of("hg38", "ncbi38"),
      "ncbi37", Set.of("hg19", "grch37"),
      "grcm38", Set.of("mm10"),
      "grcm39", Set.of("mm39"));

  private Assemblies() {}

  /** The assembly name of a coordinate system ({@code NCBI36}), or empty when the config gives none. */
  static String name(Coordinates c) {
    return c.authority().isEmpty() ? "" : c.authority() + c.version();
  }

  /** Whether a request's {@code assemblyId} names the assembly of these coordinates. */
  static boolean matches(String assemblyId, Coordinates c) {
    String own = normalize(name(c));
    if (own.isEmpty()) {
      return true; // the config does not say: nothing to check against
    }
    String asked = normalize(assemblyId);
    int patch = asked.indexOf('p');
    if (asked.startsWith("grc") && patch > 0) {
      asked = asked.substring(0, patch); // GRCh37.p13 -> grch37
    }
    return asked.equals(own) || SYNONYMS.getOrDefault(own, Set.of()).contains(asked);
  }

  private static String normalize(String s) {
    return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
  }
}
