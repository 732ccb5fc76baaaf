package org.dasgrid.core.api.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RecordReader;
import org.dasgrid.core.genotype.cohort.Phenotype;
import org.dasgrid.core.genotype.cohort.SampleInfo;
import org.dasgrid.core.genotype.cohort.SampleSheet;
import org.dasgrid.core.genotype.cohort.Sex;

/**
 * The PLINK 1 binary files of an export ({@code format=plink}), in one zip: {@code .fam}, {@code .bim}, {@code
 * .bed} as {@code plink1.9 --vcf X --make-bed --keep-allele-order --vcf-half-call m --allow-extra-chr} makes them
 * from the same subset. PLINK 1 holds two alleles a variant: of a multi-allelic record plink 1.9 keeps REF and
 * its most common ALT among the complete diploid and haploid calls (a haploid call counting twice; the first
 * ALT of a tie), and calls carrying another ALT become missing; of a record with 10 or more ALTs every call but
 * REF alone becomes missing. This does the same. A1 is the ALT, A2 the REF;
 * a haploid call is homozygous; partial ({@code ./1}) and polyploid calls are missing. Chromosomes get plink's
 * codes (1-22, X 23, Y 24, XY 25, M/MT 26; others as named). Where the VCF has no ID the variant's is {@code
 * CHROM:POS:REF:ALT} (contract section 12). The {@code .fam} comes from the sample sheet (family, parents,
 * sex, phenotype), each sample its own family with unknown parents, sex and phenotype where the sheet has
 * none. The records are read once, for the {@code .bed}, its variants' {@code .bim} lines kept meanwhile and
 * written after it; an export whose {@code .bim} would pass 16 MB reads the records again for it instead, so
 * that memory does not grow with the export's size. A {@code .bed} row starts as a copy of a row of REF/REF calls and only the calls the record
 * names as possibly other ({@link RecordReader.Record#nextUnusual}: carriers, missing and non-diploid calls) are
 * patched in, so a row's cost follows its carriers rather than the samples chosen.
 */
final class PlinkExport implements CohortExport {
  private final ExportScope scope;
  private final GenotypeQueries engine;
  private final Optional<SampleSheet> sheet;
  private long written; // variants in the .bed so far
  /** The .bed's 2-bit code of a complete diploid call by its copies of A1 (the ALT): A2/A2, A1/A2, A1/A1. */
  private static final int[] BED_CODE = {3, 2, 0};

  PlinkExport(ExportScope scope, GenotypeQueries engine, Optional<SampleSheet> sheet) {
    this.scope = scope;
    this.engine = engine;
    this.sheet = sheet;
  }

  @Override
  public String fileName() {
    return scope.fileBase() + ".plink.zip";
  }

  @Override
  public String contentType() {
    return "application/zip";
  }

  @Override
  public boolean blockCompressed() {
    return false;
  }

  @Override
  public long calls() {
    return scope.callCount();
  }

  @Override
  public long recordsWritten() {
    return written;
  }

  @Override
  public void write(OutputStream out) throws IOException {
    String base = scope.fileBase();
    ZipOutputStream zip = new ZipOutputStream(out);
    zip.setLevel(1); // .bed bytes are dense; most of the time would go to compressing them harder
    LineBytes line = new LineBytes();
    zip.putNextEntry(new ZipEntry(base + ".fam"));
    fam(line, zip);
    zip.closeEntry();
    int[] alleles = new int[64];
    int samples = scope.samples().size();
    zip.putNextEntry(new ZipEntry(base + ".bed"));
    zip.write(new byte[] {0x6c, 0x1b, 0x01}); // magic, SNP-major
    int rowBytes = (samples + 3) / 4;
    byte[] homRef = homRefRow(samples);
    BimLines bim = new BimLines();
    visit(zip, line, rec -> {
      int keep = keptAlt(rec, alleles);
      bim.add(rec, keep);
      boolean refOnly = rec.alts().size() >= 10;
      line.room(rowBytes);
      byte[] b = line.array();
      int at = line.length();
      System.arraycopy(homRef, 0, b, at, rowBytes); // every call REF/REF, then the others patched in
      for (int i = rec.nextUnusual(0); i >= 0; i = rec.nextUnusual(i + 1)) {
        int copies = rec.diploidAltCopies(i); // a one-ALT record: keep is 1
        int code = copies >= 0 ? BED_CODE[copies] : code(rec.call(i, alleles), alleles, keep, refOnly);
        int shift = (i & 3) << 1;
        b[at + (i >>> 2)] = (byte) (b[at + (i >>> 2)] & ~(3 << shift) | code << shift);
      }
      line.length(at + rowBytes);
      written++;
      return line;
    });
    zip.closeEntry();
    zip.putNextEntry(new ZipEntry(base + ".bim"));
    if (bim.text != null) {
      bim.text.writeTo(zip);
    } else { // too long to keep: the records once more
      visit(zip, line, rec -> bimLine(line, rec, keptAlt(rec, alleles)));
    }
    zip.closeEntry();
    zip.finish();
  }

  /** The .bim's line of a record whose ALT {@code keep} is A1. */
  private static LineBytes bimLine(LineBytes line, RecordReader.Record rec, int keep) {
    String chrom = rec.contig();
    line.text(plinkChromosome(chrom)).ch('\t');
    String alt = rec.alts().get(keep - 1);
    if (rec.id().equals(".")) {
      line.text(chrom).ch(':').number(rec.pos()).ch(':').text(rec.ref()).ch(':').text(alt);
    } else {
      line.text(rec.id());
    }
    return line.text("\t0\t").number(rec.pos()).ch('\t').text(alt).ch('\t').text(rec.ref()).ch('\n');
  }

