package org.dasgrid.perf.cohort;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a synthetic cohort with families, for the sample-level analytics and their cross-checks against
 * plink and bcftools: unrelated founders, trios, quads (two full siblings) and half-sibling pairs (a father
 * with two partners), all biallelic SNVs on GRCh38 chr1-22, chrX and chrY. Founders' genotypes follow
 * Hardy-Weinberg; children inherit one allele from each parent (Mendel), with a configurable de novo rate
 * (a hom-ref child becomes het) and genotyping-error rate (any call replaced by a random genotype); males are
 * haploid on chrX outside the pseudo-autosomal regions and on chrY (females {@code .} there). Writes, into
 * {@code --out DIR}: {@code cohort.vcf.gz}, {@code samples.tsv} (the sheet: sample sex population
 * superpopulation phenotype family father mother), {@code samples.ped} (the same as PLINK PED columns),
 * {@code weights.txt} (PLINK --score: ID ALLELE WEIGHT; some REF alleles, some mismatched alleles, some IDs
 * the VCF lacks) and {@code truth.tsv} (pairs of known degree, and every de novo call). Same arguments, same
 * bytes.
 *
 * <pre>
 * java -cp ... org.dasgrid.perf.cohort.FamilyCohortGenerator --unrelated 100 --trios 20 --quads 5 \
 *     --half-sibs 5 --variants 20000 --seed 1 --de-novo 0.0005 --error 0 --weights 500 --out /tmp/fam
 * </pre>
 */
public final class FamilyCohortGenerator {
  private static final char[] BASES = {'A', 'C', 'G', 'T'};
  static final String[][] POPULATIONS = {{"CEU", "EUR"}, {"YRI", "AFR"}, {"CHB", "EAS"}};
  static final double MISSING = 0.002;

