package org.dasgrid.core.genotype.internal.analytics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.dasgrid.core.feature.VariantClass;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.Bracket;
import org.dasgrid.core.genotype.CaseControl;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.RowKey;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.TextRules;
import org.dasgrid.core.genotype.TopN;
import org.dasgrid.core.genotype.VariantFilter;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.genotype.internal.engine.GenotypeIndex;
import org.dasgrid.core.genotype.internal.store.AfTexts;
import org.dasgrid.core.genotype.stats.ExactHardyWeinberg;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.Test;

/**
 * The engine's analytics against a brute-force oracle over the raw calls: random cohorts with multi-allelic
 * sites, no-calls, partial calls, haploid and triploid calls; random virtual cohorts, case sets, filters,
 * segments; every row's counts and statistics, paging (all pages together equal the unpaged answer) and top-N.
 */
class CohortAnalyticsTest {
  private static final List<String> CONTIGS = List.of("chr2", "chr1");

  /** One site as the oracle holds it: its calls as allele arrays ({@code -1} missing) per sample. */
  record Site(String contig, int pos, int end, String ref, List<String> alts, int[][] calls, int order) {}

  /** What the oracle expects of one row. */
  record Expected(Site site, int alt, int het, int hom, int ac, int an, int missing, double hweP, double f,
      int caseAc, int caseAn, int controlAc, int controlAn, double assocP, double oddsRatio) {
    String key() {
      return site.contig() + ":" + site.pos() + ":" + site.ref() + ":" + site.alts().get(alt - 1);
    }
  }

  @Test
  void statisticsCaseControlFiltersPagingAndTopEqualTheOracle() {
    Random rnd = new Random(1818);
    for (int round = 0; round < 8; round++) {
      int samples = 8 + rnd.nextInt(60);
      List<Site> sites = sites(rnd, samples, 150 + rnd.nextInt(150));
      GenotypeQueries engine = build(samples, sites);
      for (int q = 0; q < 10; q++) {
        check(rnd, engine, samples, sites);
      }
    }
  }

