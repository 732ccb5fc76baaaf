package org.dasgrid.core.genotype.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeIndexBuilder;
import org.dasgrid.core.genotype.GenotypeIndexFile;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.segment.Segment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row lookup a scorer uses ({@link CallReader#keyedRows}) finds, for any keys, exactly the rows and keys a
 * scan of every row comparing each row's ID and {@code CHROM:POS:REF:ALT} finds, in the same order, on the
 * heap engine and on one mapped from an index file: IDs sharing a hash ("Aa" and "BB"), "." IDs, non-ASCII
 * IDs, a contig name holding colons, multi-allelic sites, keys repeated, absent, malformed or spelled otherwise.
 */
class RowLookupTest {
  private static final SourceIdentity VCF = new SourceIdentity(1, 1_700_000_000_000L, "a", "b", "c");

  @TempDir Path dir;

  @Test
  void findsWhatAScanFinds() throws Exception {
    Random rnd = new Random(5);
    List<String> names = List.of("s0", "s1", "s2", "s3");
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(names);
    String[] bases = {"A", "C", "G", "T"};
    // 31-hashes: Aa = BB, AaAa = BBBB = AaBB; non-ASCII IDs hashed and compared as UTF-8
    String[] ids = {"Aa", "BB", ".", "rs1", "C:1", "AaAa", "BBBB", "AaBB", "é1", "ü:2"};
    List<String> keys = new ArrayList<>();
    List<String> contigs = List.of("chr1", "HLA-A*01:01:01", "chr2", "empty", "chrX");
    for (String contig : contigs) {
      if (contig.equals("empty")) {
        continue;
      }
      int pos = 1;
      for (int site = 0; site < 400; site++) {
        pos += rnd.nextInt(4); // repeated positions: several sites at one POS
        String ref = bases[rnd.nextInt(4)];
        List<String> alts = new ArrayList<>();
        for (String x : bases) {
          if (!x.equals(ref) && (alts.isEmpty() || rnd.nextDouble() < 0.2)) {
            alts.add(x);
          }
        }
        String id = rnd.nextDouble() < 0.5 ? ids[rnd.nextInt(ids.length)] : "rs" + contig.length() + "_" + site;
        b.startSite(contig, pos, pos + ref.length() - 1, id, ref, alts);
        for (int s = 0; s < names.size(); s++) {
          b.diploid(s, 0, rnd.nextInt(alts.size() + 1));
        }
        b.endSite();
        if (rnd.nextDouble() < 0.3) {
          keys.add(id);
        }
        if (rnd.nextDouble() < 0.3) {
          keys.add(contig + ":" + pos + ":" + ref + ":" + alts.get(rnd.nextInt(alts.size())));
        }
        if (rnd.nextDouble() < 0.05) {
          keys.add(contig + ":0" + pos + ":" + ref + ":" + alts.get(0)); // not how a row is named
        }
        if (rnd.nextDouble() < 0.05) {
          keys.add(contig + ":+" + pos + ":" + ref + ":" + alts.get(0)); // nor this
        }
        if (rnd.nextDouble() < 0.05) {
          keys.add(contig + ":" + pos + ":" + ref + ":" + alts.get(0) + "é"); // a non-ASCII key compared as text
        }
      }
    }
    keys.addAll(List.of("absent", "chr1:", "chr1:x:A:C", ":", "chr9:5:A:C", "HLA-A*01:01:01:99999999999:A:C"));
    keys.addAll(List.of(ids));
    GenotypeQueries heap = b.build();
    Path file = dir.resolve("rows.dgi");
    List<IndexedReference> refs = new ArrayList<>();
    for (String c : contigs) {
      refs.add(new IndexedReference(c, true, 0, 0));
    }
    GenotypeIndexFile.write(heap, refs, VCF, file);
    GenotypeQueries mapped = GenotypeIndexFile.open(file, name -> true, VCF).genotypes();
    for (GenotypeQueries engine : List.of(heap, mapped)) {
      CallReader reader = (CallReader) engine;
      List<String> scanned = scan(engine, reader, keys);
      List<String> found = found(reader, keys);
      assertThat(found.size()).isGreaterThan(100);
      assertThat(found).isEqualTo(scanned);
      // the same keys again (their matches kept), in another list object; then reordered: other matches
      assertThat(found(reader, new ArrayList<>(keys))).as("kept matches").isEqualTo(scanned);
      List<String> reversed = new ArrayList<>(keys);
      java.util.Collections.reverse(reversed);
      assertThat(found(reader, reversed)).isEqualTo(scan(engine, reader, reversed)).isNotEqualTo(scanned);
      assertThat(found(reader, keys.subList(0, keys.size() - 1))).isEqualTo(
          scan(engine, reader, keys.subList(0, keys.size() - 1)));
      // enough keys for the two halves to be looked up at once: the same matches, in the same order
      List<String> many = new ArrayList<>();
      while (many.size() <= RowLookup.PARALLEL_KEYS) {
        many.addAll(keys);
      }
      assertThat(found(reader, many)).as("keys looked up in two halves").isEqualTo(scan(engine, reader, many));
      assertThat(reader.keyedRows().orElseThrow()).as("built once per engine")
          .isSameAs(reader.keyedRows().orElseThrow());
    }
  }

  @Test
  void sortByRowSortsAsArraysSortDoes() {
    Random rnd = new Random(3);
    for (int round = 0; round < 200; round++) {
      int m = rnd.nextInt(3000);
      int rows = 1 + rnd.nextInt(round % 2 == 0 ? 50 : 5_000_000); // few rows (many keys a row) or many
      long[] a = new long[m + rnd.nextInt(5)]; // room past m is left alone
      for (int i = 0; i < a.length; i++) {
        a[i] = (long) rnd.nextInt(rows) << 32 | (rnd.nextBoolean() ? 1L << 31 : 0) | rnd.nextInt(1 << 20);
      }
      long[] expected = a.clone();
      java.util.Arrays.sort(expected, 0, m);
      RowLookup.sortByRow(a, m);
      assertThat(a).isEqualTo(expected);
    }
  }

  @Test
  void whichAlleleIsWhatComparingTheStringsSays() throws Exception {
    List<String> names = List.of("s0", "s1");
    GenotypeIndexBuilder b = new GenotypeIndexBuilder(names);
    String longRef = "ACGT".repeat(100); // longer than the kept part lengths: found by the tab
    List<List<String>> sites = List.of(List.of("A", "C"), List.of("A", "A"), List.of("AC", "A"),
        List.of("A", "é"), List.of("ÄT", "G"), List.of(longRef, "T"), List.of("T", longRef + "A"));
    int pos = 10;
    for (List<String> site : sites) {
      b.startSite("chr1", pos, pos + site.get(0).length() - 1, "rs" + pos, site.get(0), List.of(site.get(1)));
      b.diploid(0, 0, 1);
      b.diploid(1, 1, 1);
      b.endSite();
      pos += 1000;
    }
    GenotypeQueries heap = b.build();
    Path file = dir.resolve("alleles.dgi");
    GenotypeIndexFile.write(heap, List.of(new IndexedReference("chr1", true, 0, 0)), VCF, file);
    GenotypeQueries mapped = GenotypeIndexFile.open(file, name -> true, VCF).genotypes();
    List<String> alleles = List.of("A", "C", "G", "T", "AC", "a", "", "é", "ÄT", "Ä", "é",
        longRef, longRef + "A", longRef.substring(1), "TT");
    for (GenotypeQueries engine : List.of(heap, mapped)) {
      List<Integer> answers = new ArrayList<>();
      List<Integer> expected = new ArrayList<>();
      ((CallReader) engine).forEachRow(List.of(new Segment("chr1", 1, Integer.MAX_VALUE)), row -> {
        for (String allele : alleles) {
          answers.add(row.whichAllele(allele)); // before the row's Strings are made (the bytes compared)
        }
        for (String allele : alleles) {
          expected.add(allele.equals(row.alt()) ? 1 : allele.equals(row.ref()) ? 0 : -1);
        }
        return true;
      });
      assertThat(expected).hasSize(sites.size() * alleles.size()).contains(1, 0, -1);
      assertThat(answers).isEqualTo(expected);
    }
  }

  private static List<String> found(CallReader reader, List<String> keys) {
    List<String> found = new ArrayList<>();
    reader.keyedRows().orElseThrow().forEachMatch(keys, (row, hits) -> {
      List<Integer> list = new ArrayList<>();
      for (int h : hits) {
        list.add(h);
      }
      found.add(name(row) + " " + list);
    });
    return found;
  }

  private static String name(RowCalls row) {
    return row.contig() + ":" + row.pos() + ":" + row.id() + ":" + row.ref() + ":" + row.alt();
  }

  /** Per row matched, in row order, its name and the keys matched: the keys equal to its ID, then those equal to its coordinates. */
  private static List<String> scan(GenotypeQueries engine, CallReader reader, List<String> keys) {
    List<String> out = new ArrayList<>();
    List<Segment> all = engine.contigs().stream().map(c -> new Segment(c, 1, Integer.MAX_VALUE)).toList();
    reader.forEachRow(all, row -> {
      List<Integer> hits = new ArrayList<>();
      for (int j = 0; j < keys.size(); j++) {
        if (keys.get(j).equals(row.id())) {
          hits.add(j);
        }
      }
      String coordinates = row.contig() + ":" + row.pos() + ":" + row.ref() + ":" + row.alt();
      for (int j = 0; j < keys.size(); j++) {
        if (keys.get(j).equals(coordinates)) {
          hits.add(j);
        }
      }
      if (!hits.isEmpty()) {
        out.add(name(row) + " " + hits);
      }
      return true;
    });
    return out;
  }
}
