package org.dasgrid.core.genotype.cohort;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.segment.Segment;

/**
 * Inheritance patterns in one family of the sample sheet, over segments:
 *
 * <ul>
 *   <li>{@code denovo}: a child with both parents in the VCF is non-ref, both parents hom-ref, all three
 *       called;
 *   <li>{@code dominant}: every affected member het, every unaffected member hom-ref, all called;
 *   <li>{@code recessive}: every affected member hom-alt, the parents of each affected member het, no
 *       unaffected member hom-alt;
 *   <li>{@code compound_het}: per affected child with both parents and per gene region, two or more het rows
 *       of the child, at least one inherited from the father only (father carries the ALT, mother hom-ref)
 *       and at least one from the mother only: every such row of the region. Phase is read from the parents'
 *       genotypes (the engine keeps no phase).
 * </ul>
 *
 * Members without calls in the VCF are left out; a row is considered only where the members it needs are
 * called. Multi-allelic sites are judged per ALT allele.
 */
public final class Inheritance {
  public enum Mode {
    DENOVO,
    DOMINANT,
    RECESSIVE,
    COMPOUND_HET;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Mode> named(String name) {
      for (Mode m : values()) {
        if (m.label().equals(name.toLowerCase(Locale.ROOT))) {
          return Optional.of(m);
        }
      }
      return Optional.empty();
    }
  }

  /** A gene region: its label (a gene's name, or the segment's text) and its segment. */
  public record Region(String label, Segment segment) {}

  /**
   * A row that fits the pattern.
   *
   * @param child the child it concerns (de novo, compound het), or empty
   * @param region the gene region (compound het), or empty
   * @param origin {@code father} or {@code mother} (compound het), or empty
   * @param genotypes each family member's call at the row, in sheet order ({@code 0/1}, {@code ./.}, {@code 1})
   */
  public record Hit(String contig, int pos, String id, String ref, String alt, Optional<String> child,
      Optional<String> region, Optional<String> origin, Map<String, String> genotypes) {}

  /** The hits, in row order (compound het: by child and region), and whether {@code limit} cut them. */
  public record Result(String family, Mode mode, List<String> members, List<Hit> hits, boolean truncated) {}

  private Inheritance() {}

  public static Result run(GenotypeQueries engine, CallReader reader, SampleSheet sheet, String family, Mode mode,
      List<Region> regions, int limit) {
    List<SampleInfo> members = sheet.family(family).stream()
        .filter(m -> engine.sampleNumber(m.sample()).isPresent()).toList();
    if (members.isEmpty()) {
      throw new IllegalArgumentException("family '" + family + "' has no members with calls in the sheet");
    }
    Family f = new Family(engine, members);
    List<Hit> hits = new ArrayList<>();
    boolean[] truncated = {false};
    if (mode == Mode.COMPOUND_HET) {
      compoundHet(reader, f, regions, limit, hits, truncated);
    } else {
      List<Segment> segments = regions.stream().map(Region::segment).toList();
      reader.forEachRow(segments, row -> {
        f.read(row);
        switch (mode) {
          case DENOVO -> {
            for (int c : f.trioChildren) {
              if (f.deNovo(c)) {
                hits.add(f.hit(row, Optional.of(f.name(c)), Optional.empty(), Optional.empty()));
              }
            }
          }
          case DOMINANT -> {
            if (f.dominant()) {
              hits.add(f.hit(row, Optional.empty(), Optional.empty(), Optional.empty()));
            }
          }
          case RECESSIVE -> {
            if (f.recessive()) {
              hits.add(f.hit(row, Optional.empty(), Optional.empty(), Optional.empty()));
            }
          }
          default -> throw new IllegalStateException();
        }
        if (hits.size() > limit) {
          truncated[0] = true;
          hits.remove(hits.size() - 1);
          return false;
        }
        return true;
      });
    }
    return new Result(family, mode, members.stream().map(SampleInfo::sample).toList(), hits, truncated[0]);
  }

  private static void compoundHet(CallReader reader, Family f, List<Region> regions, int limit, List<Hit> hits,
      boolean[] truncated) {
    for (int c : f.trioChildren) {
      if (!f.affected[c]) {
        continue;
      }
      for (Region region : regions) {
        List<Hit> fromFather = new ArrayList<>();
        List<Hit> fromMother = new ArrayList<>();
        reader.forEachRow(List.of(region.segment()), row -> {
          f.read(row);
          String origin = f.hetOrigin(c);
          if (origin != null) {
            Hit h = f.hit(row, Optional.of(f.name(c)), Optional.of(region.label()), Optional.of(origin));
            (origin.equals("father") ? fromFather : fromMother).add(h);
          }
          return true;
        });
        if (!fromFather.isEmpty() && !fromMother.isEmpty()) {
          List<Hit> both = new ArrayList<>(fromFather);
          both.addAll(fromMother);
          both.sort(java.util.Comparator.comparingInt(Hit::pos));
          for (Hit h : both) {
            if (hits.size() >= limit) {
              truncated[0] = true;
              return;
            }
            hits.add(h);
          }
        }
      }
    }
  }

