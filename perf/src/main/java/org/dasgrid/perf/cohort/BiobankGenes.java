package org.dasgrid.perf.cohort;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The genes.gff3 of a biobank cohort: synthetic genes named {@code G<chromosome>_<5 digits>} ({@code G13_00659},
 * {@code GX_00012}), numbered along each contig, one per 150 kb on average, lengths log-normal around a median of
 * 16 kb; and TP53 and BRCA2 where their contig is generated. {@link #PINNED} is the gene the benchmark docs
 * query (`run-biobank-benchmark.sh COHORT G13_00659 ...`): it stays at its coordinates of the first biobank
 * cohorts, with the genes before it drawn before it, and gets records of its own (see BiobankCohortGenerator).
 */
final class BiobankGenes {
  private BiobankGenes() {}

  /** G13_00659 = chr13:98,966,819-99,116,231 (150 kb), the 659th gene of chr13. */
  static final Grch38.Region PINNED = new Grch38.Region("G13_00659", "chr13", 98_966_819, 99_116_231);
  private static final int PINNED_ORDINAL = 659;
  private static final int BASES_PER_GENE = 150_000;

  static String gff3(List<Grch38.Contig> contigs, SplittableRandom rnd) {
    StringBuilder b = new StringBuilder("##gff-version 3\n");
    for (Grch38.Contig contig : contigs) {
      List<Grch38.Region> genes = new ArrayList<>(synthetic(contig, rnd));
      for (Grch38.Region known : List.of(Grch38.TP53, Grch38.BRCA2)) {
        if (known.contig().equals(contig.name())) {
          genes.add(known);
        }
      }
      genes.sort(Comparator.comparingInt(Grch38.Region::start).thenComparing(Grch38.Region::name));
      for (Grch38.Region g : genes) {
        b.append(Grch38.gene(g, g == Grch38.TP53 ? Grch38.TP53_ID : g == Grch38.BRCA2 ? Grch38.BRCA2_ID : g.name()));
      }
    }
    return b.toString();
  }

  private static List<Grch38.Region> synthetic(Grch38.Contig contig, SplittableRandom rnd) {
    int count = Math.max(1, contig.length() / BASES_PER_GENE);
    boolean pinned = contig.name().equals(PINNED.contig());
    if (pinned) {
      count = Math.max(count, PINNED_ORDINAL);
    }
    int[] starts = new int[count];
    for (int i = 0; i < count; i++) {
      // around the pinned gene: those before it start before it, those after it after its start
      int from = !pinned ? 1 : i < PINNED_ORDINAL - 1 ? 1 : PINNED.start() + 1;
      int to = !pinned || i >= PINNED_ORDINAL - 1 ? contig.length() - 1_000 : PINNED.start() - 1;
      starts[i] = from + rnd.nextInt(to - from + 1);
    }
    if (pinned) {
      starts[PINNED_ORDINAL - 1] = PINNED.start();
    }
    Arrays.sort(starts);
    String prefix = "G" + contig.name().replaceFirst("^chr", "") + "_";
    List<Grch38.Region> genes = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String name = prefix + String.format(Locale.ROOT, "%05d", i + 1);
      double length = Math.exp(Math.log(16_000) + 1.2 * rnd.nextGaussian());
      int end = (int) Math.min(contig.length(), starts[i] + Math.max(300, Math.min(2_000_000, Math.round(length))) - 1);
      genes.add(pinned && i == PINNED_ORDINAL - 1 ? PINNED : new Grch38.Region(name, contig.name(), starts[i], end));
    }
    return genes;
  }
}