  /**
   * Sex-chromosome-like sites in cohorts large enough for dense sets: chr2 all haploid (as chrY, chrM: no
   * complete diploid call, so no HWE p), chr1 haploid for a third of the samples (as chrX's males). Statistics
   * and top-N by HWE p (whose heap fills, so rows are skipped by its bounds) equal the oracle's, with and
   * without a virtual cohort.
   */
  @Test
  void haploidSitesInStatisticsAndTopN() {
    Random rnd = new Random(2323);
    for (int round = 0; round < 3; round++) {
      int samples = 200 + rnd.nextInt(400);
      List<Site> sites = new ArrayList<>();
      for (int i = 0; i < 250; i++) {
        boolean allHaploid = i % 2 == 0;
        String contig = allHaploid ? "chr2" : "chr1";
        double q = rnd.nextInt(3) == 0 ? rnd.nextDouble() * 0.02 : rnd.nextDouble() * 0.6;
        int[][] calls = new int[samples][];
        for (int s = 0; s < samples; s++) {
          int ploidy = allHaploid || s % 3 == 0 ? 1 : 2;
          int[] c = new int[ploidy];
          for (int k = 0; k < ploidy; k++) {
            c[k] = rnd.nextDouble() < q ? 1 : 0;
            if (rnd.nextInt(40) == 0) {
              c[k] = -1;
            }
          }
          // now and then a site out of equilibrium: every diploid carrier hom-alt
          if (i % 7 == 0 && ploidy == 2 && c[0] == 1 && c[1] == 0) {
            c[1] = 1;
          }
          calls[s] = c;
        }
        sites.add(new Site(contig, 1 + i * 10, 1 + i * 10, "A", List.of("G"), calls, i));
      }
      GenotypeQueries engine = build(samples, sites);
      List<Segment> segments = List.of(new Segment("chr2", 1, 100_000), new Segment("chr1", 1, 100_000));
      for (int[] chosen : new int[][] {all(samples), pick(rnd, samples, samples / 3)}) {
        SampleSelection sel = engine.select(chosen);
        CaseControl cc = new CaseControl(sel, sel);
        List<Expected> expected = oracle(sites, segments, Zygosity.ANY, sel, cc, VariantFilter.NONE);
        GenotypeQuery base = new GenotypeQuery(segments, Zygosity.ANY, sel, OptionalInt.empty());
        AnalyticsAnswer whole = engine.analyse(new AnalyticsQuery(base, VariantFilter.NONE, true, Optional.empty(),
            Optional.empty(), Optional.empty()));
        assertThat(whole.size()).isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
          Expected e = expected.get(i);
          assertThat(whole.missing(i)).as(e.key()).isEqualTo(e.missing());
          assertClose(whole.hweP(i), e.hweP(), e.key() + " hwe");
          assertClose(whole.f(i), e.f(), e.key() + " f");
          // the whole cohort's texts, made with the engine, are the writer's text of the same doubles
          byte[] dst = new byte[64];
          int end = whole.copyHweText(i, dst, 0);
          byte[] want = TextRules.installed().numberText(whole.hweP(i));
          if (sel.isAll() && want != null && want.length <= AfTexts.MAX_TEXT) {
            assertThat(java.util.Arrays.copyOf(dst, Math.max(0, end))).as(e.key()).isEqualTo(want);
          } else {
            assertThat(end).as(e.key()).isEqualTo(-1);
          }
          end = whole.copyFText(i, dst, 0);
          want = TextRules.installed().numberText(whole.f(i));
          if (sel.isAll() && want != null && want.length <= AfTexts.MAX_TEXT) {
            assertThat(java.util.Arrays.copyOf(dst, Math.max(0, end))).as(e.key()).isEqualTo(want);
          } else {
            assertThat(end).as(e.key()).isEqualTo(-1);
          }
        }
        assertThat(TextRules.installed().numberText(0.25)).as("the JSON writer's rules are installed")
            .isEqualTo("0.25".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThat(expected.stream().filter(e -> e.site().contig().equals("chr2")).map(Expected::hweP))
            .as("all-haploid rows have no HWE p").isNotEmpty().allMatch(p -> p.isNaN());
        for (int n : new int[] {1, 5, 20}) {
          AnalyticsAnswer top = engine.analyse(new AnalyticsQuery(base, VariantFilter.NONE, false, Optional.empty(),
              Optional.of(new TopN(n, TopN.By.HWE_P)), Optional.empty()));
          List<Expected> best = expected.stream().filter(e -> !Double.isNaN(e.hweP()))
              .sorted(Comparator.comparingDouble(Expected::hweP)).limit(n).toList();
          assertThat(top.size()).isEqualTo(best.size());
          for (int i = 0; i < best.size(); i++) {
            assertThat(top.rows().get(i).chrom()).as("top %d #%d", n, i).isEqualTo("chr1");
            assertClose(top.hweP(i), best.get(i).hweP(), "top " + n + " #" + i);
          }
        }
      }
    }
  }

