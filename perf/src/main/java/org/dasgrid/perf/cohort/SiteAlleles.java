package org.dasgrid.perf.cohort;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A generated record's REF and ALT alleles: mostly SNVs (88%), some deletions and insertions of 1-5 bases and
 * two-base MNVs, and a few multi-allelic sites (3% with two ALTs, 0.5% with three).
 */
record SiteAlleles(String ref, List<String> alts) {
  private static final char[] BASES = {'A', 'C', 'G', 'T'};

  static SiteAlleles draw(SplittableRandom rnd) {
    char refBase = BASES[rnd.nextInt(4)];
    String ref;
    List<String> alts = new ArrayList<>(3);
    double kind = rnd.nextDouble();
    if (kind < 0.88) {
      ref = String.valueOf(refBase);
      alts.add(String.valueOf(otherBase(rnd, refBase)));
    } else if (kind < 0.93) {
      ref = refBase + randomBases(rnd, 1 + rnd.nextInt(5));
      alts.add(String.valueOf(refBase));
    } else if (kind < 0.98) {
      ref = String.valueOf(refBase);
      alts.add(refBase + randomBases(rnd, 1 + rnd.nextInt(5)));
    } else {
      ref = refBase + randomBases(rnd, 1);
      alts.add(String.valueOf(otherBase(rnd, ref.charAt(0))) + otherBase(rnd, ref.charAt(1)));
    }
    double multi = rnd.nextDouble();
    int extra = multi < 0.005 ? 2 : multi < 0.035 ? 1 : 0;
    for (int k = 0; k < extra; k++) {
      String alt;
      do {
        alt = ref.length() == 1 ? String.valueOf(otherBase(rnd, refBase)) : ref.substring(0, 1);
        if (rnd.nextInt(3) == 0) {
          alt = ref.charAt(0) + randomBases(rnd, 1 + rnd.nextInt(3));
        }
      } while (alts.contains(alt) || alt.equals(ref));
      alts.add(alt);
    }
    return new SiteAlleles(ref, alts);
  }

  private static char otherBase(SplittableRandom rnd, char b) {
    char o;
    do {
      o = BASES[rnd.nextInt(4)];
    } while (o == b);
    return o;
  }

  private static String randomBases(SplittableRandom rnd, int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = BASES[rnd.nextInt(4)];
    }
    return new String(c);
  }
}
