package org.dasgrid.core.genotype;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.dasgrid.core.segment.Segment;

/**
 * Random cohorts for the engine's tests, held twice: as every call of every site (the oracle's view), and as
 * the engine built from them. The oracle helpers apply the contract's rules (section 4) to the raw calls.
 */
public final class RandomCohorts {
  private RandomCohorts() {}

  /** A site as the oracle holds it: each sample's alleles ({@code null}: 0/0). */
  public record Site(int order, String contig, int pos, int end, String id, String ref, List<String> alts, int[][] calls) {}

  /** One oracle row: an ALT allele of a site. */
  public record Row(Site site, int allele) {}

  public static final class Cohort {
    public final List<String> samples;
    public final List<String> contigOrder = new ArrayList<>();
    public final List<Site> sites = new ArrayList<>();
    public GenotypeQueries engine;

    Cohort(int sampleCount) {
      samples = IntStream.range(0, sampleCount).mapToObj(i -> "S" + i).toList();
    }
  }

  public static Cohort randomCohort(long seed, int sampleCount, int siteCount, SetEncoding encoding) {
    Random rnd = new Random(seed);
    Cohort c = new Cohort(sampleCount);
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(c.samples, encoding);
    for (String declared : List.of("c2", "c1")) {
      b.declareContig(declared);
      c.contigOrder.add(declared);
    }
    String[] contigs = {"c1", "c2", "c3", "chrY"};
    String[] bases = {"A", "C", "G", "T", "AT", "GCA", "<DEL>", "*"};
    for (int i = 0; i < siteCount; i++) {
      String contig = contigs[rnd.nextInt(contigs.length)];
      if (!c.contigOrder.contains(contig)) {
        c.contigOrder.add(contig);
      }
      // clusters of equal positions and a few unsorted sites
      int pos = 1 + (i * 37 + rnd.nextInt(60)) % 20_000;
      String ref = bases[rnd.nextInt(4)] + (rnd.nextInt(5) == 0 ? "TT" : "");
      int end = pos + ref.length() - 1 + (rnd.nextInt(40) == 0 ? 1_000 + rnd.nextInt(5_000) : 0);
      int altCount = rnd.nextInt(20) == 0 ? 0 : rnd.nextInt(6) == 0 ? 2 + rnd.nextInt(2) : 1;
      List<String> alts = new ArrayList<>();
      while (alts.size() < altCount) {
        String alt = bases[rnd.nextInt(bases.length)];
        if (!alt.equals(ref) && !alts.contains(alt)) {
          alts.add(alt);
        }
      }
      boolean haploidContig = contig.equals("chrY");
      double nonRef = rnd.nextDouble() * rnd.nextDouble();
      int[][] calls = new int[sampleCount][];
      String id = rnd.nextBoolean() ? "." : "rs" + i;
      b.startSite(contig, pos, end, id, ref, alts);
      for (int s = 0; s < sampleCount; s++) {
        if (rnd.nextDouble() >= nonRef && !haploidContig) {
          continue;
        }
        int ploidy = haploidContig ? (rnd.nextInt(10) == 0 ? 2 : 1)
            : rnd.nextInt(15) == 0 ? 1 : rnd.nextInt(30) == 0 ? 3 : 2;
        int[] alleles = new int[ploidy];
        for (int k = 0; k < ploidy; k++) {
          alleles[k] = rnd.nextInt(12) == 0 ? GenotypeIndexBuilder.MISSING : rnd.nextInt(altCount + 1);
        }
        calls[s] = alleles;
        b.call(s, alleles, ploidy);
      }
      b.endSite();
      c.sites.add(new Site(i, contig, pos, end, id, ref, List.copyOf(alts), calls));
    }
    c.engine = b.build();
    return c;
  }

  /**
   * A cohort shaped as the perf generator's (CohortGenerator): every other sample male, haploid on chrX
   * outside a PAR (positions below 2,000) and on chrY, where females have no call ({@code .}); 0.5% missing
   * calls, a tenth of them partial ({@code ./1}); autosome c1. So many rows' AN corrections and non-diploid
   * and missing sets are the same large group of samples but for a few: the sets stored as patches.
   */
  public static Cohort sexedCohort(long seed, int sampleCount, int siteCount) {
    return sexedCohort(seed, sampleCount, siteCount, rnd -> rnd.nextInt(3) == 0 ? 0.3 : 0.01);
  }

  /**
   * As {@link #sexedCohort(long, int, int)} with a biobank's allele-frequency spectrum: half the sites have one
   * or two carriers, a quarter tens, the rest 1%, 3% or (one site in 30) 30% of the cohort. At 70,000 samples
   * its sets take every form: runs of 32-bit sample numbers, and dense sets for the common sites and chrX's
   * males.
   */
  public static Cohort biobankCohort(long seed, int sampleCount, int siteCount) {
    return sexedCohort(seed, sampleCount, siteCount, rnd -> {
      int k = rnd.nextInt(30);
      return k < 15 ? 0.75 / sampleCount : k < 23 ? 10.0 / sampleCount : k < 26 ? 0.01 : k < 29 ? 0.03 : 0.3;
    });
  }