  /**
   * The .bim's lines, made while the .bed is written so that the records are read once; dropped ({@code text}
   * null) once over {@link #KEPT} bytes, and then the records are read again for them.
   */
  private static final class BimLines {
    private static final int KEPT = 16 << 20;
    private LineBytes text = new LineBytes();

    void add(RecordReader.Record rec, int keep) {
      if (text != null) {
        bimLine(text, rec, keep);
        if (text.length() > KEPT) {
          text = null;
        }
      }
    }
  }

  /**
   * A .bed row of {@code samples} REF/REF calls (code 11 each: A2 is the REF); the bits past the last sample stay
   * 0, as plink writes them.
   */
  private static byte[] homRefRow(int samples) {
    byte[] row = new byte[(samples + 3) / 4];
    Arrays.fill(row, (byte) 0xff);
    if ((samples & 3) != 0) {
      row[row.length - 1] = (byte) ((1 << ((samples & 3) << 1)) - 1);
    }
    return row;
  }

  /**
   * PLINK's 2-bit code of a call for ALT {@code keep}: 00 hom A1 (ALT), 10 het, 11 hom A2 (REF), 01 missing. Of
   * a record with 10 or more ALTs plink 1.9 (v1.90b6.26) keeps only the calls of REF alone ({@code 0/0}, {@code
   * 0}) and makes every other missing, its kept ALT's too: {@code refOnly}.
   */
  private static int code(int n, int[] alleles, int keep, boolean refOnly) {
    int a;
    int b;
    if (n == 1) {
      a = alleles[0];
      b = a;
    } else if (n == 2) {
      a = alleles[0];
      b = alleles[1];
    } else {
      return 1;
    }
    if (a < 0 || b < 0 || a != 0 && a != keep || b != 0 && b != keep || refOnly && (a != 0 || b != 0)) {
      return 1;
    }
    return a == 0 && b == 0 ? 3 : a == keep && b == keep ? 0 : 2;
  }

  /**
   * The ALT plink 1.9 keeps: the most common among complete diploid and haploid (twice) calls; ties the first.
   * The {@code 0/0} calls {@link RecordReader.Record#nextUnusual} passes over count no ALT.
   */
  private static int keptAlt(RecordReader.Record rec, int[] alleles) {
    int alts = rec.alts().size();
    if (alts == 1) {
      return 1;
    }
    int[] counts = new int[alts + 1];
    for (int i = rec.nextUnusual(0); i >= 0; i = rec.nextUnusual(i + 1)) {
      int n = rec.call(i, alleles);
      if (n == 2 && alleles[0] >= 0) {
        counts[alleles[0]]++;
        counts[alleles[1]]++;
      } else if (n == 1 && alleles[0] >= 0) {
        counts[alleles[0]] += 2;
      }
    }
    int best = 1;
    for (int a = 2; a <= alts; a++) {
      if (counts[a] > counts[best]) {
        best = a;
      }
    }
    return best;
  }

  /** PLINK 1.9's chromosome code of a contig name (its human defaults, extra contigs kept as named). */
  static String plinkChromosome(String contig) {
    String c = contig.regionMatches(true, 0, "chr", 0, 3) ? contig.substring(3) : contig;
    String u = c.toUpperCase(Locale.ROOT);
    if (u.matches("0*([1-9]|1[0-9]|2[0-2])")) {
      return Integer.toString(Integer.parseInt(u));
    }
    return switch (u) {
      case "X", "23" -> "23";
      case "Y", "24" -> "24";
      case "XY", "25" -> "25";
      case "M", "MT", "26" -> "26";
      default -> contig;
    };
  }

  private void fam(LineBytes line, OutputStream out) throws IOException {
    List<String> names = engine.sampleNames();
    for (int s : scope.samples().members()) {
      String name = names.get(s);
      Optional<SampleInfo> info = sheet.flatMap(sh -> sh.get(name));
      line.text(info.map(SampleInfo::family).orElse(name)).ch('\t').text(name).ch('\t')
          .text(info.flatMap(SampleInfo::father).orElse("0")).ch('\t')
          .text(info.flatMap(SampleInfo::mother).orElse("0")).ch('\t')
          .text(info.map(i -> i.sex() == Sex.MALE ? "1" : i.sex() == Sex.FEMALE ? "2" : "0").orElse("0")).ch('\t')
          .text(info.map(i -> i.phenotype() == Phenotype.AFFECTED ? "2"
              : i.phenotype() == Phenotype.UNAFFECTED ? "1" : "-9").orElse("-9")).ch('\n');
      if (line.length() > 1 << 16) {
        line.writeTo(out);
      }
    }
    line.writeTo(out);
  }

  private interface Lines {
    LineBytes of(RecordReader.Record rec);
  }

  /** Visits the records, writing what {@code lines} makes of each in pieces of 64 KB and the rest at the end. */
  private void visit(OutputStream out, LineBytes line, Lines lines) throws IOException {
    try {
      scope.records().forEachRecord(scope.segments(), scope.samples(), rec -> {
        LineBytes l = lines.of(rec);
        if (l.length() >= 1 << 16) {
          try {
            l.writeTo(out);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
        return true;
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    line.writeTo(out);
  }
}
