package org.dasgrid.datasources.tabix;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A small sorted VCF of awkward sites, generated from a seed: multi-allelic records mixing SNV, MNV,
 * insertion, deletion, symbolic ({@code <DEL>} with {@code INFO/END}) and spanning-deletion ({@code *})
 * alleles, records without ID, QUAL or FILTER, several records at one position, records without ALT allele,
 * on two declared contigs.
 */
public final class GeneratedVcf {
  private static final String BASES = "ACGT";

  private GeneratedVcf() {}

  /** Writes {@code records} records to {@code file}; returns it. */
  public static Path write(Path file, long seed, int records) throws IOException {
    Random rnd = new Random(seed);
    List<String> lines = new ArrayList<>(List.of(
        "##fileformat=VCFv4.2",
        "##contig=<ID=1,length=2000000>",
        "##contig=<ID=X,length=600000>",
        "##FILTER=<ID=q10,Description=\"Quality below 10\">",
        "##FILTER=<ID=s50,Description=\"Less than 50% of samples have data\">",
        "##INFO=<ID=END,Number=1,Type=Integer,Description=\"End position\">",
        "##INFO=<ID=SVTYPE,Number=1,Type=String,Description=\"Type of structural variant\">",
        "##INFO=<ID=DP,Number=1,Type=Integer,Description=\"Depth\">",
        "#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO"));
    String[] contigs = {"1", "X"};
    int[] lengths = {2_000_000, 600_000};
    int perContig = records / contigs.length;
    for (int c = 0; c < contigs.length; c++) {
      int pos = 1 + rnd.nextInt(50);
      for (int r = 0; r < perContig; r++) {
        pos += rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(2 * lengths[c] / perContig - 20);
        if (pos > lengths[c] - 5000) {
          break;
        }
        lines.add(record(rnd, contigs[c], pos, c * perContig + r));
      }
    }
    return Files.write(file, lines);
  }

  private static String record(Random rnd, String contig, int pos, int n) {
    String ref = bases(rnd, 1 + (rnd.nextInt(4) == 0 ? rnd.nextInt(4) : 0));
    Set<String> alts = new LinkedHashSet<>();
    boolean symbolic = false;
    int wanted = rnd.nextInt(25) == 0 ? 0 : 1 + (rnd.nextInt(3) == 0 ? 1 + rnd.nextInt(2) : 0);
    while (alts.size() < wanted) {
      int kind = rnd.nextInt(10);
      String alt;
      if (kind < 4) {
        alt = bases(rnd, ref.length()); // SNV or MNV
      } else if (kind < 6) {
        alt = ref + bases(rnd, 1 + rnd.nextInt(5)); // insertion
      } else if (kind < 8) {
        alt = ref.length() > 1 ? ref.substring(0, 1) : ref + bases(rnd, 2);
      } else if (kind == 8) {
        alt = "<DEL>";
        symbolic = true;
      } else {
        alt = "*";
      }
      if (!alt.equals(ref)) {
        alts.add(alt);
      }
    }
    String id = rnd.nextInt(10) < 7 ? "rs" + (1000 + n) : ".";
    String qual = rnd.nextInt(4) == 0 ? "." : rnd.nextBoolean() ? Integer.toString(rnd.nextInt(200))
        : rnd.nextInt(100) + "." + (1 + rnd.nextInt(9));
    String filter = switch (rnd.nextInt(5)) {
      case 0 -> ".";
      case 1 -> "q10";
      case 2 -> "q10;s50";
      default -> "PASS";
    };
    String info = "DP=" + rnd.nextInt(500);
    if (symbolic) {
      info = "SVTYPE=DEL;END=" + (pos + ref.length() + rnd.nextInt(3000)) + ";" + info;
    }
    return contig + "\t" + pos + "\t" + id + "\t" + ref + "\t" + (alts.isEmpty() ? "." : String.join(",", alts))
        + "\t" + qual + "\t" + filter + "\t" + info;
  }

  private static String bases(Random rnd, int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append(BASES.charAt(rnd.nextInt(4)));
    }
    return sb.toString();
  }
}
