package org.dasgrid.datasources.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.dasgrid.core.source.EntryPoint;

/**
 * A VCF source's own file, bgzipped and sorted for tabix, as text: records keep every column the browsers show
 * (ID, QUAL, FILTER, INFO), and multi-allelic records stay whole, as in the file. With genotypes the sample
 * columns stay too; without, each record and the {@code #CHROM} line are cut after INFO (sites only). A header
 * with no {@code ##contig} lines gets them from the source's references (with lengths), since bcftools warns
 * about each undeclared contig and some readers refuse them.
 */
final class VcfExport {
  private VcfExport() {}

  static void write(Path vcf, List<EntryPoint> refs, boolean genotypes, Path gz, Path tbi) throws IOException {
    List<String> order = refs.stream().map(EntryPoint::name).toList();
    UnaryOperator<List<String>> header = lines -> header(lines, refs, genotypes);
    UnaryOperator<String> record = genotypes ? l -> l : VcfExport::sitesOnly;
    SortedRecords.copy(vcf, SortedRecords.Format.HASH_HEADER, order, header, record, gz);
    TabixIndexer.index(gz, TabixIndexer.Columns.VCF, tbi);
  }

  static List<String> header(List<String> lines, List<EntryPoint> refs, boolean genotypes) {
    List<String> out = new ArrayList<>();
    boolean contigs = lines.stream().anyMatch(l -> l.startsWith("##contig="));
    for (String l : lines) {
      if (l.startsWith("#CHROM")) {
        if (!contigs) {
          for (EntryPoint ep : refs) {
            out.add("##contig=<ID=" + ep.name() + ",length=" + ep.length() + ">");
          }
        }
        out.add(genotypes ? l : sitesOnly(l));
      } else {
        out.add(l);
      }
    }
    return out;
  }

  /** The first eight columns: CHROM to INFO. */
  static String sitesOnly(String line) {
    int tab = -1;
    for (int i = 0; i < 8; i++) {
      tab = line.indexOf('\t', tab + 1);
      if (tab < 0) {
        return line;
      }
    }
    return line.substring(0, tab);
  }
}
