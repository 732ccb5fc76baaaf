package org.dasgrid.core.genotype.cohort;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.dasgrid.core.segment.Segment;

/**
 * The human assemblies whose chrX pseudo-autosomal regions a sex check must leave out. The boundaries are
 * plink's {@code --split-x b37/b38}: everything up to the end of PAR1 and from the start of PAR2 is treated
 * as pseudo-autosomal.
 */
public enum Assembly {
  GRCH37(155_270_560, 2_699_520, 154_931_044),
  GRCH38(156_040_895, 2_781_479, 155_701_383);

  private final int xLength;
  private final int par1End;
  private final int par2Start;

  Assembly(int xLength, int par1End, int par2Start) {
    this.xLength = xLength;
    this.par1End = par1End;
    this.par2Start = par2Start;
  }

  public String label() {
    return this == GRCH37 ? "GRCh37" : "GRCh38";
  }

  /** {@code GRCh37}/{@code hg19}/{@code b37} or {@code GRCh38}/{@code hg38}/{@code b38} (any case). */
  public static Optional<Assembly> named(String name) {
    return switch (name.strip().toLowerCase(Locale.ROOT)) {
      case "grch37", "hg19", "b37", "37" -> Optional.of(GRCH37);
      case "grch38", "hg38", "b38", "38" -> Optional.of(GRCH38);
      default -> Optional.empty();
    };
  }

  /** The assembly whose chrX has this length, if either. */
  public static Optional<Assembly> byXLength(long length) {
    for (Assembly a : values()) {
      if (a.xLength == length) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /** The non-PAR part of chrX (named {@code x} in the source), as a segment. */
  public Segment nonPar(String x) {
    return new Segment(x, par1End + 1, par2Start - 1);
  }

  /** Whether a contig name is chrX's: {@code X}, {@code chrX} or {@code 23}. */
  public static boolean isX(String contig) {
    return List.of("x", "chrx", "23").contains(contig.toLowerCase(Locale.ROOT));
  }

  /** Whether a contig is an autosome: 1-22, with or without {@code chr}. */
  public static boolean isAutosome(String contig) {
    String c = contig.toLowerCase(Locale.ROOT);
    if (c.startsWith("chr")) {
      c = c.substring(3);
    }
    if (c.isEmpty() || c.length() > 2 || !c.chars().allMatch(Character::isDigit)) {
      return false;
    }
    int n = Integer.parseInt(c);
    return n >= 1 && n <= 22;
  }
}
