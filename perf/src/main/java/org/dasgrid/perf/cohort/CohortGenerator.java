package org.dasgrid.perf.cohort;

import htsjdk.samtools.util.BlockCompressedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a synthetic multi-sample VCF (bgzipped, so {@code tabix -p vcf} can index it) of N samples × M
 * variant records on the GRCh38 contigs, the way the gnomAD-scale Dnaerys benchmark data were modelled:
 * allele frequencies from a realistic spectrum ({@link FrequencySpectrum}: most variants rare), genotypes
 * by Hardy–Weinberg, 0.5% no-calls (a tenth of them partial, {@code ./1}), some multi-allelic sites, haploid
 * calls on chrM, on chrY for males ({@code .} for females) and on chrX outside the PARs for males, and
 * TP53, BRCA2 and chrM covered densely. With {@code --contigs chr1,chr2} all records fall on those contigs (one
 * chromosome's VCF of a per-chromosome cohort: generate each with the same seed; the samples and their sexes are
 * the seed's, the sites and genotypes a stream of the seed and the contigs). With {@code --svs}, about 4% of the biallelic records become symbolic
 * structural variants ({@code <DEL>}, {@code <DUP>}, {@code <INV>} with {@code SVTYPE}, {@code SVLEN} and mostly
 * {@code END}; some without {@code END}, so readers must take it from {@code SVLEN}; {@code <INS>} with
 * {@code SVLEN} only), drawn from a random stream of their own so no genotype changes. The same arguments give
 * the same bytes.
 *
 * <pre>
 * java -cp perf/target/... org.dasgrid.perf.cohort.CohortGenerator --samples 2504 --variants 100000 \
 *     --seed 1 --out /tmp/cohort.vcf.gz [--level 5] [--annotate] [--svs] [--contigs chr1]
 * </pre>
 */
public final class CohortGenerator {
  /** Probability of a no-call, per genotype. */
  static final double MISSING = 0.005;
  private static final byte[] DIGITS = "0123456789".getBytes(StandardCharsets.US_ASCII);
  private static final String SV_HEADER = String.join("\n",
      "##INFO=<ID=SVTYPE,Number=1,Type=String,Description=\"Type of structural variant\">",
      "##INFO=<ID=END,Number=1,Type=Integer,Description=\"End position of the variant\">",
      "##INFO=<ID=SVLEN,Number=A,Type=Integer,Description=\"Length of the structural variant\">",
      "##ALT=<ID=DEL,Description=\"Deletion\">", "##ALT=<ID=DUP,Description=\"Duplication\">",
      "##ALT=<ID=INV,Description=\"Inversion\">", "##ALT=<ID=INS,Description=\"Insertion\">", "");

  /** What to generate. */
  public record Options(int samples, int variants, long seed, Path output, int compressionLevel, boolean annotate,
      boolean svs, List<String> contigs) {
    /** Without annotations (INFO is {@code .}). */
    public Options(int samples, int variants, long seed, Path output, int compressionLevel) {
      this(samples, variants, seed, output, compressionLevel, false);
    }

    /** Without structural variants. */
    public Options(int samples, int variants, long seed, Path output, int compressionLevel, boolean annotate) {
      this(samples, variants, seed, output, compressionLevel, annotate, false);
    }

    /** On every contig. */
    public Options(int samples, int variants, long seed, Path output, int compressionLevel, boolean annotate,
        boolean svs) {
      this(samples, variants, seed, output, compressionLevel, annotate, svs, List.of());
    }

    public Options {
      if (samples < 1 || variants < 1) {
        throw new IllegalArgumentException("--samples and --variants must be at least 1");
      }
      if (compressionLevel < 0 || compressionLevel > 9) {
        throw new IllegalArgumentException("--level must be 0..9");
      }
      contigs = List.copyOf(contigs);
      for (String c : contigs) {
        if (Grch38.CONTIGS.stream().noneMatch(k -> k.name().equals(c))) {
          throw new IllegalArgumentException("--contigs: '" + c + "' is not a GRCh38 contig (chr1..chr22, chrX, chrY, chrM)");
        }
      }
    }

    public static Options parse(String... args) {
      int samples = 2504;
      int variants = 100_000;
      long seed = 1;
      Path out = null;
      int level = 5;
      boolean annotate = false;
      boolean svs = false;
      List<String> contigs = List.of();
      for (int i = 0; i < args.length; i++) {
        if (args[i].equals("--annotate") || args[i].equals("--svs")) {
          annotate |= args[i].equals("--annotate");
          svs |= args[i].equals("--svs");
          continue;
        }
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--samples" -> samples = Integer.parseInt(value);
          case "--variants" -> variants = Integer.parseInt(value);
          case "--seed" -> seed = Long.parseLong(value);
          case "--out" -> out = Path.of(value);
          case "--level" -> level = Integer.parseInt(value);
          case "--contigs" -> contigs = List.of(value.split(","));
          default -> throw new IllegalArgumentException("unknown argument " + args[i]
              + "; use --samples N --variants M --seed S --out FILE.vcf.gz [--level 0-9] [--annotate] [--svs]"
              + " [--contigs chr1,chr2]");
        }
        i++;
      }
      if (out == null) {
        throw new IllegalArgumentException("--out FILE.vcf.gz is required");
      }
      return new Options(samples, variants, seed, out, level, annotate, svs, contigs);
    }
  }

  /** What was written. */
  public record Summary(long sites, long altAlleles, long multiAllelicSites, long missingCalls,
      long partialCalls, long haploidCalls, long nonRefCalls, long bytes, double seconds, long structuralVariants) {}

  private final Options options;
  private final SplittableRandom rnd;
  private final Annotations annotations;
  /** The structural variants' own random stream (null without {@code --svs}). */
  private final SplittableRandom svRnd;
  private final FrequencySpectrum spectrum;
  private final boolean[] male;
  /** The contigs the records fall on (all of GRCh38 unless {@code --contigs}). */
  private final List<Grch38.Contig> contigs;

  public CohortGenerator(Options options) {
    this.options = options;
    // a random stream of their own, so that annotating changes no genotype
    this.annotations = options.annotate() ? new Annotations(new SplittableRandom(options.seed() ^ 0x5EED)) : null;
    this.svRnd = options.svs() ? new SplittableRandom(options.seed() ^ 0x5717) : null;
    SplittableRandom seeded = new SplittableRandom(options.seed());
    this.spectrum = new FrequencySpectrum(options.samples());
    this.male = males(options.samples(), seeded);
    this.contigs = options.contigs().isEmpty() ? Grch38.CONTIGS
        : Grch38.CONTIGS.stream().filter(c -> options.contigs().contains(c.name())).toList();
    // one chromosome's file: the same samples (drawn above), sites and genotypes from a stream of their own, so
    // that chr1's and chr2's files of one seed are not copies of each other
    this.rnd = options.contigs().isEmpty() ? seeded
        : new SplittableRandom(options.seed() ^ (String.join(",", options.contigs()).hashCode() * 0x9E3779B97F4A7C15L));
  }

  /** Each sample's sex (true: male), one draw each. */
  static boolean[] males(int samples, SplittableRandom rnd) {
    boolean[] male = new boolean[samples];
    for (int s = 0; s < samples; s++) {
      male[s] = rnd.nextBoolean();
    }
    return male;
  }

  /** A generator's options from its arguments; a mistake is printed and the JVM exits with 2. */
  static <T> T parseOrExit(java.util.function.Function<String[], T> parse, String[] args) {
    try {
      return parse.apply(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      throw e;
    }
  }

  public static void main(String[] args) throws IOException {
    Options o = parseOrExit(Options::parse, args);
    Summary s = new CohortGenerator(o).generate(System.out);
    // the densely covered genes, for a source's genes: (gene=TP53 on the generated cohort)
    java.nio.file.Path genes = o.output().resolveSibling(o.output().getFileName().toString()
        .replaceFirst("\\.vcf(\\.gz)?$", "") + ".genes.gff3");
    Files.writeString(genes, Grch38.genesGff3(), StandardCharsets.US_ASCII);
    System.out.println("wrote " + genes);
    System.out.printf(Locale.ROOT, "wrote %s: %,d samples x %,d records (%,d ALT alleles, %,d multi-allelic),"
            + " %,d het/hom-alt calls, %,d no-calls (%,d partial), %,d haploid calls, %.1f MB in %.1f s%n",
        o.output(), o.samples(), s.sites(), s.altAlleles(), s.multiAllelicSites(), s.nonRefCalls(),
        s.missingCalls(), s.partialCalls(), s.haploidCalls(), s.bytes() / 1e6, s.seconds());
  }

  /** Writes the file, printing progress every tenth of the records. */
  public Summary generate(PrintStream progress) throws IOException {
    long started = System.nanoTime();
    int[][] positions = positions();
    Counters n = new Counters();
    Files.createDirectories(options.output().toAbsolutePath().getParent());
    try (OutputStream out = new BlockCompressedOutputStream(options.output().toFile(), options.compressionLevel())) {
      out.write(header().getBytes(StandardCharsets.US_ASCII));
      Line line = new Line(64 + 8 * options.samples());
      long written = 0;
      long nextReport = Math.max(1, options.variants() / 10);
      for (int c = 0; c < contigs.size(); c++) {
        Grch38.Contig contig = contigs.get(c);
        for (int pos : positions[c]) {
          site(contig.name(), pos, written, line, n);
          out.write(line.bytes, 0, line.size);
          if (++written % nextReport == 0) {
            progress.printf(Locale.ROOT, "  %,d / %,d records, %.1f s%n", written, options.variants(),
                (System.nanoTime() - started) / 1e9);
          }
        }
      }
    }
    return new Summary(n.sites, n.alts, n.multi, n.missing, n.partial, n.haploid, n.nonRef,
        Files.size(options.output()), (System.nanoTime() - started) / 1e9, n.svs);
  }

  private String header() {
    return vcfHeader("DasGrid CohortGenerator samples=" + options.samples() + " variants=" + options.variants()
            + " seed=" + options.seed(), Grch38.CONTIGS,
        (options.annotate() ? Annotations.HEADER : "") + (options.svs() ? SV_HEADER : ""), options.samples());
  }

  /**
   * A generated VCF's header: its {@code ##source}, the contigs it may hold, PASS and GT, {@code extraMeta}
   * (whole {@code ##} lines) and the column line of {@code samples} samples named by {@link #sampleName}.
   */
  static String vcfHeader(String source, List<Grch38.Contig> contigs, String extraMeta, int samples) {
    StringBuilder h = new StringBuilder(4096 + 10 * samples);
    h.append("##fileformat=VCFv4.2\n");
    h.append("##source=").append(source).append('\n');
    h.append("##reference=GRCh38\n");
    for (Grch38.Contig c : contigs) {
      h.append("##contig=<ID=").append(c.name()).append(",length=").append(c.length()).append(">\n");
    }
    h.append("##FILTER=<ID=PASS,Description=\"All filters passed\">\n");
    h.append("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
    h.append(extraMeta);
    h.append("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
    for (int s = 0; s < samples; s++) {
      h.append('\t').append(sampleName(s));
    }
    return h.append('\n').toString();
  }

  public static String sampleName(int s) {
    return String.format(Locale.ROOT, "SIM%05d", s + 1);
  }

  /**
   * Record positions per contig: TP53, BRCA2 and chrM get fixed shares (dense, like gnomAD's coverage of them),
   * the rest is spread over the genome by contig length.
   */
  private int[][] positions() {
    return SitePositions.draw(contigs, options.variants(), denseShares(options.variants()), rnd);
  }

  /** The dense regions' shares of {@code m} records: 6% in TP53, 20% in BRCA2, 6% on chrM, each capped. */
  static List<SitePositions.Dense> denseShares(int m) {
    return List.of(new SitePositions.Dense(Grch38.TP53, (int) Math.min(6_400, Math.round(0.06 * m))),
        new SitePositions.Dense(Grch38.BRCA2, (int) Math.min(21_000, Math.round(0.20 * m))),
        new SitePositions.Dense(Grch38.MITO, (int) Math.min(6_400, Math.round(0.06 * m))));
  }

  private void site(String contig, int pos, long index, Line line, Counters n) {
    line.clear();
    SiteAlleles drawn = SiteAlleles.draw(rnd);
    String ref = drawn.ref();
    char refBase = ref.charAt(0);
    List<String> alts = new ArrayList<>(drawn.alts());
    double[] cumulative = frequencies(alts.size());
    line.ascii(contig).tab().number(pos).tab();
    if (rnd.nextDouble() < 0.6) {
      line.ascii("rs").number(1_000_000 + index);
    } else {
      line.ascii(".");
    }
    String svInfo = null;
    // drawn at every record, so the SVs of a file depend on the seed alone
    double svDraw = svRnd == null ? 1 : svRnd.nextDouble();
    if (svDraw < 0.04 && alts.size() == 1) {
      ref = String.valueOf(refBase);
      svInfo = structuralVariant(contig, pos, alts);
      n.svs++;
    }
    line.tab().ascii(ref).tab().ascii(String.join(",", alts)).ascii("\t.\tPASS\t");
    String annotated = annotations == null ? null : annotations.info(ref, alts);
    line.ascii(svInfo == null ? annotated == null ? "." : annotated
        : annotated == null ? svInfo : svInfo + ";" + annotated);
    line.ascii("\tGT");
    boolean phased = rnd.nextDouble() < 0.7;
    byte sep = (byte) (phased ? '|' : '/');
    boolean biallelic = alts.size() == 1;
    double p00 = cumulative[0] * cumulative[0];
    double pHet = 2 * cumulative[0] * (1 - cumulative[0]);
    for (int s = 0; s < options.samples(); s++) {
      line.tab();
      int ploidy = ploidy(contig, pos, s);
      double u = rnd.nextDouble();
      if (ploidy == 0) {
        line.put('.');
        n.missing++;
      } else if (u < MISSING) {
        missing(line, ploidy, sep, cumulative, n);
      } else if (ploidy == 1) {
        int a = allele(cumulative);
        line.digit(a);
        n.haploid++;
        n.nonRef += a > 0 ? 1 : 0;
      } else if (biallelic) {
        double v = (u - MISSING) / (1 - MISSING);
        if (v < p00) {
          line.put('0').put(sep).put('0');
        } else if (v < p00 + pHet) {
          boolean altFirst = phased && rnd.nextBoolean();
          line.put(altFirst ? '1' : '0').put(sep).put(altFirst ? '0' : '1');
          n.nonRef++;
        } else {
          line.put('1').put(sep).put('1');
          n.nonRef++;
        }
      } else {
        int a = allele(cumulative);
        int b = allele(cumulative);
        if (!phased && a > b) {
          int t = a;
          a = b;
          b = t;
        }
        line.digit(a).put(sep).digit(b);
        n.nonRef += a == b ? (a > 0 ? 1 : 0) : (a > 0 ? 1 : 0) + (b > 0 ? 1 : 0);
      }
    }
    line.put('\n');
    n.sites++;
    n.alts += alts.size();
    n.multi += alts.size() > 1 ? 1 : 0;
  }

  /**
   * Makes the record's one ALT a symbolic SV and returns its INFO: {@code <DEL>} (half), {@code <DUP>}, {@code
   * <INV>} or {@code <INS>}, 50 bp to 50 kb (log-uniform, within the contig); {@code END} on four in five of
   * the first three (the rest leave it to {@code SVLEN}, as VCF 4.4 allows), {@code SVLEN} on all (negative for
   * deletions, VCF 4.2's sign).
   */
  private String structuralVariant(String contig, int pos, List<String> alts) {
    double kind = svRnd.nextDouble();
    String type = kind < 0.5 ? "DEL" : kind < 0.7 ? "DUP" : kind < 0.8 ? "INV" : "INS";
    int length = (int) Math.round(50 * Math.pow(10, 3 * svRnd.nextDouble()));
    boolean withEnd = svRnd.nextInt(5) > 0;
    int contigLength = Grch38.CONTIGS.stream().filter(c -> c.name().equals(contig)).findFirst().orElseThrow()
        .length();
    if (!type.equals("INS")) {
      length = Math.max(1, Math.min(length, contigLength - pos));
    }
    alts.set(0, "<" + type + ">");
    StringBuilder info = new StringBuilder("SVTYPE=").append(type);
    if (withEnd && !type.equals("INS")) {
      info.append(";END=").append(pos + length);
    }
    return info.append(";SVLEN=").append(type.equals("DEL") ? -length : length).toString();
  }

  /** 0 for a female's chrY (no call, written {@code .}); 1 for haploid calls; else 2. */
  private int ploidy(String contig, int pos, int sample) {
    switch (contig) {
      case "chrM":
        return 1;
      case "chrY":
        return male[sample] ? 1 : 0;
      case "chrX":
        return male[sample] && !Grch38.inXPar(pos) ? 1 : 2;
      default:
        return 2;
    }
  }

  private void missing(Line line, int ploidy, byte sep, double[] cumulative, Counters n) {
    n.missing++;
    if (ploidy == 1) {
      line.put('.');
    } else if (rnd.nextInt(10) == 0) {
      n.partial++;
      line.put('.').put(sep).digit(allele(cumulative));
    } else {
      line.put('.').put(sep).put('.');
    }
  }

  /** Cumulative allele frequencies: [P(REF), P(REF or ALT1), ...]. */
  private double[] frequencies(int alts) {
    double[] f = new double[alts + 1];
    double total = 0;
    for (int a = 1; a <= alts; a++) {
      f[a] = a == 1 ? spectrum.draw(rnd) : spectrum.drawExtra(rnd);
      total += f[a];
    }
    if (total > 0.98) {
      for (int a = 1; a <= alts; a++) {
        f[a] *= 0.98 / total;
      }
      total = 0.98;
    }
    double[] cumulative = new double[alts + 1];
    cumulative[0] = 1 - total;
    for (int a = 1; a <= alts; a++) {
      cumulative[a] = cumulative[a - 1] + f[a];
    }
    return cumulative;
  }

  private int allele(double[] cumulative) {
    double u = rnd.nextDouble();
    for (int a = 0; a < cumulative.length - 1; a++) {
      if (u < cumulative[a]) {
        return a;
      }
    }
    return cumulative.length - 1;
  }

  private static final class Counters {
    long sites;
    long alts;
    long multi;
    long missing;
    long partial;
    long haploid;
    long nonRef;
    long svs;
  }

  /** A growing byte buffer for one VCF line. */
  private static final class Line {
    byte[] bytes;
    int size;

    Line(int capacity) {
      bytes = new byte[capacity];
    }

    void clear() {
      size = 0;
    }

    private void ensure(int more) {
      if (size + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(size + more, bytes.length * 2));
      }
    }

    Line put(char c) {
      ensure(1);
      bytes[size++] = (byte) c;
      return this;
    }

    Line put(byte b) {
      ensure(1);
      bytes[size++] = b;
      return this;
    }

    Line digit(int d) {
      return put(DIGITS[d]);
    }

    Line tab() {
      return put('\t');
    }

    Line ascii(String s) {
      ensure(s.length());
      for (int i = 0; i < s.length(); i++) {
        bytes[size++] = (byte) s.charAt(i);
      }
      return this;
    }

    Line number(long v) {
      return ascii(Long.toString(v));
    }
  }
}