  /**
   * Controls as the rest of the chosen samples: the engine counts one group per row and subtracts it from the
   * row's counts. Against counting both groups (the path any other split takes), on random cohorts small and
   * large (dense sets) with multi-allelic, haploid, triploid and missing calls, whole cohort and virtual cohorts,
   * cases fewer and more than the controls: the same counts and bit-identical p and odds ratio on every row,
   * and the same top-N by assoc p.
   */
  @Test
  void controlsAsTheRestEqualCountingBothGroups() {
    Random rnd = new Random(4711);
    int splitQueries = 0;
    for (int round = 0; round < 6; round++) {
      int samples = round % 2 == 0 ? 8 + rnd.nextInt(60) : 200 + rnd.nextInt(400);
      List<Site> sites = sites(rnd, samples, 200 + rnd.nextInt(100));
      GenotypeIndex index = (GenotypeIndex) build(samples, sites);
      List<Segment> segments = List.of(new Segment("chr2", 1, 20_000), new Segment("chr1", 1, 20_000));
      for (int q = 0; q < 6; q++) {
        int[] chosen = q % 3 == 0 ? all(samples) : pick(rnd, samples, 2 + rnd.nextInt(samples - 1));
        SampleSelection sel = index.select(chosen);
        int[] cases = pick(rnd, chosen.length, 1 + rnd.nextInt(chosen.length - 1));
        for (int i = 0; i < cases.length; i++) {
          cases[i] = chosen[cases[i]];
        }
        SampleSelection caseSel = index.select(cases);
        SampleSelection controls = index.select(
            java.util.Arrays.stream(chosen).filter(s -> !caseSel.contains(s)).toArray());
        CaseControl cc = new CaseControl(caseSel, controls);
        assertThat(cc.splits(sel)).as("cases and the rest split the chosen samples").isTrue();
        splitQueries++;
        GenotypeQuery base = new GenotypeQuery(segments, Zygosity.values()[rnd.nextInt(3)], sel,
            OptionalInt.empty());
        for (Optional<TopN> top : List.of(Optional.<TopN>empty(), Optional.of(new TopN(7, TopN.By.ASSOC_P)))) {
          AnalyticsQuery query = new AnalyticsQuery(base, VariantFilter.NONE, true, Optional.of(cc), top,
              Optional.empty());
          AnalyticsAnswer fast = new CohortAnalytics(index, new CohortAnalytics.Shortcuts(true, true)).run(query);
          AnalyticsAnswer both = new CohortAnalytics(index, new CohortAnalytics.Shortcuts(false, true)).run(query);
          assertThat(both.size()).as("rows").isGreaterThan(0).isEqualTo(fast.size());
          for (int i = 0; i < fast.size(); i++) {
            String at = "round " + round + " query " + q + " " + top + " row " + i;
            assertThat(fast.rows().get(i).pos()).as(at).isEqualTo(both.rows().get(i).pos());
            assertThat(new int[] {fast.caseAc(i), fast.caseAn(i), fast.controlAc(i), fast.controlAn(i)}).as(at)
                .containsExactly(both.caseAc(i), both.caseAn(i), both.controlAc(i), both.controlAn(i));
            assertThat(Double.doubleToRawLongBits(fast.assocP(i))).as(at + " p")
                .isEqualTo(Double.doubleToRawLongBits(both.assocP(i)));
            assertThat(Double.doubleToRawLongBits(fast.oddsRatio(i))).as(at + " odds ratio")
                .isEqualTo(Double.doubleToRawLongBits(both.oddsRatio(i)));
          }
        }
      }
    }
    assertThat(splitQueries).isEqualTo(36);
  }

  /**
   * A virtual cohort's carried test and counts sharing their set intersections (and the statistics the AN
   * corrections' missing-call count) give the answer of intersecting each set per use (the computation before
   * they were shared, kept as {@code fuseCounts = false}): every zygosity, filters, small to large subsets of
   * cohorts with missing, haploid and triploid calls; every row's counts and statistics bit for bit, and top-N.
   */
  @Test
  void sharedIntersectionsEqualIntersectingPerUse() {
    Random rnd = new Random(9191);
    int rowsCompared = 0;
    int withMissing = 0;
    for (int round = 0; round < 6; round++) {
      int samples = round % 2 == 0 ? 8 + rnd.nextInt(60) : 300 + rnd.nextInt(500);
      List<Site> sites = sites(rnd, samples, 200 + rnd.nextInt(100));
      GenotypeIndex index = (GenotypeIndex) build(samples, sites);
      List<Segment> segments = List.of(new Segment("chr2", 1, 20_000), new Segment("chr1", 1, 20_000));
      for (int q = 0; q < 12; q++) {
        int k = q % 3 == 0 ? 1 + rnd.nextInt(3) : q % 3 == 1 ? 2 + rnd.nextInt(samples / 8 + 1)
            : samples / 2 + rnd.nextInt(samples / 2);
        SampleSelection sel = index.select(pick(rnd, samples, Math.min(k, samples - 1)));
        GenotypeQuery base = new GenotypeQuery(segments, Zygosity.values()[q % 3], sel, OptionalInt.empty());
        VariantFilter filter = q % 4 == 0 ? VariantFilter.NONE : filter(rnd);
        for (Optional<TopN> top : List.of(Optional.<TopN>empty(), Optional.of(new TopN(9, TopN.By.HWE_P)))) {
          AnalyticsQuery query = new AnalyticsQuery(base, filter, true, Optional.empty(), top, Optional.empty());
          AnalyticsAnswer shared = new CohortAnalytics(index, CohortAnalytics.Shortcuts.ALL).run(query);
          AnalyticsAnswer perUse = new CohortAnalytics(index, new CohortAnalytics.Shortcuts(true, false)).run(query);
          assertThat(shared.size()).as("rows").isEqualTo(perUse.size());
          for (int i = 0; i < shared.size(); i++) {
            String at = "round " + round + " query " + q + " " + top + " row " + i;
            VariantRow a = shared.rows().get(i);
            VariantRow b = perUse.rows().get(i);
            assertThat(new Object[] {a.chrom(), a.ref(), a.pos(), a.alt(), a.het(), a.hom(), a.ac(), a.an(),
                shared.missing(i)}).as(at).containsExactly(b.chrom(), b.ref(), b.pos(), b.alt(), b.het(), b.hom(),
                b.ac(), b.an(), perUse.missing(i));
            assertThat(Double.doubleToRawLongBits(shared.hweP(i))).as(at + " p")
                .isEqualTo(Double.doubleToRawLongBits(perUse.hweP(i)));
            assertThat(Double.doubleToRawLongBits(shared.f(i))).as(at + " F")
                .isEqualTo(Double.doubleToRawLongBits(perUse.f(i)));
            rowsCompared++;
            if (shared.missing(i) > 0) {
              withMissing++;
            }
          }
        }
      }
    }
    assertThat(rowsCompared).as("rows compared").isGreaterThan(2000);
    assertThat(withMissing).as("rows with missing calls among the chosen").isGreaterThan(200);
  }

