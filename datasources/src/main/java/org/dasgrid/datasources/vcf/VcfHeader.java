package org.dasgrid.datasources.vcf;

import htsjdk.tribble.TribbleException;
import htsjdk.tribble.readers.LineIteratorImpl;
import htsjdk.tribble.readers.SynchronousLineReader;
import htsjdk.variant.vcf.VCFCodec;
import htsjdk.variant.vcf.VCFContigHeaderLine;
import htsjdk.variant.vcf.VCFInfoHeaderLine;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.source.SourceLoadException;

/**
 * What DasGrid needs from a VCF header: the samples (column order), the declared contigs (order and
 * lengths) and INFO fields (for the genotype engine's INFO filters). The header is read and checked by htsjdk; the records after it are parsed by {@link VcfLine}.
 */
record VcfHeader(List<String> samples, List<Contig> contigs, List<InfoField> info) {

  /** A {@code ##contig} line: name and, when given, length. */
  record Contig(String name, OptionalInt length) {}

  VcfHeader {
    samples = List.copyOf(samples);
    contigs = List.copyOf(contigs);
    info = List.copyOf(info);
  }

  VcfHeader(List<String> samples, List<Contig> contigs) {
    this(samples, contigs, List.of());
  }

  /** The header of a VCF file (plain, gzip or bgzip), its records not read. */
  static VcfHeader of(Path file) throws SourceLoadException {
    try (org.dasgrid.datasources.io.TextInput input = org.dasgrid.datasources.io.TextInput.open(file)) {
      return read(new ByteLines(input.stream()), file);
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "read failed: " + e.getMessage());
    }
  }

  /**
   * The headers of the VCFs of one source (contract section 10), checked to have the same samples in the same
   * order: a difference is refused naming both files.
   */
  static List<VcfHeader> ofAll(List<Path> files) throws SourceLoadException {
    List<VcfHeader> out = new ArrayList<>();
    for (Path f : files) {
      VcfHeader h = of(f);
      if (!out.isEmpty()) {
        sameSamples(files.get(0), out.get(0), f, h);
      }
      out.add(h);
    }
    return out;
  }

  /** Refuses {@code other} when its samples are not {@code first}'s, in the same order, naming both files. */
  static void sameSamples(Path firstFile, VcfHeader first, Path otherFile, VcfHeader other)
      throws SourceLoadException {
    List<String> a = first.samples();
    List<String> b = other.samples();
    if (a.equals(b)) {
      return;
    }
    String why = a.size() != b.size() ? b.size() + " samples against " + a.size() : "";
    for (int i = 0; why.isEmpty() && i < a.size(); i++) {
      if (!a.get(i).equals(b.get(i))) {
        why = "sample " + (i + 1) + " is " + b.get(i) + " against " + a.get(i);
      }
    }
    throw SourceLoadException.badFile(otherFile, "its samples differ from those of " + firstFile.getFileName()
        + " (" + why + "): the VCFs of one source need the same samples in the same order");
  }

  /** Reads header lines up to and including {@code #CHROM}, leaving {@code lines} on that line. */
  static VcfHeader read(ByteLines lines, Path file) throws IOException, SourceLoadException {
    StringBuilder text = new StringBuilder(8192);
    boolean sawColumns = false;
    while (lines.next()) {
      if (!lines.startsWith('#')) {
        break;
      }
      String line = lines.text();
      text.append(line).append('\n');
      if (line.startsWith("#CHROM")) {
        sawColumns = true;
        break;
      }
    }
    if (!sawColumns) {
      throw SourceLoadException.badFile(file, "not a VCF: no #CHROM header line");
    }
    htsjdk.variant.vcf.VCFHeader h;
    try {
      VCFCodec codec = new VCFCodec();
      h = (htsjdk.variant.vcf.VCFHeader) codec.readActualHeader(
          new LineIteratorImpl(new SynchronousLineReader(new StringReader(text.toString()))));
    } catch (TribbleException | IllegalArgumentException e) {
      throw SourceLoadException.badFile(file, "bad VCF header: " + firstLine(e.getMessage()));
    } catch (RuntimeException e) {
      // htsjdk's header parser fails on some malformed meta lines with a bare NPE or index error (found by
      // fuzzing): still the file's fault, said in one line
      throw SourceLoadException.badFile(file, "bad VCF header: a malformed ## meta line");
    }
    List<String> samples = h.getGenotypeSamples();
    Set<String> seen = new HashSet<>();
    for (String s : samples) {
      if (!seen.add(s)) {
        throw SourceLoadException.badFile(file, "sample '" + s + "' appears twice in the #CHROM line");
      }
    }
    List<Contig> contigs = new ArrayList<>();
    for (VCFContigHeaderLine c : h.getContigLines()) {
      String length = c.getGenericFields().get("length");
      OptionalInt len = OptionalInt.empty();
      if (length != null) {
        try {
          len = OptionalInt.of(Integer.parseInt(length.trim()));
        } catch (NumberFormatException e) {
          throw SourceLoadException.badFile(file, "##contig " + c.getID() + ": bad length '" + length + "'");
        }
      }
      contigs.add(new Contig(c.getID(), len));
    }
    List<InfoField> info = new ArrayList<>();
    for (VCFInfoHeaderLine line : h.getInfoHeaderLines()) {
      String number = switch (line.getCountType()) {
        case A -> "A";
        case R -> "R";
        case G -> "G";
        case UNBOUNDED -> ".";
        case INTEGER -> Integer.toString(line.getCount());
      };
      InfoField.Type type = switch (line.getType()) {
        case Integer -> InfoField.Type.INTEGER;
        case Float -> InfoField.Type.FLOAT;
        case Flag -> InfoField.Type.FLAG;
        case Character -> InfoField.Type.CHARACTER;
        case String -> InfoField.Type.STRING;
      };
      info.add(new InfoField(line.getID(), type, number, line.getDescription()));
    }
    return new VcfHeader(samples, contigs, info);
  }

  private static String firstLine(String m) {
    if (m == null) {
      return "unreadable";
    }
    int nl = m.indexOf('\n');
    String s = nl < 0 ? m : m.substring(0, nl);
    return s.length() <= 160 ? s : s.substring(0, 157) + "...";
  }
}
