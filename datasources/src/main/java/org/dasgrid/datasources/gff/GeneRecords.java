package org.dasgrid.datasources.gff;

import htsjdk.tribble.TribbleException;
import htsjdk.tribble.gff.Gff3Codec;
import htsjdk.tribble.gff.Gff3Feature;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dasgrid.core.gene.Gene;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.TextInput;

/**
 * Reads the genes of a GFF3 or GTF file for a genotype source's {@code genes:} ({@link
 * org.dasgrid.core.gene.GeneFileReader}), with the same line readers and checks as the providers, so a bad line
 * is reported the same way ({@code genes.gff3:12: end 10 < start 200}).
 *
 * <p>GFF3 (htsjdk's codec): features of type {@code gene}, {@code pseudogene} or {@code *_gene} (Ensembl's
 * {@code ncRNA_gene}); the name is {@code Name} (else {@code gene_name}, NCBI's {@code gene}, the ID), the ID is
 * {@code ID} (else {@code gene_id}), and {@code Alias}, {@code gene_synonym}, {@code gene}, {@code gene_name},
 * {@code gene_id}, {@code locus_tag} and {@code Dbxref} values are aliases. GTF: a gene is its {@code gene} line
 * when the file has one (GENCODE, Ensembl), else the extent of the lines sharing its {@code gene_id} on a contig
 * (older GTFs have only transcripts and exons); the name is {@code gene_name}, the ID {@code gene_id}.
 */
final class GeneRecords {
  private static final List<String> GFF3_ALIASES = List.of("Alias", "gene_synonym", "gene", "gene_name", "gene_id",
      "locus_tag", "Dbxref");

  private GeneRecords() {}

  static List<Gene> gff3(Path file) throws SourceLoadException {
    List<Gene> out = new ArrayList<>();
    try (TextInput input = TextInput.open(file)) {
      GffLines lines = new GffLines(input.reader());
      Gff3Codec codec = new Gff3Codec(Gff3Codec.DecodeDepth.SHALLOW);
      try {
        codec.readHeader(lines);
        while (!codec.isDone(lines)) {
          Gff3Feature f = codec.decode(lines);
          if (f != null && isGene(f.getType())) {
            gene(f, lines.lastLine(), lines.lastLineNumber()).ifPresent(out::add);
          }
        }
      } catch (TribbleException e) {
        input.checkComplete(lines.lastLineNumber());
        throw SourceLoadException.badRecord(file, lines.lastLineNumber(),
            Gff3Provider.htsjdkReason(e, lines.lastLine()));
      } catch (GffColumns.BadColumn | IllegalArgumentException e) {
        input.checkComplete(lines.lastLineNumber());
        throw SourceLoadException.badRecord(file, lines.lastLineNumber(), e.getMessage());
      } catch (UncheckedIOException e) {
        throw SourceLoadException.badRecord(file, lines.lastLineNumber() + 1, TextInput.describe(e.getCause()));
      }
      input.checkComplete(lines.lastLineNumber());
    } catch (IOException e) {
      throw SourceLoadException.badFile(file, "read failed: " + e.getMessage());
    }
    return out;
  }

  static boolean isGene(String type) {
    return type.equals("gene") || type.equals("pseudogene") || type.endsWith("_gene");
  }

  private static java.util.Optional<Gene> gene(Gff3Feature f, String rawLine, long line) {
    String[] cols = GffColumns.split(rawLine, 9);
    int start = GffColumns.coordinate(cols[3], "start");
    int end = GffColumns.coordinate(cols[4], "end");
    String id = first(f.getID(), f.getAttribute("gene_id"));
    String name = first(f.getName(), f.getAttribute("gene_name"), f.getAttribute("gene"));
    if (id == null && name == null) {
      return java.util.Optional.empty(); // nothing a request could name it by
    }
    Set<String> aliases = new LinkedHashSet<>();
    for (String key : GFF3_ALIASES) {
      for (String v : f.getAttribute(key)) {
        if (!v.isBlank()) {
          aliases.add(v.strip());
        }
      }
    }
    return java.util.Optional.of(new Gene(id == null ? name : id, name, List.copyOf(aliases), f.getContig(), start,
        end, line));
  }

  private static String first(String value, List<String> fallback) {
    return value != null && !value.isBlank() ? value : fallback.isEmpty() ? null : fallback.get(0);
  }

  private static String first(String value, List<String> fallback, List<String> last) {
    String v = first(value, fallback);
    return v != null ? v : last.isEmpty() ? null : last.get(0);
  }

  static List<Gene> gtf(Path file) throws SourceLoadException {
    List<Gene> declared = new ArrayList<>();
    Set<String> declaredKeys = new HashSet<>();
    Map<String, Extent> extents = new LinkedHashMap<>();
    long lineNo = 0;
    try (TextInput input = TextInput.open(file)) {
      BufferedReader r = input.reader();
      String line;
      while ((line = r.readLine()) != null) {
        lineNo++;
        if (line.isBlank() || line.charAt(0) == '#') {
          continue;
        }
        try {
          String[] cols = GffColumns.split(line, 9);
          if (cols.length < 9) {
            throw new GffColumns.BadColumn("expected 9 tab-separated columns, found " + cols.length);
          }
          int start = GffColumns.coordinate(cols[3], "start");
          int end = GffColumns.coordinate(cols[4], "end");
          GffColumns.checkRange(start, end);
          Map<String, List<String>> attrs = Gff2Attributes.parse(cols[8]).values();
          List<String> ids = attrs.getOrDefault("gene_id", List.of());
          if (ids.isEmpty() || ids.get(0).isBlank()) {
            throw new GffColumns.BadColumn("no gene_id (GTF requires one on every line)");
          }
          String id = ids.get(0);
          String name = attrs.getOrDefault("gene_name", List.of()).stream().findFirst().orElse(null);
          String key = id + "\t" + cols[0]; // GENCODE v19's PAR genes share their ID on chrX and chrY
          if (cols[2].equals("gene")) {
            declared.add(new Gene(id, name, List.of(), cols[0], start, end, lineNo));
            declaredKeys.add(key);
          } else {
            final long at = lineNo;
            extents.computeIfAbsent(key, k -> new Extent(id, name, cols[0], at)).add(start, end);
          }
        } catch (GffColumns.BadColumn | IllegalArgumentException e) {
          input.checkComplete(lineNo);
          throw SourceLoadException.badRecord(file, lineNo, e.getMessage());
        }
      }
      input.checkComplete(lineNo);
    } catch (IOException e) {
      throw SourceLoadException.badRecord(file, lineNo + 1, TextInput.describe(e));
    }
    List<Gene> out = new ArrayList<>(declared);
    extents.forEach((key, x) -> {
      if (!declaredKeys.contains(key)) {
        out.add(new Gene(x.id, x.name, List.of(), x.contig, x.start, x.end, x.line));
      }
    });
    return out;
  }

  /** The span of a GTF gene without a gene line: from its lines' smallest start to their largest end. */
  private static final class Extent {
    final String id;
    final String name;
    final String contig;
    final long line;
    int start = Integer.MAX_VALUE;
    int end;

    Extent(String id, String name, String contig, long line) {
      this.id = id;
      this.name = name;
      this.contig = contig;
      this.line = line;
    }

    void add(int s, int e) {
      start = Math.min(start, s);
      end = Math.max(end, e);
    }
  }
}