  /** Groups that do not split the chosen samples: some left out, one outside them, or overlapping. */
  @Test
  void groupsThatDoNotSplitTheChosenSamples() {
    SampleSelection cohort = SampleSelection.of(10, new int[] {0, 1, 2, 3, 4, 5});
    assertThat(new CaseControl(SampleSelection.of(10, new int[] {0, 1}), SampleSelection.of(10, new int[] {2, 3, 4, 5}))
        .splits(cohort)).isTrue();
    assertThat(new CaseControl(SampleSelection.of(10, new int[] {0, 1}), SampleSelection.of(10, new int[] {2, 3, 4}))
        .splits(cohort)).as("one left out").isFalse();
    assertThat(new CaseControl(SampleSelection.of(10, new int[] {0, 1}), SampleSelection.of(10, new int[] {2, 3, 4, 9}))
        .splits(cohort)).as("one outside").isFalse();
    assertThat(new CaseControl(SampleSelection.of(10, new int[] {0, 1, 2}), SampleSelection.of(10, new int[] {2, 3, 4}))
        .splits(cohort)).as("overlapping").isFalse();
    assertThat(new CaseControl(SampleSelection.of(10, new int[] {0, 1, 2}), SampleSelection.of(10, new int[] {7, 8, 9}))
        .splits(SampleSelection.all(10))).as("not all of the whole cohort").isFalse();
  }

