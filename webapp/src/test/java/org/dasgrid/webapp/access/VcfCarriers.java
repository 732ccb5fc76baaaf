package org.dasgrid.webapp.access;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** An oracle read straight from a VCF: the samples whose GT carries an ALT allele at a site, in column order. */
final class VcfCarriers {
  private VcfCarriers() {}

  static List<String> of(Path vcf, String chrom, int pos, String alt) throws IOException {
    List<String> names = List.of();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(vcf)),
        StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        if (line.startsWith("#CHROM")) {
          String[] f = line.split("\t");
          names = List.of(f).subList(9, f.length);
        } else if (!line.startsWith("#")) {
          String[] f = line.split("\t");
          if (!f[0].equals(chrom) || Integer.parseInt(f[1]) != pos) {
            continue;
          }
          List<String> alts = List.of(f[4].split(","));
          String index = Integer.toString(alts.indexOf(alt) + 1);
          List<String> out = new ArrayList<>();
          for (int i = 9; i < f.length; i++) {
            String gt = f[i].split(":")[0];
            for (String a : gt.split("[/|]")) {
              if (a.equals(index)) {
                out.add(names.get(i - 9));
                break;
              }
            }
          }
          return out;
        }
      }
    }
    throw new IllegalStateException("no " + chrom + ":" + pos + " in " + vcf);
  }
}
