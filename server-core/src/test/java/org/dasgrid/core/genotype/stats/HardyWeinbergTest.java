package org.dasgrid.core.genotype.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The exact HWE test against its definition in exact arithmetic: the probability of each het count given the
 * allele counts is proportional to {@code n! / (homA! het! homB!) × 2^het}; the p-value sums the
 * probabilities not above the observed one. Compared to 1e-9 relative (PLINK and bcftools print 4 and 6
 * digits; {@code CohortStatsCrossCheckIT} compares with them).
 */
class HardyWeinbergTest {
  private final HardyWeinberg hwe = new HardyWeinberg();

  @Test
  void equalsTheExactSumOnRandomCounts() {
    Random rnd = new Random(18);
    for (int k = 0; k < 1500; k++) {
      int n = 1 + rnd.nextInt(k < 1300 ? 200 : 1500);
      double q = rnd.nextDouble() * (rnd.nextBoolean() ? 0.5 : 0.05);
      int het = 0;
      int homA = 0;
      int homB = 0;
      double excess = rnd.nextDouble() * 0.4 - 0.2; // push away from equilibrium, either way
      for (int i = 0; i < n; i++) {
        double u = rnd.nextDouble();
        double pHomB = Math.max(0, q * q + excess * q);
        double pHet = Math.max(0, 2 * q * (1 - q) - 2 * excess * q);
        if (u < pHomB) {
          homB++;
        } else if (u < pHomB + pHet) {
          het++;
        } else {
          homA++;
        }
      }
      double exact = ExactHardyWeinberg.pValue(het, homA, homB);
      double ours = hwe.pValue(het, homA, homB);
      assertThat(ours).as("het %d homA %d homB %d", het, homA, homB)
          .isCloseTo(exact, within(Math.max(exact * 1e-9, 1e-300)));
    }
  }

  /**
   * The top-N shortcut's bound is sound (never says "above" of a p-value at or below the limit), and useful: near
   * equilibrium, for a small limit, it says so for nearly every row of a large cohort.
   */
  @Test
  void surelyAboveOnlyWhenTheExactPIsAbove() {
    java.util.Random rnd = new java.util.Random(2005);
    HardyWeinberg hwe = new HardyWeinberg();
    int said = 0;
    int trials = 0;
    for (int i = 0; i < 20_000; i++) {
      int n = 1 + rnd.nextInt(i % 10 == 0 ? 3000 : 200);
      double q = rnd.nextDouble();
      int het = 0;
      int homA = 0;
      int homB = 0;
      boolean skewed = rnd.nextInt(4) == 0; // far from equilibrium now and then
      for (int s = 0; s < n; s++) {
        int copies = (rnd.nextDouble() < q ? 1 : 0) + (rnd.nextDouble() < (skewed ? q * q : q) ? 1 : 0);
        if (copies == 1) {
          het++;
        } else if (copies == 2) {
          homB++;
        } else {
          homA++;
        }
      }
      double p = hwe.pValue(het, homA, homB);
      double limit = switch (rnd.nextInt(4)) {
        case 0 -> p; // exactly at the p-value: never "above"
        case 1 -> p * (1 - 1e-12);
        case 2 -> Math.pow(10, -12 * rnd.nextDouble());
        default -> rnd.nextDouble();
      };
      boolean above = hwe.surelyAbove(het, homA, homB, limit);
      if (above) {
        assertThat(p).as("%d/%d/%d limit %s", het, homA, homB, limit).isGreaterThan(limit);
        said++;
      }
      trials++;
    }
    assertThat(said).as("rows told above their limit").isGreaterThan(trials / 10);
    // a common variant at equilibrium in 2,500 samples against a top-N's small worst p
    assertThat(hwe.surelyAbove(1200, 900, 400, 1e-8)).isTrue();
    assertThat(hwe.surelyAbove(0, 2000, 500, 1e-8)).isFalse();
  }

  @Test
  void knownEdges() {
    assertThat(hwe.pValue(0, 0, 0)).isNaN();
    assertThat(hwe.pValue(0, 10, 0)).isEqualTo(1.0);
    assertThat(hwe.pValue(1, 9, 0)).isEqualTo(1.0);
    // all het, 100 samples: far from equilibrium
    assertThat(hwe.pValue(100, 0, 0)).isCloseTo(ExactHardyWeinberg.pValue(100, 0, 0), within(ExactHardyWeinberg.pValue(100, 0, 0) * 1e-9));
    assertThat(hwe.pValue(0, 50, 50)).isCloseTo(ExactHardyWeinberg.pValue(0, 50, 50), within(ExactHardyWeinberg.pValue(0, 50, 50) * 1e-9));
    // symmetric in the two homozygote classes
    assertThat(hwe.pValue(7, 30, 3)).isEqualTo(hwe.pValue(7, 3, 30));
  }
}
