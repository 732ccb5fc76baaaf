package org.dasgrid.core.ga4gh.beacon;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.Bracket;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantFilter;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.EntryPoint;

/**
 * Runs a {@code /g_variants} query on one dataset through its genotype engine: the variants (one per ALT
 * allele) that at least one sample carries (zygosity {@code any}), where the query says, with the bases, type
 * and length it asks for.
 *
 * <p>Beacon positions are 0-based with {@code end} exclusive; a VCF allele at POS with REF of length L spans
 * Beacon {@code [POS-1, POS-1+L)}. So: a position query {@code start=s} asks for POS = s+1; a range {@code
 * [s, e)} asks for the alleles whose span overlaps it, i.e. the engine's segment {@code s+1..e} (1-based,
 * inclusive). A bracket is the genotype API's ({@link Bracket}, applied by the engine as for {@code
 * /genotypes/...&start=&end=}): {@code start=[s0,s1]} bounds POS to {@code s0+1..s1+1}, and {@code end=[e0,e1]}
 * bounds the record's END (INFO/END, SVLEN for symbolic alleles, else POS-1+L: the last base it covers, which a
 * 0-based exclusive end equals) to {@code e0..e1}. One rule for both APIs, so a {@code <DEL>} at POS 160000 with
 * END=161500 is {@code start=159999,159999&end=161500,161500} here and {@code start=160000&end=161500} there.
 */
final class VariantSearch {
  private VariantSearch() {}

  static DatasetHits run(BeaconDataset ds, VariantRequest q, boolean wantRows) {
    if (q.assemblyId().isPresent() && !Assemblies.matches(q.assemblyId().get(), ds.coordinates())) {
      return new DatasetHits(ds, 0, List.of()); // another assembly: none of its positions are ours
    }
    List<Segment> segments = segments(ds, q);
    if (segments.isEmpty()) {
      return new DatasetHits(ds, 0, List.of());
    }
    GenotypeQueries engine = ds.engine();
    GenotypeQuery query = new GenotypeQuery(segments, Zygosity.ANY, engine.allSamples(), OptionalInt.empty());
    boolean onlyOverlap = q.kind() == VariantRequest.Kind.RANGE || q.kind() == VariantRequest.Kind.ALL;
    if (onlyOverlap && !q.filtersAlleles()) {
      // the engine counts a range without listing it, and lists only as far as the page a record answer shows
      // (a cluster's nodes then send that many rows each, not the whole range)
      long count = engine.count(query).variants();
      if (!wantRows || count <= q.skip()) {
        return new DatasetHits(ds, count, List.of());
      }
      int upTo = (int) Math.min((long) q.skip() + q.limit(), count);
      VariantAnswer answer = engine.variants(new GenotypeQuery(segments, Zygosity.ANY, engine.allSamples(),
          OptionalInt.of(upTo)));
      List<VariantRow> page = new ArrayList<>();
      for (int i = q.skip(); i < Math.min(upTo, answer.size()); i++) {
        page.add(answer.get(i));
      }
      return new DatasetHits(ds, count, page);
    }
    VariantAnswer answer = q.kind() == VariantRequest.Kind.BRACKET ? bracketRows(ds, q, query) : engine.variants(query);
    long count = 0;
    List<VariantRow> page = new ArrayList<>();
    VariantAnswer.Cursor cur = answer.cursor();
    for (int i = 0; cur.next(); i++) {
      byte[] text = cur.text();
      int idEnd = cur.idEnd();
      int refEnd = cur.refEnd(idEnd);
      String ref = new String(text, idEnd + 1, refEnd - idEnd - 1, StandardCharsets.UTF_8);
      String alt = new String(text, refEnd + 1, cur.textEnd() - refEnd - 1, StandardCharsets.UTF_8);
      if (!matches(q, cur.pos(), ref, alt)) {
        continue;
      }
      if (wantRows && count >= q.skip() && page.size() < q.limit()) {
        page.add(answer.get(i));
      }
      count++;
    }
    return new DatasetHits(ds, count, page);
  }

