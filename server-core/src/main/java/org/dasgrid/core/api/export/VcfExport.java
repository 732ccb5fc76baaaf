package org.dasgrid.core.api.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RecordReader;
import org.dasgrid.core.source.DataSource;

/**
 * The VCF of an export ({@code format=vcf}): a header (the contigs with their lengths, the INFO and FORMAT lines
 * the records use, the chosen samples), then per record CHROM, POS, ID, REF, ALT (a multi-allelic record whole
 * again), QUAL and FILTER {@code .}, INFO {@code AC} and {@code AN} over the chosen samples (as {@code bcftools
 * view -s} recomputes them), and each chosen sample's GT as {@link RecordReader} gives it: unphased, alleles
 * in a fixed order. Plain text: the caller BGZF-compresses it.
 */
final class VcfExport implements CohortExport {
  private static final byte[] DIGITS = "0123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  /** {@code \t0/0}, {@code \t0/1}, {@code \t1/1} as little-endian ints, by copies of the ALT: one store a call. */
  private static final int[] DIPLOID = {tabbed("0/0"), tabbed("0/1"), tabbed("1/1")};
  private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private final ExportScope scope;
  private final GenotypeQueries engine;
  private final DataSource source;
  private final String sourceId;
  private long written; // records so far

  VcfExport(ExportScope scope, GenotypeQueries engine, DataSource source, String sourceId) {
    this.scope = scope;
    this.engine = engine;
    this.source = source;
    this.sourceId = sourceId;
  }

  private static int tabbed(String gt) {
    return '\t' | gt.charAt(0) << 8 | gt.charAt(1) << 16 | gt.charAt(2) << 24;
  }

  @Override
  public String fileName() {
    return scope.fileBase() + ".vcf.gz";
  }

  @Override
  public String contentType() {
    return "application/gzip";
  }

  @Override
  public boolean blockCompressed() {
    return true;
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
    LineBytes line = new LineBytes();
    header(line, out);
    int[] members = scope.samples().members();
    int[] alleles = new int[64];
    byte[] homRef = new byte[4 * members.length]; // a row of 0/0 calls: the runs between the others come from it
    for (int i = 0; i < members.length; i++) {
      INT.set(homRef, 4 * i, DIPLOID[0]);
    }
    try {
      scope.records().forEachRecord(scope.segments(), scope.samples(), rec -> {
        record(rec, members.length, homRef, alleles, line);
        written++;
        try {
          line.writeTo(out);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return true;
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private void header(LineBytes line, OutputStream out) throws IOException {
    line.text("##fileformat=VCFv4.2\n");
    line.text("##FILTER=<ID=PASS,Description=\"All filters passed\">\n");
    line.text("##source=DasGrid export of ").text(sourceId).text(" (calls as the genotype index keeps them: "
        + "GT unphased, alleles in ascending order)\n");
    for (String contig : engine.contigs()) {
      line.text("##contig=<ID=").text(contig);
      source.entryPoint(contig).ifPresent(ep -> line.text(",length=").number(ep.length()));
      line.text(">\n");
    }
    line.text("##INFO=<ID=AC,Number=A,Type=Integer,Description=\"Allele count in genotypes\">\n");
    line.text("##INFO=<ID=AN,Number=1,Type=Integer,Description=\"Total number of alleles in called genotypes\">\n");
    line.text("##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype\">\n");
    line.text("#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT");
    List<String> names = engine.sampleNames();
    for (int s : scope.samples().members()) {
      line.ch('\t').text(names.get(s));
      if (line.length() > 1 << 16) {
        line.writeTo(out);
      }
    }
    line.ch('\n');
    line.writeTo(out);
  }

  private static void record(RecordReader.Record rec, int samples, byte[] homRef, int[] alleles, LineBytes line) {
    line.text(rec.contig()).ch('\t').number(rec.pos()).ch('\t').text(rec.id()).ch('\t').text(rec.ref()).ch('\t');
    List<String> alts = rec.alts();
    for (int a = 0; a < alts.size(); a++) {
      if (a > 0) {
        line.ch(',');
      }
      line.text(alts.get(a));
    }
    line.text("\t.\t.\tAC=");
    for (int a = 1; a <= alts.size(); a++) {
      if (a > 1) {
        line.ch(',');
      }
      line.number(rec.ac(a));
    }
    line.text(";AN=").number(rec.an()).text("\tGT");
    // room for the common calls (4 bytes each); any other call makes its own room
    line.room(4 * samples);
    byte[] b = line.array();
    int at = line.length();
    int done = 0; // calls written
    for (int i = rec.nextUnusual(0); i >= 0; i = rec.nextUnusual(i + 1)) {
      System.arraycopy(homRef, 0, b, at, 4 * (i - done)); // the run of 0/0 calls before this one
      at += 4 * (i - done);
      done = i + 1;
      int copies = rec.diploidAltCopies(i);
      if (copies >= 0) {
        INT.set(b, at, DIPLOID[copies]);
        at += 4;
        continue;
      }
      int n = rec.call(i, alleles);
      line.length(at);
      line.room(1 + 4 * n + 4 * (samples - i - 1));
      b = line.array();
      b[at++] = '\t';
      for (int k = 0; k < n; k++) {
        if (k > 0) {
          b[at++] = '/';
        }
        int a = alleles[k];
        if (a < 0) {
          b[at++] = '.';
        } else if (a < 10) {
          b[at++] = DIGITS[a];
        } else if (a < 100) {
          b[at++] = DIGITS[a / 10];
          b[at++] = DIGITS[a % 10];
        } else {
          b[at++] = DIGITS[a / 100];
          b[at++] = DIGITS[a / 10 % 10];
          b[at++] = DIGITS[a % 10];
        }
      }
    }
    System.arraycopy(homRef, 0, b, at, 4 * (samples - done));
    at += 4 * (samples - done);
    line.length(at);
    line.ch('\n');
  }
}