  /** What to generate. */
  public record Options(int unrelated, int trios, int quads, int halfSibs, int variants, long seed,
      double deNovo, double error, int weights, Path out) {
    public static Options parse(String... args) {
      int unrelated = 100;
      int trios = 20;
      int quads = 5;
      int halfSibs = 5;
      int variants = 20_000;
      long seed = 1;
      double deNovo = 0.0005;
      double error = 0;
      int weights = 500;
      Path out = null;
      for (int i = 0; i < args.length; i += 2) {
        String v = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--unrelated" -> unrelated = Integer.parseInt(v);
          case "--trios" -> trios = Integer.parseInt(v);
          case "--quads" -> quads = Integer.parseInt(v);
          case "--half-sibs" -> halfSibs = Integer.parseInt(v);
          case "--variants" -> variants = Integer.parseInt(v);
          case "--seed" -> seed = Long.parseLong(v);
          case "--de-novo" -> deNovo = Double.parseDouble(v);
          case "--error" -> error = Double.parseDouble(v);
          case "--weights" -> weights = Integer.parseInt(v);
          case "--out" -> out = Path.of(v);
          default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; use --unrelated N "
              + "--trios N --quads N --half-sibs N --variants M --seed S --de-novo R --error R --weights K --out DIR");
        }
      }
      if (out == null) {
        throw new IllegalArgumentException("--out DIR is required");
      }
      return new Options(unrelated, trios, quads, halfSibs, variants, seed, deNovo, error, weights, out);
    }
  }

  /** One person of the cohort; parents by index, -1 for a founder. */
  record Person(String name, boolean male, String family, int father, int mother, boolean affected, int pop) {}

  /** A pair of known relationship. */
  record Pair(String a, String b, int degree, String relation) {}

  private final Options o;
  private final SplittableRandom rnd;
  private final List<Person> people = new ArrayList<>();
  private final List<Pair> pairs = new ArrayList<>();

  public FamilyCohortGenerator(Options options) {
    this.o = options;
    this.rnd = new SplittableRandom(options.seed());
    pedigree();
  }

  public static void main(String[] args) throws IOException {
    Options o = Options.parse(args);
    FamilyCohortGenerator g = new FamilyCohortGenerator(o);
    long denovo = g.generate();
    System.out.printf(Locale.ROOT, "wrote %s: %d samples (%d unrelated, %d trios, %d quads, %d half-sib pairs), "
        + "%d variants, %d de novo calls%n", o.out(), g.people.size(), o.unrelated(), o.trios(), o.quads(),
        o.halfSibs(), o.variants(), denovo);
  }

  List<Person> people() {
    return people;
  }

  private int add(String name, boolean male, String family, int father, int mother, boolean affected, int pop) {
    people.add(new Person(name, male, family, father, mother, affected, pop));
    return people.size() - 1;
  }

  private void pedigree() {
    for (int i = 0; i < o.unrelated(); i++) {
      String n = String.format(Locale.ROOT, "IND%04d", i + 1);
      add(n, rnd.nextBoolean(), n, -1, -1, rnd.nextInt(10) == 0, rnd.nextInt(3));
    }
    for (int t = 0; t < o.trios(); t++) {
      String fam = String.format(Locale.ROOT, "TRIO%03d", t + 1);
      int pop = rnd.nextInt(3);
      int f = add(fam + "_F", true, fam, -1, -1, false, pop);
      int m = add(fam + "_M", false, fam, -1, -1, false, pop);
      int c = add(fam + "_C", rnd.nextBoolean(), fam, f, m, true, pop);
      pairs.add(new Pair(people.get(f).name(), people.get(c).name(), 1, "parent-offspring"));
      pairs.add(new Pair(people.get(m).name(), people.get(c).name(), 1, "parent-offspring"));
    }
    for (int q = 0; q < o.quads(); q++) {
      String fam = String.format(Locale.ROOT, "QUAD%03d", q + 1);
      int pop = rnd.nextInt(3);
      int f = add(fam + "_F", true, fam, -1, -1, false, pop);
      int m = add(fam + "_M", false, fam, -1, -1, false, pop);
      int c1 = add(fam + "_C1", rnd.nextBoolean(), fam, f, m, true, pop);
      int c2 = add(fam + "_C2", rnd.nextBoolean(), fam, f, m, false, pop);
      pairs.add(new Pair(people.get(c1).name(), people.get(c2).name(), 1, "full-siblings"));
      parentOffspring(f, m, c1, c2);
    }
    for (int h = 0; h < o.halfSibs(); h++) {
      String fam = String.format(Locale.ROOT, "HALF%03d", h + 1);
      int pop = rnd.nextInt(3);
      int f = add(fam + "_F", true, fam, -1, -1, false, pop);
      int m1 = add(fam + "_M1", false, fam, -1, -1, false, pop);
      int m2 = add(fam + "_M2", false, fam, -1, -1, false, pop);
      int c1 = add(fam + "_C1", rnd.nextBoolean(), fam, f, m1, false, pop);
      int c2 = add(fam + "_C2", rnd.nextBoolean(), fam, f, m2, false, pop);
      pairs.add(new Pair(people.get(c1).name(), people.get(c2).name(), 2, "half-siblings"));
      parentOffspring(f, m1, c1);
      parentOffspring(f, m2, c2);
    }
  }

  /** Records each parent with each child as a first-degree pair: {@code parents..., children...}, two parents. */
  private void parentOffspring(int father, int mother, int... children) {
    for (int c : children) {
      pairs.add(new Pair(people.get(father).name(), people.get(c).name(), 1, "parent-offspring"));
      pairs.add(new Pair(people.get(mother).name(), people.get(c).name(), 1, "parent-offspring"));
    }
  }

  /** Writes every file; returns the number of de novo calls made. */
  public long generate() throws IOException {
    Files.createDirectories(o.out());
    writeSheet();
    int n = people.size();
    List<Grch38.Contig> contigs = Grch38.CONTIGS.stream().filter(c -> !c.name().equals("chrM")).toList();
    long genome = contigs.stream().mapToLong(Grch38.Contig::length).sum();
    List<String[]> weightCandidates = new ArrayList<>();
    long denovo = 0;
    int[] a1 = new int[n];
    int[] a2 = new int[n]; // -2: haploid (a1 only); -3: no call on chrY
    try (OutputStream out = new BlockCompressedOutputStream(o.out().resolve("cohort.vcf.gz").toFile(), 5);
        PrintWriter truth = new PrintWriter(Files.newBufferedWriter(o.out().resolve("truth.tsv")))) {
      out.write(header().getBytes(StandardCharsets.US_ASCII));
      truth.println("kind\ta\tb\tdegree\trelation");
      for (Pair p : pairs) {
        truth.println("pair\t" + p.a() + "\t" + p.b() + "\t" + p.degree() + "\t" + p.relation());
      }
      long id = 0;
      StringBuilder line = new StringBuilder(64 + 4 * n);
      for (Grch38.Contig contig : contigs) {
        int count = (int) Math.max(contig.name().equals("chrY") ? 20 : 1, (int) ((long) o.variants() * contig.length() / genome));
        int[] pos = new int[count];
        for (int i = 0; i < count; i++) {
          pos[i] = 1 + rnd.nextInt(contig.length());
        }
        Arrays.sort(pos);
        int last = 0;
        for (int p : pos) {
          if (p <= last) {
            continue;
          }
          last = p;
          id++;
          char ref = BASES[rnd.nextInt(4)];
          char alt = BASES[(Arrays.binarySearch(BASES, ref) + 1 + rnd.nextInt(3)) % 4];
          double f = rnd.nextDouble() < 0.7 ? 0.05 + 0.45 * rnd.nextDouble() : 0.001 + 0.049 * rnd.nextDouble();
          denovo += site(contig.name(), p, f, a1, a2, truth);
          line.setLength(0);
          line.append(contig.name()).append('\t').append(p).append("\trs").append(id).append('\t').append(ref)
              .append('\t').append(alt).append("\t.\tPASS\t.\tGT");
          for (int s = 0; s < n; s++) {
            line.append('\t');
            if (a2[s] == -3) {
              line.append('.');
            } else if (a1[s] < 0) {
              line.append(a2[s] == -2 ? "." : "./.");
            } else if (a2[s] == -2) {
              line.append(a1[s]);
            } else {
              line.append(a1[s]).append('/').append(a2[s]);
            }
          }
          line.append('\n');
          out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
          if (weightCandidates.size() < 50L * Math.max(1, o.weights()) && !contig.name().equals("chrY")
              && !contig.name().equals("chrX")) {
            weightCandidates.add(new String[] {"rs" + id, String.valueOf(ref), String.valueOf(alt),
                contig.name() + ":" + p + ":" + ref + ":" + alt});
          }
        }
      }
      writeWeights(weightCandidates);
    }
    return denovo;
  }

  /** Draws one site's calls into a1/a2; returns the de novo calls made. */
  private int site(String contig, int pos, double f, int[] a1, int[] a2, PrintWriter truth) {
    boolean x = contig.equals("chrX") && !Grch38.inXPar(pos);
    boolean y = contig.equals("chrY");
    int made = 0;
    for (int s = 0; s < people.size(); s++) {
      Person p = people.get(s);
      boolean haploid = (x || y) && p.male();
      if (y && !p.male()) {
        a1[s] = -1;
        a2[s] = -3;
        continue;
      }
      if (p.father() < 0) {
        a1[s] = allele(f);
        a2[s] = haploid ? -2 : allele(f);
      } else {
        int fa = p.father();
        int mo = p.mother();
        if (y) {
          a1[s] = a1[fa];
          a2[s] = -2;
        } else if (x && p.male()) {
          a1[s] = pick(a1[mo], a2[mo]);
          a2[s] = -2;
        } else if (x) {
          a1[s] = a1[fa];
          a2[s] = pick(a1[mo], a2[mo]);
        } else {
          a1[s] = pick(a1[fa], a2[fa]);
          a2[s] = pick(a1[mo], a2[mo]);
        }
        if (!x && !y && a1[s] == 0 && a2[s] == 0 && o.deNovo() > 0 && rnd.nextDouble() < o.deNovo()) {
          a2[s] = 1;
          made++;
          truth.println("denovo\t" + p.name() + "\t" + contig + ":" + pos + "\t0\t");
        }
      }
    }
    // errors and no-calls after inheritance, so children inherit the true alleles
    for (int s = 0; s < people.size(); s++) {
      if (a2[s] == -3) {
        continue;
      }
      boolean haploid = a2[s] == -2;
      if (o.error() > 0 && rnd.nextDouble() < o.error()) {
        a1[s] = rnd.nextInt(2);
        if (!haploid) {
          a2[s] = rnd.nextInt(2);
        }
      } else if (rnd.nextDouble() < MISSING) {
        a1[s] = -1;
      }
    }
    return made;
  }

  /** A parent's transmitted allele: one of its two at random; missing stays missing only if both are. */
  private int pick(int x, int y) {
    if (y == -2) {
      return x;
    }
    return rnd.nextBoolean() ? x : y;
  }

  private int allele(double f) {
    return rnd.nextDouble() < f ? 1 : 0;
  }

  private String header() {
    StringBuilder h = new StringBuilder();
    h.append("##fileformat=VCFv4.2\n##source=DasGrid FamilyCohortGenerator seed=").append(o.seed()).append('\n');
    h.append("##reference=GRCh38\n");
    for (Grch38.Contig c : Grch38.CONTIGS) {
      if (!c.name().equals("chrM")) {
        h.append("##contig=<ID=").append(c.name()).append(",length=").append(c.length()).append(">\n");
      }
    }
    h.append("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
    h.append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
    for (Person p : people) {
      h.append('\t').append(p.name());
    }
    return h.append('\n').toString();
  }

  private void writeSheet() throws IOException {
    try (PrintWriter tsv = new PrintWriter(Files.newBufferedWriter(o.out().resolve("samples.tsv")));
        PrintWriter ped = new PrintWriter(Files.newBufferedWriter(o.out().resolve("samples.ped")))) {
      tsv.println("sample\tsex\tpopulation\tsuperpopulation\tphenotype\tfamily\tfather\tmother");
      for (Person p : people) {
        String father = p.father() < 0 ? "0" : people.get(p.father()).name();
        String mother = p.mother() < 0 ? "0" : people.get(p.mother()).name();
        String[] pop = POPULATIONS[p.pop()];
        tsv.println(String.join("\t", p.name(), p.male() ? "male" : "female", pop[0], pop[1],
            p.affected() ? "affected" : "unaffected", p.family(), father, mother));
        ped.println(String.join("\t", p.family(), p.name(), father, mother, p.male() ? "1" : "2",
            p.affected() ? "2" : "1"));
      }
    }
  }

  /**
   * The weights: most by VCF ID with the ALT as effect allele, some with the REF, some by CHROM:POS:REF:ALT,
   * a few with an allele the site lacks (mismatched), a few IDs the VCF lacks (missing).
   */
  private void writeWeights(List<String[]> candidates) throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(o.out().resolve("weights.txt")))) {
      int step = Math.max(1, candidates.size() / Math.max(1, o.weights()));
      int written = 0;
      for (int i = 0; i < candidates.size() && written < o.weights(); i += step, written++) {
        String[] c = candidates.get(i);
        double u = rnd.nextDouble();
        String weight = String.format(Locale.ROOT, "%.4f", rnd.nextGaussian() * 0.1);
        if (u < 0.02) {
          w.println("rs_absent_" + i + "\t" + c[2] + "\t" + weight);
        } else if (u < 0.04) {
          w.println(c[0] + "\t" + (c[1].equals("N") ? "A" : mismatch(c[1], c[2])) + "\t" + weight);
        } else if (u < 0.24) {
          w.println(c[0] + "\t" + c[1] + "\t" + weight);
        } else if (u < 0.34) {
          w.println(c[3] + "\t" + c[2] + "\t" + weight);
        } else {
          w.println(c[0] + "\t" + c[2] + "\t" + weight);
        }
      }
    }
  }

  private static String mismatch(String ref, String alt) {
    for (char b : BASES) {
      if (b != ref.charAt(0) && b != alt.charAt(0)) {
        return String.valueOf(b);
      }
    }
    throw new IllegalStateException();
  }
}
