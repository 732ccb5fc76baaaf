package org.dasgrid.perf.cohort;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Writes the rows of one contig of a biobank cohort. Per row and per group of samples of one ploidy (all samples,
 * or on chrX outside the PARs the males, haploid, and the females): the no-calls (0.5%, a tenth of the diploid
 * ones partial, {@code .|0}) and each ALT allele's carriers are counted by binomial draws (Hardy–Weinberg from
 * the allele's frequency, or its exact allele count split over the groups by their chromosomes) and picked
 * without repeats by a partial Fisher–Yates shuffle of the group's samples; the calls are patched into a
 * {@link CarrierRow} template. The work per row is its copy plus a few draws per carrier or no-call.
 */
final class BiobankGenotypes {
  private static final double PARTIAL = 0.1;

  /** Samples of one ploidy, shuffled in place: the first {@code used} are this row's picks. */
  private static final class Group {
    final int[] samples;
    final boolean haploid;
    int used;

    Group(int[] samples, boolean haploid) {
      this.samples = samples;
      this.haploid = haploid;
    }

    int available() {
      return samples.length - used;
    }

    /** A uniformly drawn sample not yet picked in this row (uniform whatever order earlier rows left). */
    int take(SplittableRandom rnd) {
      int j = used + rnd.nextInt(samples.length - used);
      int s = samples[j];
      samples[j] = samples[used];
      samples[used++] = s;
      return s;
    }
  }

  /** One ploidy layout: its row templates (phased and not) and its groups. */
  private record Layout(CarrierRow phased, CarrierRow unphased, Group[] groups) {}

  /** What was written. */
  static final class Counts {
    long sites;
    long alts;
    long multiAllelic;
    long nonRef;
    long missing;
    long partial;
    long haploid;
  }

  private final String contig;
  private final SplittableRandom rnd;
  private final Layout diploid;
  /** chrX outside the PARs; null on other contigs. */
  private final Layout xHaploidMales;

  BiobankGenotypes(String contig, boolean[] male, SplittableRandom rnd) {
    this.contig = contig;
    this.rnd = rnd;
    int n = male.length;
    int[] all = new int[n];
    for (int s = 0; s < n; s++) {
      all[s] = s;
    }
    boolean[] none = new boolean[n];
    diploid = new Layout(new CarrierRow(none, (byte) '|'), new CarrierRow(none, (byte) '/'),
        new Group[] {new Group(all, false)});
    if (contig.equals("chrX")) {
      int males = 0;
      for (boolean m : male) {
        males += m ? 1 : 0;
      }
      int[] m = new int[males];
      int[] f = new int[n - males];
      for (int s = 0, i = 0, j = 0; s < n; s++) {
        if (male[s]) {
          m[i++] = s;
        } else {
          f[j++] = s;
        }
      }
      xHaploidMales = new Layout(new CarrierRow(male, (byte) '|'), new CarrierRow(male, (byte) '/'),
          new Group[] {new Group(m, true), new Group(f, false)});
    } else {
      xHaploidMales = null;
    }
  }

  void write(BiobankCohortGenerator.Site site, OutputStream out, Counts n) throws IOException {
    Layout layout = xHaploidMales != null && !Grch38.inXPar(site.pos()) ? xHaploidMales : diploid;
    CarrierRow row = site.phased() ? layout.phased() : layout.unphased();
    for (Group g : layout.groups()) {
      g.used = 0;
      noCalls(g, row, n);
    }
    for (int a = 0; a < site.frequencies().size(); a++) {
      BiobankSpectrum.Allele allele = site.frequencies().get(a);
      byte digit = (byte) ('1' + a);
      if (allele.count() > 0) {
        exactCount(layout.groups(), allele.count(), digit, row, site.phased(), n);
      } else {
        for (Group g : layout.groups()) {
          hardyWeinberg(g, allele.frequency(), digit, row, site.phased(), n);
        }
      }
    }
    out.write(prefix(site));
    row.writeTo(out);
    for (Group g : layout.groups()) {
      for (int i = 0; i < g.used; i++) {
        row.reset(g.samples[i]);
      }
    }
    n.sites++;
    n.alts += site.alleles().alts().size();
    n.multiAllelic += site.alleles().alts().size() > 1 ? 1 : 0;
  }

  private void noCalls(Group g, CarrierRow row, Counts n) {
    int missing = Binomial.draw(rnd, g.samples.length, CohortGenerator.MISSING);
    int partial = g.haploid ? 0 : Binomial.draw(rnd, missing, PARTIAL);
    for (int i = 0; i < missing; i++) {
      int s = g.take(rnd);
      if (g.haploid) {
        row.set(s, (byte) '.');
      } else {
        row.set(s, (byte) '.', (byte) (i < partial ? '0' : '.'));
      }
    }
    n.missing += missing;
    n.partial += partial;
    n.haploid += g.haploid ? g.samples.length - missing : 0;
  }

  /** {@code copies} ALT alleles, each in another sample, spread over the groups by their chromosomes. */
  private void exactCount(Group[] groups, int copies, byte digit, CarrierRow row, boolean phased, Counts n) {
    long chromosomes = 0;
    for (Group g : groups) {
      chromosomes += (long) g.samples.length * (g.haploid ? 1 : 2);
    }
    int left = copies;
    for (int i = 0; i < groups.length; i++) {
      Group g = groups[i];
      long own = (long) g.samples.length * (g.haploid ? 1 : 2);
      int here = i == groups.length - 1 ? left : Binomial.draw(rnd, left, own / (double) chromosomes);
      chromosomes -= own;
      left -= here;
      carriers(g, Math.min(here, g.available()), 0, digit, row, phased, n);
    }
  }

  /** Hom-alt and het (or haploid ALT) carriers of an allele of frequency {@code p} among the group's samples left. */
  private void hardyWeinberg(Group g, double p, byte digit, CarrierRow row, boolean phased, Counts n) {
    int left = g.available();
    if (g.haploid) {
      carriers(g, Binomial.draw(rnd, left, p), 0, digit, row, phased, n);
    } else {
      int hom = Binomial.draw(rnd, left, p * p);
      int het = Binomial.draw(rnd, left - hom, 2 * p * (1 - p) / (1 - p * p));
      carriers(g, het, hom, digit, row, phased, n);
    }
  }

  private void carriers(Group g, int het, int hom, byte digit, CarrierRow row, boolean phased, Counts n) {
    for (int i = 0; i < hom; i++) {
      row.set(g.take(rnd), digit, digit);
    }
    for (int i = 0; i < het; i++) {
      int s = g.take(rnd);
      if (g.haploid) {
        row.set(s, digit);
      } else if (phased && rnd.nextBoolean()) {
        row.set(s, digit, (byte) '0');
      } else {
        row.set(s, (byte) '0', digit);
      }
    }
    n.nonRef += het + hom;
  }

  private byte[] prefix(BiobankCohortGenerator.Site site) {
    return (contig + '\t' + site.pos() + '\t' + site.id() + '\t' + site.alleles().ref() + '\t'
        + String.join(",", site.alleles().alts()) + "\t.\tPASS\t.\tGT").getBytes(StandardCharsets.US_ASCII);
  }
}