  @Test
  void statisticsOfACohortWithSexChromosomesEqualTheOracle() {
    // chr2 as chrX (males haploid), chr1 as chrY (males haploid, females no call), few missing calls: the
    // non-diploid, missing and AN correction sets are mostly stored as patches of an earlier row's
    Random rnd = new Random(2718);
    int samples = 600;
    List<Site> sites = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      String contig = CONTIGS.get(i * 2 / 400); // contig after contig, as a sorted VCF (bases are per contig)
      int pos = 1 + rnd.nextInt(12_000);
      List<String> alts = rnd.nextInt(6) == 0 ? List.of("C", "T") : List.of("C");
      double q = rnd.nextInt(3) == 0 ? 0.3 : 0.02;
      int[][] calls = new int[samples][];
      for (int s = 0; s < samples; s++) {
        boolean male = s % 2 == 1;
        int[] c = new int[male || contig.equals("chr2") && rnd.nextInt(50) == 0 ? 1 : 2];
        if (contig.equals("chr1") && !male) {
          c = new int[] {-1};
        } else if (rnd.nextDouble() < 0.006) {
          java.util.Arrays.fill(c, -1);
          if (c.length == 2 && rnd.nextBoolean()) {
            c[1] = 1;
          }
        } else {
          for (int k = 0; k < c.length; k++) {
            c[k] = rnd.nextDouble() < q ? 1 + rnd.nextInt(alts.size()) : 0;
          }
        }
        calls[s] = c;
      }
      sites.add(new Site(contig, pos, pos, "A", alts, calls, i));
    }
    GenotypeQueries engine = build(samples, sites);
    assertThat(((GenotypeIndex) engine).store().sets().patchPages()).isNotEmpty();
    for (int q = 0; q < 12; q++) {
      check(rnd, engine, samples, sites);
    }
  }

  private void check(Random rnd, GenotypeQueries engine, int samples, List<Site> sites) {
    int[] chosen = rnd.nextInt(3) == 0 ? all(samples) : pick(rnd, samples, 2 + rnd.nextInt(samples - 1));
    SampleSelection sel = engine.select(chosen);
    int[] cases = pick(rnd, chosen.length, 1 + rnd.nextInt(Math.max(1, chosen.length - 1)));
    for (int i = 0; i < cases.length; i++) {
      cases[i] = chosen[cases[i]];
    }
    SampleSelection caseSel = engine.select(cases);
    int[] controls = java.util.Arrays.stream(chosen).filter(s -> !caseSel.contains(s)).toArray();
    CaseControl cc = new CaseControl(caseSel, engine.select(controls));
    Zygosity z = Zygosity.values()[rnd.nextInt(3)];
    List<Segment> segments = new ArrayList<>();
    for (String c : CONTIGS) {
      if (rnd.nextInt(4) > 0) {
        int a = 1 + rnd.nextInt(5000);
        segments.add(new Segment(c, a, a + rnd.nextInt(6000)));
      }
    }
    if (segments.isEmpty()) {
      segments.add(new Segment("chr1", 1, 10_000));
    }
    VariantFilter filter = rnd.nextBoolean() ? VariantFilter.NONE : filter(rnd);
    List<Expected> expected = oracle(sites, segments, z, sel, cc, filter);
    GenotypeQuery base = new GenotypeQuery(segments, z, sel, OptionalInt.empty());
    AnalyticsAnswer whole = engine.analyse(new AnalyticsQuery(base, filter, true, Optional.of(cc),
        Optional.empty(), Optional.empty()));
    assertRows(whole, expected, "unpaged");
    assertThat(whole.next()).isEmpty();

    // a filtered count: the totals of the same rows, and the chosen samples carrying one of them
    CountAnswer count = engine.count(new AnalyticsQuery(base, filter, false, Optional.empty(), Optional.empty(),
        Optional.empty()));
    long carriers = java.util.Arrays.stream(chosen).filter(s -> expected.stream()
        .anyMatch(e -> carries(e.site().calls()[s], e.alt(), z))).count();
    assertThat(new long[] {count.variants(), count.het(), count.hom(), count.samples()}).as("count of %s", filter)
        .containsExactly(expected.size(), expected.stream().mapToLong(Expected::het).sum(),
            expected.stream().mapToLong(Expected::hom).sum(), carriers);

    // paging: every page's rows in order, each page but the last with a next cursor
    int page = 1 + rnd.nextInt(7);
    List<Expected> seen = new ArrayList<>();
    Optional<RowKey> after = Optional.empty();
    for (int guard = 0; guard < 10_000; guard++) {
      GenotypeQuery limited = new GenotypeQuery(segments, z, sel, OptionalInt.of(page));
      AnalyticsAnswer a = engine.analyse(new AnalyticsQuery(limited, filter, false, Optional.empty(),
          Optional.empty(), after));
      assertThat(a.size()).isLessThanOrEqualTo(page);
      for (int i = 0; i < a.size(); i++) {
        seen.add(expected.get(seen.size()));
        VariantRow row = a.rows().get(i);
        assertThat(row.pos()).isEqualTo(seen.get(seen.size() - 1).site().pos());
        assertThat(row.alt()).isEqualTo(seen.get(seen.size() - 1).site().alts().get(seen.get(seen.size() - 1).alt() - 1));
      }
      assertThat(a.next().isPresent()).as("next while rows remain").isEqualTo(seen.size() < expected.size());
      if (a.next().isEmpty()) {
        break;
      }
      after = a.next();
    }
    assertThat(seen).hasSameSizeAs(expected);

    // top N by HWE p and by assoc p
    for (TopN.By by : TopN.By.values()) {
      int n = rnd.nextInt(8);
      AnalyticsAnswer top = engine.analyse(new AnalyticsQuery(base, filter, false, Optional.of(cc),
          Optional.of(new TopN(n, by)), Optional.empty()));
      List<Expected> best = expected.stream()
          .filter(e -> !Double.isNaN(by == TopN.By.HWE_P ? e.hweP() : e.assocP()))
          .sorted(Comparator.comparingDouble((Expected e) -> by == TopN.By.HWE_P ? e.hweP() : e.assocP()))
          .limit(n).toList();
      assertThat(top.size()).isEqualTo(best.size());
      for (int i = 0; i < best.size(); i++) {
        double ours = by == TopN.By.HWE_P ? top.hweP(i) : top.assocP(i);
        double theirs = by == TopN.By.HWE_P ? best.get(i).hweP() : best.get(i).assocP();
        assertThat(ours).as("top %s #%d", by, i).isCloseTo(theirs, within(theirs * 1e-9 + 1e-12));
      }
    }
  }

  private static void assertRows(AnalyticsAnswer a, List<Expected> expected, String what) {
    assertThat(a.size()).as(what).isEqualTo(expected.size());
    for (int i = 0; i < expected.size(); i++) {
      Expected e = expected.get(i);
      VariantRow row = a.rows().get(i);
      String w = what + " " + e.key();
      assertThat(row.chrom() + ":" + row.pos() + ":" + row.ref() + ":" + row.alt()).as(w).isEqualTo(e.key());
      assertThat(new int[] {row.het(), row.hom(), row.ac(), row.an(), a.missing(i), a.caseAc(i), a.caseAn(i),
          a.controlAc(i), a.controlAn(i)}).as(w).containsExactly(e.het(), e.hom(), e.ac(), e.an(), e.missing(),
          e.caseAc(), e.caseAn(), e.controlAc(), e.controlAn());
      assertClose(a.hweP(i), e.hweP(), w + " hwe");
      assertClose(a.f(i), e.f(), w + " f");
      assertClose(a.assocP(i), e.assocP(), w + " assoc");
      assertClose(a.oddsRatio(i), e.oddsRatio(), w + " or");
    }
  }

  private static void assertClose(double ours, double theirs, String what) {
    if (Double.isNaN(theirs)) {
      assertThat(ours).as(what).isNaN();
    } else {
      assertThat(ours).as(what).isCloseTo(theirs, within(Math.abs(theirs) * 1e-9 + 1e-12));
    }
  }

  private static VariantFilter filter(Random rnd) {
    Set<VariantClass> classes = rnd.nextBoolean() ? Set.of() : java.util.EnumSet.of(VariantClass.values()[rnd.nextInt(5)],
        VariantClass.values()[rnd.nextInt(5)]);
    Set<String> refs = rnd.nextInt(4) == 0 ? Set.of("A", "C") : Set.of();
    Set<String> alts = rnd.nextInt(4) == 0 ? Set.of("T", "GG", "<DEL>") : Set.of();
    OptionalInt min = rnd.nextInt(3) == 0 ? OptionalInt.of(1 + rnd.nextInt(3)) : OptionalInt.empty();
    OptionalInt max = rnd.nextInt(3) == 0 ? OptionalInt.of(2 + rnd.nextInt(100)) : OptionalInt.empty();
    VariantFilter.Allelic allelic = VariantFilter.Allelic.values()[rnd.nextInt(3)];
    OptionalDouble lo = rnd.nextInt(3) == 0 ? OptionalDouble.of(rnd.nextDouble() * 0.3) : OptionalDouble.empty();
    OptionalDouble hi = rnd.nextInt(3) == 0 ? OptionalDouble.of(0.3 + rnd.nextDouble()) : OptionalDouble.empty();
    return new VariantFilter(refs, alts, classes, min, max, allelic, lo, hi, List.of(), List.of(), bracket(rnd));
  }

  /** Half the time none; else POS and END bounds, each side open now and then, around the sites' positions. */
  private static Bracket bracket(Random rnd) {
    if (rnd.nextBoolean()) {
      return Bracket.ANY;
    }
    int startMin = rnd.nextInt(4) == 0 ? 1 : 1 + rnd.nextInt(8000);
    int startMax = rnd.nextInt(4) == 0 ? Integer.MAX_VALUE : startMin + rnd.nextInt(6000);
    int endMin = rnd.nextInt(4) == 0 ? 1 : 1 + rnd.nextInt(10_000);
    int endMax = rnd.nextInt(4) == 0 ? Integer.MAX_VALUE : endMin + rnd.nextInt(6000);
    return new Bracket(startMin, startMax, endMin, endMax);
  }

  /** Whether a complete call is het or hom (as {@code z} asks) for ALT {@code a}. */
  private static boolean carries(int[] call, int a, Zygosity z) {
    int copies = 0;
    for (int x : call) {
      if (x < 0) {
        return false;
      }
      copies += x == a ? 1 : 0;
    }
    return z.includesHet() && copies > 0 && copies < call.length || z.includesHom() && copies == call.length;
  }

  private static List<Site> sites(Random rnd, int samples, int n) {
    List<Site> out = new ArrayList<>();
    String[] refs = {"A", "C", "G", "T", "AC", "GTT"};
    String[] altChoices = {"A", "C", "G", "T", "GG", "<DEL>", "ACGT", "T"};
    for (int i = 0; i < n; i++) {
      String contig = CONTIGS.get(rnd.nextInt(2));
      int pos = 1 + rnd.nextInt(12_000);
      String ref = refs[rnd.nextInt(refs.length)];
      int nAlts = rnd.nextInt(5) == 0 ? 2 + rnd.nextInt(2) : 1;
      List<String> alts = new ArrayList<>();
      while (alts.size() < nAlts) {
        String a = altChoices[rnd.nextInt(altChoices.length)];
        if (!a.equals(ref) && !alts.contains(a)) {
          alts.add(a);
        }
      }
      int end = alts.contains("<DEL>") ? pos + rnd.nextInt(3000) : pos + ref.length() - 1;
      boolean haploidSite = rnd.nextInt(8) == 0;
      double q = rnd.nextDouble() * 0.6;
      int[][] calls = new int[samples][];
      for (int s = 0; s < samples; s++) {
        int ploidy = haploidSite ? (rnd.nextInt(4) == 0 ? 2 : 1) : (rnd.nextInt(30) == 0 ? 1 + 2 * rnd.nextInt(2) : 2);
        int[] c = new int[ploidy];
        for (int k = 0; k < ploidy; k++) {
          c[k] = rnd.nextDouble() < q ? 1 + rnd.nextInt(nAlts) : 0;
          if (rnd.nextInt(25) == 0) {
            c[k] = -1;
          }
        }
        calls[s] = c;
      }
      out.add(new Site(contig, pos, end, ref, alts, calls, i));
    }
    return out;
  }

  private static GenotypeQueries build(int samples, List<Site> sites) {
    List<String> names = new ArrayList<>();
    for (int s = 0; s < samples; s++) {
      names.add("S" + s);
    }
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(names);
    for (String c : CONTIGS) {
      b.declareContig(c);
    }
    for (Site site : sites) {
      b.startSite(site.contig(), site.pos(), site.end(), ".", site.ref(), site.alts());
      for (int s = 0; s < samples; s++) {
        int[] c = site.calls()[s];
        if (c.length == 2 && c[0] == 0 && c[1] == 0) {
          continue;
        }
        b.call(s, c, c.length);
      }
      b.endSite();
    }
    return b.build();
  }

  /** The rows in answer order with what each should say. */
  private static List<Expected> oracle(List<Site> sites, List<Segment> segments, Zygosity z, SampleSelection sel,
      CaseControl cc, VariantFilter filter) {
    List<Expected> out = new ArrayList<>();
    for (Site site : sites) {
      boolean inside = segments.stream().anyMatch(s -> s.ref().equals(site.contig()) && site.pos() <= s.stop()
          && site.end() >= s.start());
      if (!inside) {
        continue;
      }
      for (int a = 1; a <= site.alts().size(); a++) {
        int[] all = counts(site, a, sel);
        boolean carried = z.includesHet() && all[0] > 0 || z.includesHom() && all[1] > 0;
        if (!carried || !keeps(filter, site, a, all[2], all[3])) {
          continue;
        }
        int[] cs = counts(site, a, cc.cases());
        int[] ct = counts(site, a, cc.controls());
        double assoc = assoc(cs[2], cs[3] - cs[2], ct[2], ct[3] - ct[2]);
        double or = (double) (cs[3] - cs[2]) * ct[2] == 0 ? Double.NaN
            : (double) cs[2] * (ct[3] - ct[2]) / ((double) (cs[3] - cs[2]) * ct[2]);
        int n = all[5] + all[6] + all[7];
        double p = n == 0 ? Double.NaN : (2.0 * all[7] + all[5]) / (2.0 * n);
        double expHet = 2 * p * (1 - p) * n;
        double f = n == 0 || expHet == 0 ? Double.NaN : 1 - all[5] / expHet;
        out.add(new Expected(site, a, all[0], all[1], all[2], all[3], all[4],
            n == 0 ? Double.NaN : ExactHardyWeinberg.pValue(all[5], all[7], all[6]), f, cs[2], cs[3], ct[2], ct[3],
            assoc, or));
      }
    }
    out.sort(Comparator.<Expected>comparingInt(e -> CONTIGS.indexOf(e.site().contig()))
        .thenComparingInt(e -> e.site().pos())
        .thenComparing(e -> e.site().alts().get(e.alt() - 1))
        .thenComparing(e -> e.site().ref())
        .thenComparingInt(e -> e.site().order()));
    return out;
  }

  private static boolean keeps(VariantFilter f, Site site, int a, int ac, int an) {
    String alt = site.alts().get(a - 1);
    VariantClass kind = alt.startsWith("<") ? VariantClass.SV : alt.length() == site.ref().length()
        ? (alt.length() == 1 ? VariantClass.SNV : VariantClass.MNV)
        : alt.length() > site.ref().length() ? VariantClass.INSERTION : VariantClass.DELETION;
    int length = kind == VariantClass.SV ? site.end() - site.pos() + 1 : Math.max(alt.length(), site.ref().length());
    boolean multi = site.alts().size() > 1;
    Bracket b = f.bracket();
    boolean inBracket = site.pos() >= b.startMin() && site.pos() <= b.startMax() && site.end() >= b.endMin()
        && site.end() <= b.endMax();
    return inBracket && (f.refs().isEmpty() || f.refs().contains(site.ref())) && (f.alts().isEmpty() || f.alts().contains(alt))
        && (f.classes().isEmpty() || f.classes().contains(kind))
        && (f.minLength().isEmpty() || length >= f.minLength().getAsInt())
        && (f.maxLength().isEmpty() || length <= f.maxLength().getAsInt())
        && (f.allelic() == VariantFilter.Allelic.ANY || multi == (f.allelic() == VariantFilter.Allelic.MULTIALLELIC))
        && (f.afMin().isEmpty() && f.afMax().isEmpty() || an > 0
            && (f.afMin().isEmpty() || (double) ac / an >= f.afMin().getAsDouble())
            && (f.afMax().isEmpty() || (double) ac / an <= f.afMax().getAsDouble()));
  }

  /** het, hom, ac, an, missing, diploid het, diploid hom-alt, diploid hom-ref over the chosen samples. */
  private static int[] counts(Site site, int a, SampleSelection sel) {
    int[] c = new int[8];
    for (int s = 0; s < site.calls().length; s++) {
      if (!sel.contains(s)) {
        continue;
      }
      int[] call = site.calls()[s];
      int copies = 0;
      int called = 0;
      for (int x : call) {
        copies += x == a ? 1 : 0;
        called += x >= 0 ? 1 : 0;
      }
      c[2] += copies;
      c[3] += called;
      if (called < call.length) {
        c[4]++;
        continue;
      }
      if (copies > 0 && copies < call.length) {
        c[0]++;
      } else if (copies == call.length) {
        c[1]++;
      }
      if (call.length == 2) {
        c[copies == 1 ? 5 : copies == 2 ? 6 : 7]++;
      }
    }
    return c;
  }

  private static double assoc(double a, double b, double c, double d) {
    double rows = (a + b) * (c + d);
    double cols = (a + c) * (b + d);
    if (rows == 0 || cols == 0) {
      return Double.NaN;
    }
    double chi2 = (a + b + c + d) * Math.pow(a * d - b * c, 2) / (rows * cols);
    return 1 - new ChiSquaredDistribution(1).cumulativeProbability(chi2);
  }

  private static int[] all(int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = i;
    }
    return out;
  }

  private static int[] pick(Random rnd, int n, int k) {
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(i);
    }
    java.util.Collections.shuffle(all, rnd);
    return all.subList(0, Math.min(k, n)).stream().mapToInt(Integer::intValue).sorted().toArray();
  }
}