  /** The engine segments (1-based, inclusive) holding every allele the query may match. */
  static List<Segment> segments(BeaconDataset ds, VariantRequest q) {
    if (q.geneId().isPresent()) {
      return GeneQuery.segments(ds, q.geneId().get());
    }
    List<String> contigs;
    if (q.referenceName().isPresent()) {
      Optional<String> contig = contig(ds, q.referenceName().get());
      if (contig.isEmpty()) {
        return List.of(); // a reference this dataset does not have: no variants there
      }
      contigs = List.of(contig.get());
    } else {
      contigs = ds.engine().contigs();
    }
    if (q.kind() == VariantRequest.Kind.BRACKET && q.end().get(1) < 1) {
      return List.of(); // every record ends at base 1 or later
    }
    List<Segment> out = new ArrayList<>();
    for (String c : contigs) {
      switch (q.kind()) {
        case ALL -> out.add(new Segment(c, 1, Integer.MAX_VALUE));
        case POSITION -> out.add(new Segment(c, q.start().get(0) + 1, q.start().get(0) + 1));
        case RANGE -> out.add(new Segment(c, q.start().get(0) + 1, q.end().get(0)));
        // the whole contig: the engine scans only where the bracket lets a row start or end
        case BRACKET -> out.add(new Segment(c, 1, Integer.MAX_VALUE));
        default -> throw new IllegalStateException();
      }
    }
    return out;
  }

  /**
   * The rows of a bracket query: the engine applies the bracket as for the genotype API. An engine that cannot
   * filter (a source sharded over cluster nodes: the node protocol carries no END yet) lists the rows starting
   * within the bracket, and the same {@link Bracket} keeps those whose END, read from the source's site features
   * (made by the same VCF reader: a site feature ends at its record's END, {@code VcfSite}), is within it.
   */
  private static VariantAnswer bracketRows(BeaconDataset ds, VariantRequest q, GenotypeQuery query) {
    VariantFilter filter = bracketFilter(q);
    try {
      return ds.engine().analyse(new AnalyticsQuery(query, filter, false, Optional.empty(), Optional.empty(),
          Optional.empty())).rows();
    } catch (RequestException e) {
      if (e.kind() != ErrorKind.UNSUPPORTED) {
        throw e;
      }
    }
    Bracket b = filter.bracket();
    List<VariantRow> kept = new ArrayList<>();
    for (Segment s : query.segments()) {
      int length = ds.data().entryPoint(s.ref()).map(EntryPoint::length).orElse(0);
      int stop = length > 0 ? Math.min(b.startMax(), length) : b.startMax();
      if (b.startMin() > stop) {
        continue;
      }
      Segment starts = new Segment(s.ref(), b.startMin(), stop);
      SiteEnds ends = SiteEnds.over(ds, starts);
      VariantAnswer rows = ds.engine().variants(new GenotypeQuery(List.of(starts), query.zygosity(),
          query.samples(), OptionalInt.empty()));
      for (int i = 0; i < rows.size(); i++) {
        VariantRow v = rows.get(i);
        Optional<Integer> end = ends.end(v);
        if (end.isPresent() && b.keeps(v.pos(), end.get())) {
          kept.add(v);
        }
      }
    }
    return VariantAnswer.of(kept);
  }

  /** A bracket query as the genotype API's bracket filter (1-based POS, END the last base covered). */
  static VariantFilter bracketFilter(VariantRequest q) {
    Bracket b = new Bracket(q.start().get(0) + 1, q.start().get(1) + 1, Math.max(1, q.end().get(0)),
        Math.max(1, q.end().get(1)));
    return new VariantFilter(Set.of(), Set.of(), Set.of(), OptionalInt.empty(), OptionalInt.empty(),
        VariantFilter.Allelic.ANY, OptionalDouble.empty(), OptionalDouble.empty(), List.of(), List.of(), b);
  }

  /** The engine's name of a Beacon {@code referenceName}: the source's own name or one of its aliases. */
  private static Optional<String> contig(BeaconDataset ds, String name) {
    List<String> contigs = ds.engine().contigs();
    if (contigs.contains(name)) {
      return Optional.of(name);
    }
    return ds.data().entryPoint(name).map(EntryPoint::name).filter(contigs::contains);
  }

  /** Whether an allele (VCF POS, REF, ALT) in the query's segments answers the rest of the query. */
  static boolean matches(VariantRequest q, int pos, String ref, String alt) {
    int start0 = pos - 1;
    switch (q.kind()) {
      case POSITION -> {
        if (start0 != q.start().get(0)) {
          return false;
        }
      }
      default -> {
        // ALL and RANGE: the engine's overlap is the whole test; BRACKET: the engine's bracket filter
      }
    }
    if (q.referenceBases().isPresent() && !AlleleShape.basesMatch(q.referenceBases().get(), ref)) {
      return false;
    }
    if (q.alternateBases().isPresent() && !AlleleShape.basesMatch(q.alternateBases().get(), alt)) {
      return false;
    }
    if (q.variantType().isEmpty() && q.minLength().isEmpty() && q.maxLength().isEmpty()) {
      return true;
    }
    AlleleShape shape = AlleleShape.of(ref, alt);
    return (q.variantType().isEmpty() || shape.isOfType(q.variantType().get()))
        && shape.lengthWithin(q.minLength(), q.maxLength());
  }
}