  private static Cohort sexedCohort(long seed, int sampleCount, int siteCount,
      java.util.function.ToDoubleFunction<Random> frequency) {
    Random rnd = new Random(seed);
    Cohort c = new Cohort(sampleCount);
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(c.samples);
    String[] contigs = {"c1", "chrX", "chrY"};
    for (int i = 0; i < siteCount; i++) {
      String contig = contigs[i * contigs.length / siteCount];
      if (!c.contigOrder.contains(contig)) {
        c.contigOrder.add(contig);
      }
      int pos = 1 + (i * 53 + rnd.nextInt(40)) % 20_000;
      int altCount = rnd.nextInt(8) == 0 ? 2 : 1;
      List<String> alts = List.of("C", "G").subList(0, altCount);
      double p = frequency.applyAsDouble(rnd);
      int[][] calls = new int[sampleCount][];
      b.startSite(contig, pos, pos, ".", "A", alts);
      for (int s = 0; s < sampleCount; s++) {
        boolean male = s % 2 == 0;
        int ploidy = contig.equals("chrY") ? (male ? 1 : 0)
            : contig.equals("chrX") && male && pos >= 2_000 ? 1 : 2;
        int[] alleles;
        if (ploidy == 0) {
          alleles = new int[] {GenotypeIndexBuilder.MISSING};
        } else if (rnd.nextDouble() < 0.005) {
          alleles = ploidy == 1 || rnd.nextInt(10) != 0 ? missing(ploidy) : new int[] {-1, 1};
        } else {
          alleles = new int[ploidy];
          for (int k = 0; k < ploidy; k++) {
            alleles[k] = rnd.nextDouble() < p ? 1 + rnd.nextInt(altCount) : 0;
          }
          if (ploidy == 2 && alleles[0] == 0 && alleles[1] == 0) {
            continue;
          }
        }
        calls[s] = alleles;
        b.call(s, alleles, alleles.length);
      }
      b.endSite();
      c.sites.add(new Site(i, contig, pos, pos, ".", "A", alts, calls));
    }
    c.engine = b.build();
    return c;
  }

  private static int[] missing(int ploidy) {
    int[] a = new int[ploidy];
    java.util.Arrays.fill(a, GenotypeIndexBuilder.MISSING);
    return a;
  }

  /** Copies of {@code allele} in a call, and its called alleles; [copies, called, ploidy]. */
  public static int[] count(int[] call, int allele) {
    if (call == null) {
      return new int[] {0, 2, 2};
    }
    int copies = 0;
    int called = 0;
    for (int a : call) {
      if (a >= 0) {
        called++;
      }
      if (a == allele) {
        copies++;
      }
    }
    return new int[] {copies, called, call.length};
  }

  public static boolean het(int[] call, int allele) {
    int[] c = count(call, allele);
    return c[1] == c[2] && c[0] > 0 && c[0] < c[2];
  }

  public static boolean hom(int[] call, int allele) {
    int[] c = count(call, allele);
    return c[1] == c[2] && c[0] == c[2];
  }

  public static List<Row> rowsIn(Cohort c, List<Segment> segments) {
    List<Row> rows = new ArrayList<>();
    for (Site s : c.sites) {
      boolean in = segments.stream().anyMatch(g -> g.ref().equals(s.contig()) && s.pos() <= g.stop() && s.end() >= g.start());
      for (int a = 1; in && a <= s.alts().size(); a++) {
        rows.add(new Row(s, a));
      }
    }
    rows.sort(Comparator.<Row>comparingInt(r -> r.site().contig() == null ? 0 : c.contigOrder.indexOf(r.site().contig()))
        .thenComparingInt(r -> r.site().pos())
        .thenComparing(r -> r.site().alts().get(r.allele() - 1))
        .thenComparing(r -> r.site().ref())
        .thenComparingInt(r -> r.site().order()));
    return rows;
  }

  public static VariantRow expectedRow(Row r, int[] chosen) {
    int het = 0;
    int hom = 0;
    int ac = 0;
    int an = 0;
    for (int s : chosen) {
      int[] call = r.site().calls()[s];
      int[] cnt = count(call, r.allele());
      het += het(call, r.allele()) ? 1 : 0;
      hom += hom(call, r.allele()) ? 1 : 0;
      ac += cnt[0];
      an += cnt[1];
    }
    Site s = r.site();
    return new VariantRow(s.contig(), s.pos(), s.ref(), s.alts().get(r.allele() - 1),
        s.id().equals(".") ? Optional.empty() : Optional.of(s.id()), het, hom, ac, an);
  }

  public static boolean matches(VariantRow row, int[] chosen, Row r, Zygosity z) {
    for (int s : chosen) {
      int[] call = r.site().calls()[s];
      if (z.includesHet() && het(call, r.allele()) || z.includesHom() && hom(call, r.allele())) {
        return true;
      }
    }
    return false;
  }
}
