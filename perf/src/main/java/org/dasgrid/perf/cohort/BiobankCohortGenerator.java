package org.dasgrid.perf.cohort;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a biobank-shaped cohort directory, the COHORT_DIR of {@code perf/run-biobank-benchmark.sh}: one bgzipped,
 * tabix-indexed VCF per contig ({@code chr13.vcf.gz chr17.vcf.gz chr22.vcf.gz chrX.vcf.gz} by default), {@code
 * genes.gff3} ({@link BiobankGenes}), {@code samples.tsv} (the sheet the server reads with {@code samples:}:
 * sample, sex, population, superpopulation, phenotype) and {@code weights.txt} (a PLINK-style score file for
 * {@code POST /genotypes/bb/score}: ID or CHROM:POS:REF:ALT, effect allele, weight; every line a generated variant).
 *
 * <p>Records are placed as {@link CohortGenerator} places them, restricted to the contigs (TP53 and BRCA2 dense,
 * the rest by contig length), plus three in {@link BiobankGenes#PINNED}; alleles are drawn as it draws them, allele
 * frequencies from {@link BiobankSpectrum} (most ALT alleles with a handful of carriers); genotypes by {@link
 * BiobankGenotypes} (0.5% no-calls, 70% of the rows phased, chrX haploid in males outside the PARs). Every
 * contig's sites and genotypes come from random streams of their own, so {@code --contig chr13} writes the same
 * bytes as a run over all contigs, and the small files (every run writes them) are the same whichever contig
 * a run writes. The same arguments give the same bytes.
 *
 * <pre>
 * java -cp perf/target/benchmarks.jar org.dasgrid.perf.cohort.BiobankCohortGenerator --samples 100000 \
 *     --variants 200000 --seed 1 --out-dir /data/bb100k [--contigs chr13,chr17,chr22,chrX] [--contig chr13] \
 *     [--weights 10000] [--level 1] [--compressor java|bgzip] [--threads 2]
 * </pre>
 */
public final class BiobankCohortGenerator {
  /** The contigs of the first biobank cohorts (the benchmark scripts' four VCFs). */
  static final List<String> DEFAULT_CONTIGS = List.of("chr13", "chr17", "chr22", "chrX");
  /** Records of their own in the benchmark gene, so that it has variants at any size. */
  static final int PINNED_RECORDS = 3;

  /** What to generate. */
  public record Options(int samples, int variants, long seed, List<String> contigs, String only, Path outDir,
      int weights, int level, int threads, BgzipFile.Compressor compressor) {
    public Options {
      if (samples < 1 || variants < 1 || weights < 0 || threads < 1) {
        throw new IllegalArgumentException("--samples and --variants must be at least 1, --weights at least 0,"
            + " --threads at least 1");
      }
      if (level < 0 || level > 9) {
        throw new IllegalArgumentException("--level must be 0..9");
      }
      for (String c : contigs) {
        if (Grch38.CONTIGS.stream().noneMatch(k -> k.name().equals(c)) || c.equals("chrY") || c.equals("chrM")) {
          throw new IllegalArgumentException("--contigs: '" + c + "' is not one of chr1..chr22, chrX");
        }
      }
      if (only != null && !contigs.contains(only)) {
        throw new IllegalArgumentException("--contig " + only + " is not among --contigs " + contigs);
      }
      contigs = List.copyOf(contigs);
    }

    public static Options parse(String... args) {
      int samples = 100_000;
      int variants = 200_000;
      long seed = 1;
      List<String> contigs = DEFAULT_CONTIGS;
      String only = null;
      Path out = null;
      int weights = 10_000;
      int level = 1;
      int threads = 2;
      BgzipFile.Compressor compressor = BgzipFile.Compressor.JAVA;
      for (int i = 0; i < args.length; i += 2) {
        String v = i + 1 < args.length ? args[i + 1] : null;
        if (v == null) {
          throw new IllegalArgumentException(args[i] + " needs a value");
        }
        switch (args[i]) {
          case "--samples" -> samples = Integer.parseInt(v);
          case "--variants" -> variants = Integer.parseInt(v);
          case "--seed" -> seed = Long.parseLong(v);
          case "--contigs" -> contigs = List.of(v.split(","));
          case "--contig" -> only = v;
          case "--out-dir" -> out = Path.of(v);
          case "--weights" -> weights = Integer.parseInt(v);
          case "--level" -> level = Integer.parseInt(v);
          case "--threads" -> threads = Integer.parseInt(v);
          case "--compressor" -> compressor = BgzipFile.Compressor.valueOf(v.toUpperCase(Locale.ROOT));
          default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; use --samples N "
              + "--variants M --seed S --out-dir DIR [--contigs chr13,chr17,chr22,chrX] [--contig C] "
              + "[--weights K] [--level 0-9] [--compressor java|bgzip] [--threads T (bgzip's)]");
        }
      }
      if (out == null) {
        throw new IllegalArgumentException("--out-dir DIR is required");
      }
      return new Options(samples, variants, seed, contigs, only, out, weights, level, threads, compressor);
    }
  }

  /** A record's site: its alleles and their frequencies, and whether its calls are phased. */
  record Site(int pos, String id, SiteAlleles alleles, List<BiobankSpectrum.Allele> frequencies, boolean phased) {}

  /** What one contig's VCF holds. */
  public record ContigSummary(String contig, long sites, long altAlleles, long multiAllelicSites, long nonRefCalls,
      long missingCalls, long partialCalls, long haploidCalls, long bytes, double seconds) {}

  private final Options o;
  private final List<Grch38.Contig> contigs;
  private final List<List<Site>> sites;
  private final boolean[] male;

  public BiobankCohortGenerator(Options options) {
    this.o = options;
    this.contigs = options.contigs().stream()
        .map(c -> Grch38.CONTIGS.stream().filter(k -> k.name().equals(c)).findFirst().orElseThrow()).toList();
    List<SitePositions.Dense> dense = new ArrayList<>(CohortGenerator.denseShares(options.variants()));
    dense.add(new SitePositions.Dense(BiobankGenes.PINNED, PINNED_RECORDS));
    int[][] positions = SitePositions.draw(contigs, options.variants(), dense, new SplittableRandom(options.seed()));
    BiobankSpectrum spectrum = new BiobankSpectrum(2L * options.samples());
    List<List<Site>> all = new ArrayList<>();
    long index = 0;
    for (int c = 0; c < contigs.size(); c++) {
      SplittableRandom rnd = stream("sites " + contigs.get(c).name());
      List<Site> list = new ArrayList<>(positions[c].length);
      for (int pos : positions[c]) {
        list.add(site(pos, index++, rnd, spectrum));
      }
      all.add(list);
    }
    this.sites = all;
    this.male = CohortGenerator.males(options.samples(), stream("sexes"));
  }

  public static void main(String[] args) throws Exception {
    new BiobankCohortGenerator(CohortGenerator.parseOrExit(Options::parse, args)).generate(System.out);
  }

  /** Writes the small files, then each contig's VCF (only {@code --contig}'s if given). */
  public List<ContigSummary> generate(PrintStream progress) throws IOException, InterruptedException {
    Files.createDirectories(o.outDir());
    writeSmall("genes.gff3", BiobankGenes.gff3(contigs, stream("genes")));
    writeSmall("samples.tsv", sampleSheet());
    writeSmall("weights.txt", weights());
    progress.printf(Locale.ROOT, "wrote %s: genes.gff3, samples.tsv (%,d samples), weights.txt (%,d weights)%n",
        o.outDir(), o.samples(), Math.min(o.weights(), sites.stream().mapToInt(List::size).sum()));
    List<ContigSummary> out = new ArrayList<>();
    for (int c = 0; c < contigs.size(); c++) {
      if (o.only() == null || o.only().equals(contigs.get(c).name())) {
        out.add(writeContig(contigs.get(c), sites.get(c), progress));
      }
    }
    return out;
  }

  private ContigSummary writeContig(Grch38.Contig contig, List<Site> list, PrintStream progress)
      throws IOException, InterruptedException {
    long started = System.nanoTime();
    Path vcf = o.outDir().resolve(contig.name() + ".vcf.gz");
    BiobankGenotypes genotypes = new BiobankGenotypes(contig.name(), male, stream("genotypes " + contig.name()));
    BiobankGenotypes.Counts n = new BiobankGenotypes.Counts();
    String header = CohortGenerator.vcfHeader("DasGrid BiobankCohortGenerator samples=" + o.samples() + " variants="
        + o.variants() + " seed=" + o.seed() + " contigs=" + String.join(",", o.contigs()), List.of(contig), "",
        o.samples());
    int step = Math.max(1, list.size() / 10);
    try (BgzipFile file = BgzipFile.open(vcf, o.compressor(), o.level(), o.threads())) {
      file.out().write(header.getBytes(StandardCharsets.US_ASCII));
      for (int i = 0; i < list.size(); i++) {
        Site site = list.get(i);
        file.record(contig.name(), site.pos(), site.pos() + site.alleles().ref().length() - 1);
        genotypes.write(site, file.out(), n);
        if ((i + 1) % step == 0) {
          progress.printf(Locale.ROOT, "  %s: %,d / %,d records, %.1f s%n", contig.name(), i + 1, list.size(),
              (System.nanoTime() - started) / 1e9);
        }
      }
      file.finish();
    }
    ContigSummary s = new ContigSummary(contig.name(), n.sites, n.alts, n.multiAllelic, n.nonRef, n.missing,
        n.partial, n.haploid, Files.size(vcf), (System.nanoTime() - started) / 1e9);
    progress.printf(Locale.ROOT, "wrote %s (+ .tbi): %,d samples x %,d records (%,d ALT alleles, %,d multi-allelic),"
            + " %,d het/hom-alt/haploid-alt calls, %,d no-calls (%,d partial), %,d haploid calls, %.1f MB in %.1f s%n",
        vcf, o.samples(), s.sites(), s.altAlleles(), s.multiAllelicSites(), s.nonRefCalls(), s.missingCalls(),
        s.partialCalls(), s.haploidCalls(), s.bytes() / 1e6, s.seconds());
    return s;
  }

  private Site site(int pos, long index, SplittableRandom rnd, BiobankSpectrum spectrum) {
    SiteAlleles alleles = SiteAlleles.draw(rnd);
    // rs IDs on 60% of the records, numbered over all contigs as CohortGenerator numbers them
    String id = rnd.nextDouble() < 0.6 ? "rs" + (1_000_000 + index) : ".";
    List<BiobankSpectrum.Allele> f = new ArrayList<>(alleles.alts().size());
    for (int a = 0; a < alleles.alts().size(); a++) {
      f.add(a == 0 ? spectrum.draw(rnd) : spectrum.drawExtra(rnd));
    }
    return new Site(pos, id, alleles, List.copyOf(f), rnd.nextDouble() < 0.7);
  }

  private String sampleSheet() {
    SplittableRandom rnd = stream("sheet");
    StringBuilder b = new StringBuilder(40 * o.samples() + 64);
    b.append("sample\tsex\tpopulation\tsuperpopulation\tphenotype\n");
    for (int s = 0; s < o.samples(); s++) {
      String[] pop = FamilyCohortGenerator.POPULATIONS[rnd.nextInt(FamilyCohortGenerator.POPULATIONS.length)];
      b.append(CohortGenerator.sampleName(s)).append('\t').append(male[s] ? "male" : "female").append('\t')
          .append(pop[0]).append('\t').append(pop[1]).append('\t')
          .append(rnd.nextInt(10) == 0 ? "affected" : "unaffected").append('\n');
    }
    return b.toString();
  }

  /**
   * {@code --weights} generated variants drawn uniformly over all contigs, in genome order: by rs ID, or as
   * CHROM:POS:REF:ALT where the record has none or is multi-allelic (its ALTs share the ID); the effect allele
   * the ALT, or the REF for 15%; weights normal with sd 0.1.
   */
  private String weights() {
    SplittableRandom rnd = stream("weights");
    List<String> names = new ArrayList<>();
    List<Site> flat = new ArrayList<>();
    for (int c = 0; c < contigs.size(); c++) {
      for (Site s : sites.get(c)) {
        names.add(contigs.get(c).name());
        flat.add(s);
      }
    }
    int[] order = new int[flat.size()];
    Arrays.setAll(order, i -> i);
    int k = Math.min(o.weights(), order.length);
    for (int i = 0; i < k; i++) {
      int j = i + rnd.nextInt(order.length - i);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    int[] chosen = Arrays.copyOf(order, k);
    Arrays.sort(chosen);
    StringBuilder b = new StringBuilder(32 * k);
    for (int i : chosen) {
      Site s = flat.get(i);
      List<String> alts = s.alleles().alts();
      String alt = alts.get(alts.size() == 1 ? 0 : rnd.nextInt(alts.size()));
      String variant = s.id().equals(".") || alts.size() > 1
          ? names.get(i) + ":" + s.pos() + ":" + s.alleles().ref() + ":" + alt : s.id();
      String effect = rnd.nextDouble() < 0.15 ? s.alleles().ref() : alt;
      b.append(variant).append('\t').append(effect).append('\t')
          .append(String.format(Locale.ROOT, "%.4f", 0.1 * rnd.nextGaussian())).append('\n');
    }
    return b.toString();
  }

  private void writeSmall(String name, String text) throws IOException {
    Path target = o.outDir().resolve(name);
    Path part = o.outDir().resolve(name + ".part");
    Files.writeString(part, text, StandardCharsets.US_ASCII);
    Files.move(part, target, StandardCopyOption.REPLACE_EXISTING);
  }

  /** A random stream of its own for each purpose (and contig), from the seed. */
  private SplittableRandom stream(String purpose) {
    long h = o.seed() * 0x9E3779B97F4A7C15L;
    for (int i = 0; i < purpose.length(); i++) {
      h = (h ^ purpose.charAt(i)) * 0x100000001B3L;
    }
    return new SplittableRandom(h);
  }
}