  /** The family's members as sample numbers, and their calls at the current row. */
  private static final class Family {
    final List<String> names = new ArrayList<>();
    final int[] number;
    final int[] father;
    final int[] mother;
    final boolean[] affected;
    final boolean[] unaffected;
    final int[] trioChildren;
    final int[] called;
    final int[] copies;

    Family(GenotypeQueries engine, List<SampleInfo> members) {
      int k = members.size();
      number = new int[k];
      father = new int[k];
      mother = new int[k];
      affected = new boolean[k];
      unaffected = new boolean[k];
      called = new int[k];
      copies = new int[k];
      Map<String, Integer> index = new LinkedHashMap<>();
      for (int i = 0; i < k; i++) {
        names.add(members.get(i).sample());
        index.put(members.get(i).sample(), i);
        number[i] = engine.sampleNumber(members.get(i).sample()).getAsInt();
        affected[i] = members.get(i).phenotype() == Phenotype.AFFECTED;
        unaffected[i] = members.get(i).phenotype() == Phenotype.UNAFFECTED;
      }
      List<Integer> kids = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        SampleInfo m = members.get(i);
        father[i] = m.father().map(p -> index.getOrDefault(p, -1)).orElse(-1);
        mother[i] = m.mother().map(p -> index.getOrDefault(p, -1)).orElse(-1);
        if (father[i] >= 0 && mother[i] >= 0) {
          kids.add(i);
        }
      }
      trioChildren = kids.stream().mapToInt(Integer::intValue).toArray();
    }

    String name(int i) {
      return names.get(i);
    }

    void read(RowCalls row) {
      for (int i = 0; i < number.length; i++) {
        called[i] = row.called(number[i]);
        copies[i] = row.altCopies(number[i]);
      }
    }

    boolean homRef(int i) {
      return called[i] > 0 && copies[i] == 0;
    }

    boolean het(int i) {
      return called[i] == 2 && copies[i] == 1;
    }

    boolean homAlt(int i) {
      return called[i] > 0 && copies[i] == called[i];
    }

    boolean deNovo(int c) {
      return called[c] > 0 && copies[c] > 0 && homRef(father[c]) && homRef(mother[c]);
    }

    boolean dominant() {
      boolean any = false;
      for (int i = 0; i < number.length; i++) {
        if (affected[i]) {
          if (!het(i)) {
            return false;
          }
          any = true;
        } else if (unaffected[i] && !homRef(i)) {
          return false;
        }
      }
      return any;
    }

    boolean recessive() {
      boolean any = false;
      for (int i = 0; i < number.length; i++) {
        if (affected[i]) {
          if (!homAlt(i)) {
            return false;
          }
          if (father[i] >= 0 && !het(father[i]) || mother[i] >= 0 && !het(mother[i])) {
            return false;
          }
          any = true;
        } else if (unaffected[i] && (called[i] == 0 || homAlt(i))) {
          return false;
        }
      }
      return any;
    }

    /** For a het child: "father" or "mother" when exactly that parent carries the ALT; else null. */
    String hetOrigin(int c) {
      if (!het(c)) {
        return null;
      }
      int fa = father[c];
      int mo = mother[c];
      boolean faCarries = called[fa] > 0 && copies[fa] > 0 && !homAlt(fa);
      boolean moCarries = called[mo] > 0 && copies[mo] > 0 && !homAlt(mo);
      if (faCarries && homRef(mo)) {
        return "father";
      }
      if (moCarries && homRef(fa)) {
        return "mother";
      }
      return null;
    }

    Hit hit(RowCalls row, Optional<String> child, Optional<String> region, Optional<String> origin) {
      Map<String, String> gts = new LinkedHashMap<>();
      for (int i = 0; i < number.length; i++) {
        gts.put(names.get(i), genotype(called[i], copies[i]));
      }
      return new Hit(row.contig(), row.pos(), row.id(), row.ref(), row.alt(), child, region, origin, gts);
    }
  }

  /** A call as text: {@code ./.} (no call), {@code 0/1}, {@code 1/1}, {@code 0} / {@code 1} (haploid). */
  static String genotype(int called, int copies) {
    if (called == 0) {
      return "./.";
    }
    StringBuilder sb = new StringBuilder(2 * called);
    for (int a = 0; a < called; a++) {
      if (a > 0) {
        sb.append('/');
      }
      sb.append(a >= called - copies ? '1' : '0');
    }
    return sb.toString();
  }
}
