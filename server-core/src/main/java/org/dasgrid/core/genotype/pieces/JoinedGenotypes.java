package org.dasgrid.core.genotype.pieces;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.KeyedRows;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleCallBits;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;

/**
 * A cohort's genotypes joined from {@link Piece}s: the same samples in the same order, each contig held by one
 * piece. Answers are in the joined contig order (the pieces' contig lists united in piece order), so every
 * answer is the pieces' answers for their contigs put one after another — but for the samples a query
 * matched, whose counts add up over the pieces, and top-N, merged by p-value ({@link JoinedAnalytics}).
 *
 * <p>Why not the cluster's merging (ClusterGenotypes, which answers a sharded source from its nodes): it carries
 * plain queries and paging only, and no call reading. Here every piece is in the process, so each question goes
 * to the engines themselves, analytics and call reading included; a query whose segments all lie in one piece
 * (a gene, a region: nearly all) is that piece's own answer, with no copy or merge.
 */
public final class JoinedGenotypes implements GenotypeQueries, CallReader {
  private final List<Piece> pieces;
  /** The pieces in answer order (by their first contig in the joined order), not the order they were listed in. */
  private final List<Piece> inAnswerOrder;
  private final GenotypeQueries first;
  private final List<String> contigs;
  private final Map<String, Integer> contigIndex;
  /** By contig, the pieces' spans of it, in position order (one for a whole contig). */
  private final Map<String, List<Slot>> holder;
  /** Per piece: whether its own contig order agrees with the joined one (it may then answer several at once). */
  private final Map<Piece, Boolean> inOrder;
  private final GenotypeStats stats;
  private final JoinedAnalytics analytics;

  private JoinedGenotypes(List<Piece> pieces) {
    this.pieces = List.copyOf(pieces);
    this.first = pieces.get(0).engine();
    Set<String> order = new LinkedHashSet<>();
    Map<String, List<Slot>> held = new HashMap<>();
    for (Piece p : pieces) {
      order.addAll(p.engine().contigs());
      for (Piece.Span span : p.spans()) {
        order.add(span.contig());
        List<Slot> slots = held.computeIfAbsent(span.contig(), k -> new ArrayList<>());
        for (Slot other : slots) {
          if (span.from() <= other.span().to() && other.span().from() <= span.to()) {
            throw new IllegalArgumentException("contig " + span.contig() + " is in both " + other.piece().name()
                + " and " + p.name() + ": each contig must be in one file");
          }
        }
        slots.add(new Slot(p, span));
      }
      if (!p.engine().sampleNames().equals(first.sampleNames())) {
        throw new IllegalArgumentException(p.name() + " has other samples than " + pieces.get(0).name() + " ("
            + firstDifference(first.sampleNames(), p.engine().sampleNames()) + "): the pieces of a source need the"
            + " same samples in the same order");
      }
    }
    held.values().forEach(l -> l.sort(java.util.Comparator.comparingInt(sl -> sl.span().from())));
    this.contigs = List.copyOf(order);
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < contigs.size(); i++) {
      index.put(contigs.get(i), i);
    }
    this.contigIndex = index;
    this.holder = held;
    Map<Piece, Boolean> agree = new HashMap<>();
    for (Piece p : pieces) {
      int last = -1;
      boolean ok = true;
      for (String c : p.engine().contigs()) {
        if (p.holds(c)) {
          ok &= index.get(c) > last;
          last = index.get(c);
        }
      }
      agree.put(p, ok);
    }
    this.inOrder = agree;
    List<Piece> sorted = new ArrayList<>(pieces);
    sorted.sort(java.util.Comparator.<Piece>comparingInt(p -> p.spans().stream()
            .mapToInt(sp -> index.get(sp.contig())).min().orElse(Integer.MAX_VALUE))
        .thenComparingInt(p -> p.spans().stream().mapToInt(Piece.Span::from).min().orElse(0)));
    this.inAnswerOrder = List.copyOf(sorted);
    this.stats = sum(pieces);
    this.analytics = new JoinedAnalytics(this);
  }

  /** A piece's span of a contig. */
  private record Slot(Piece piece, Piece.Span span) {
    /** Whether a row of this span may overlap the segment: its first position is not after the segment's end,
     * and the last base its rows cover is not before the segment's start. */
    boolean mayOverlap(Segment s) {
      return span.from() <= s.stop() && span.extent() >= s.start();
    }
  }

  /**
   * Joins the pieces (at least one). Throws {@link IllegalArgumentException} naming both pieces when two hold
   * the same contig, or when a piece's samples differ from the first's.
   */
  public static GenotypeQueries of(List<Piece> pieces) {
    if (pieces.isEmpty()) {
      throw new IllegalArgumentException("no pieces");
    }
    JoinedGenotypes joined = new JoinedGenotypes(pieces);
    return pieces.size() == 1 && pieces.get(0).check() == null ? pieces.get(0).engine() : joined;
  }

  static String firstDifference(List<String> a, List<String> b) {
    if (a.size() != b.size()) {
      return b.size() + " samples, not " + a.size();
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).equals(b.get(i))) {
        return "sample " + (i + 1) + " is " + b.get(i) + ", not " + a.get(i);
      }
    }
    return "none";
  }

  private static GenotypeStats sum(List<Piece> pieces) {
    GenotypeStats total = pieces.get(0).engine().stats();
    for (int i = 1; i < pieces.size(); i++) {
      total = total.plus(pieces.get(i).engine().stats());
    }
    return total;
  }

  /** Some segments of a query, for one piece. */
  record Call(Piece piece, List<Segment> segments) {}

  /**
   * The pieces a query's segments go to, in answer order: one call when one piece holds them all (and agrees
   * with the joined contig order), else one per contig in the joined order and, for a contig cut into runs of
   * positions, one per run that may hold rows overlapping them (runs hold distinct positions, so their rows
   * follow each other in answer order). Contigs no piece holds are left out
   * (an engine answers nothing there either); when no piece holds any, the first piece answers (nothing).
   */
  List<Call> route(List<Segment> segments) {
    List<Call> calls = routeUnchecked(segments);
    for (Call c : calls) {
      c.piece().ready();
    }
    return calls;
  }

  private List<Call> routeUnchecked(List<Segment> segments) {
    // by contig, then by span: the segments each span may hold rows of
    Map<String, Map<Slot, List<Segment>>> byContig = new LinkedHashMap<>();
    Set<Piece> touched = new LinkedHashSet<>();
    for (Segment s : segments) {
      for (Slot slot : holder.getOrDefault(s.ref(), List.of())) {
        if (slot.mayOverlap(s)) {
          byContig.computeIfAbsent(s.ref(), k -> new LinkedHashMap<>())
              .computeIfAbsent(slot, k -> new ArrayList<>()).add(s);
          touched.add(slot.piece());
        }
      }
    }
    if (touched.isEmpty()) {
      return List.of(new Call(pieces.get(0), segments)); // nothing held there: the first piece answers empty
    }
    if (touched.size() == 1 && inOrder.get(touched.iterator().next())) {
      Piece p = touched.iterator().next();
      List<Segment> mine = new ArrayList<>();
      for (Segment s : segments) {
        if (byContig.containsKey(s.ref()) && byContig.get(s.ref()).values().stream().anyMatch(l -> l.contains(s))) {
          mine.add(s);
        }
      }
      return List.of(new Call(p, mine));
    }
    List<String> order = new ArrayList<>(byContig.keySet());
    order.sort((a, b) -> Integer.compare(contigIndex.get(a), contigIndex.get(b)));
    List<Call> calls = new ArrayList<>();
    for (String c : order) {
      Map<Slot, List<Segment>> slots = byContig.get(c);
      for (Slot slot : holder.get(c)) { // in position order
        if (slots.containsKey(slot)) {
          calls.add(new Call(slot.piece(), slots.get(slot)));
        }
      }
    }
    return calls;
  }

  /** The place of a contig in the joined order; -1 for one the cohort does not know. */
  int contigIndex(String contig) {
    Integer i = contigIndex.get(contig);
    return i == null ? -1 : i;
  }

  List<Piece> pieces() {
    return pieces;
  }

  @Override
  public List<String> sampleNames() {
    return first.sampleNames();
  }

  @Override
  public OptionalInt sampleNumber(String name) {
    return first.sampleNumber(name);
  }

  @Override
  public SampleSelection allSamples() {
    return first.allSamples();
  }

  @Override
  public SampleSelection select(int... sampleNumbers) {
    return first.select(sampleNumbers);
  }

  @Override
  public List<String> contigs() {
    return contigs;
  }

  static GenotypeQuery on(GenotypeQuery q, List<Segment> segments, OptionalInt limit) {
    return new GenotypeQuery(segments, q.zygosity(), q.samples(), limit);
  }

  @Override
  public VariantAnswer variants(GenotypeQuery query) {
    List<Call> calls = route(query.segments());
    if (calls.size() == 1 || query.limitOrMax() == 0) {
      return calls.get(0).piece().engine().variants(on(query, calls.get(0).segments(), query.limit()));
    }
    List<VariantAnswer> parts = new ArrayList<>();
    long left = query.limitOrMax();
    for (Call c : calls) {
      if (left <= 0) {
        break;
      }
      OptionalInt limit = query.limit().isPresent() ? OptionalInt.of((int) left) : OptionalInt.empty();
      VariantAnswer a = c.piece().engine().variants(on(query, c.segments(), limit));
      parts.add(a);
      left -= a.size();
    }
    return JoinedRows.concat(parts);
  }

  /**
   * Each piece counts every chosen sample with calls on its contigs (zygosity any, no limit), the counts are
   * added, and which samples carry the zygosity asked for follows from the sums (a sample het in one piece may
   * be hom-only in another); then the limit.
   */
  @Override
  public SampleAnswer carriers(GenotypeQuery query) {
    List<Call> calls = route(query.segments());
    if (calls.size() == 1 || query.limitOrMax() == 0) {
      return calls.get(0).piece().engine().carriers(on(query, calls.get(0).segments(), query.limit()));
    }
    int cohort = sampleNames().size();
    int[] het = new int[cohort];
    int[] hom = new int[cohort];
    SampleAnswer names = null;
    for (Call c : calls) {
      SampleAnswer a = c.piece().engine().carriers(new GenotypeQuery(c.segments(), Zygosity.ANY, query.samples(),
          OptionalInt.empty()));
      names = a;
      for (int i = 0; i < a.size(); i++) {
        het[a.sampleNumber(i)] += a.het(i);
        hom[a.sampleNumber(i)] += a.hom(i);
      }
    }
    Zygosity z = query.zygosity();
    int limit = query.limitOrMax();
    int[] chosen = new int[Math.min(limit, cohort)];
    int n = 0;
    for (int s : query.samples().members()) {
      if (n >= limit) {
        break;
      }
      if (z.includesHet() && het[s] > 0 || z.includesHom() && hom[s] > 0) {
        chosen[n++] = s;
      }
    }
    int[] hetOut = new int[n];
    int[] homOut = new int[n];
    for (int i = 0; i < n; i++) {
      hetOut[i] = het[chosen[i]];
      homOut[i] = hom[chosen[i]];
    }
    return SampleAnswer.of(names.names(), n, chosen, hetOut, homOut);
  }

  @Override
  public CountAnswer count(GenotypeQuery query) {
    List<Call> calls = route(query.segments());
    if (calls.size() == 1) {
      return calls.get(0).piece().engine().count(on(query, calls.get(0).segments(), query.limit()));
    }
    long variants = 0;
    long het = 0;
    long hom = 0;
    BitSet carriers = new BitSet(sampleNames().size());
    for (Call c : calls) {
      GenotypeQuery q = on(query, c.segments(), OptionalInt.empty());
      CountAnswer a = c.piece().engine().count(q);
      variants += a.variants();
      het += a.het();
      hom += a.hom();
      for (int s : c.piece().engine().carrierNumbers(q)) {
        carriers.set(s);
      }
    }
    return new CountAnswer(variants, het, hom, carriers.cardinality());
  }

  @Override
  public GenotypeStats stats() {
    return stats;
  }

  @Override
  public Optional<AlleleCarriers> alleleCarriers(String chrom, int pos, String ref, String alt) {
    for (Slot slot : holder.getOrDefault(chrom, List.of())) {
      if (slot.span().from() <= pos && pos <= slot.span().to()) {
        slot.piece().ready();
        return slot.piece().engine().alleleCarriers(chrom, pos, ref, alt);
      }
    }
    return Optional.empty();
  }

  @Override
  public Map<String, InfoField> infoFields() {
    Map<String, InfoField> out = new LinkedHashMap<>();
    for (Piece p : pieces) {
      p.engine().infoFields().forEach(out::putIfAbsent);
    }
    return out;
  }

  @Override
  public Optional<String> annotationSource() {
    for (Piece p : pieces) {
      Optional<String> a = p.engine().annotationSource();
      if (a.isPresent()) {
        return a;
      }
    }
    return Optional.empty();
  }

  @Override
  public AnalyticsAnswer analyse(AnalyticsQuery query) {
    return analytics.analyse(query);
  }

  @Override
  public CountAnswer count(AnalyticsQuery query) {
    return analytics.count(query);
  }

  private static CallReader reader(Piece p) {
    if (p.engine() instanceof CallReader r) {
      return r;
    }
    throw RequestException.unsupported("piece %s cannot read calls", p.name());
  }

  @Override
  public void forEachRow(List<Segment> segments, Visitor visitor) {
    boolean[] stopped = {false};
    for (Call c : route(segments)) {
      reader(c.piece()).forEachRow(c.segments(), row -> {
        boolean more = visitor.visit(row);
        stopped[0] = !more;
        return more;
      });
      if (stopped[0]) {
        return;
      }
    }
  }

  /**
   * The pieces' lookups, visited piece after piece (row order). A weights file of at least 10,000 weights is
   * scored in two parts on two threads: here the parts are split at a piece boundary rather than at the middle
   * of the matched rows, so such a score's sums may differ from one engine's in the last bits of a double.
   */
  @Override
  public Optional<KeyedRows> keyedRows() {
    List<KeyedRows> each = new ArrayList<>();
    for (Piece p : inAnswerOrder) {
      p.ready();
      Optional<KeyedRows> k = reader(p).keyedRows();
      if (k.isEmpty()) {
        return Optional.empty();
      }
      each.add(k.get());
    }
    return Optional.of(keys -> {
      List<KeyedRows.Matches> matches = new ArrayList<>();
      for (KeyedRows k : each) {
        matches.add(k.match(keys));
      }
      return (part, parts, visitor) -> {
        int from = (int) ((long) matches.size() * part / parts);
        int to = (int) ((long) matches.size() * (part + 1) / parts);
        for (int i = from; i < to; i++) {
          matches.get(i).forEachInPart(0, 1, visitor);
        }
      };
    });
  }

  /**
   * Each piece's bits for its contigs, one after another from a word boundary: the numbering leaves gaps
   * (clear in all three vectors), as {@link CallReader#diploidCalls} allows, so pair counts are those of one
   * engine.
   */
  @Override
  public Optional<List<SampleCallBits>> diploidCalls(List<Segment> segments, int[] samples) {
    List<Call> calls = route(segments);
    if (calls.size() == 1) {
      return reader(calls.get(0).piece()).diploidCalls(calls.get(0).segments(), samples);
    }
    List<List<SampleCallBits>> parts = new ArrayList<>();
    for (Call c : calls) {
      Optional<List<SampleCallBits>> bits = reader(c.piece()).diploidCalls(c.segments(), samples);
      if (bits.isEmpty()) {
        return Optional.empty();
      }
      parts.add(bits.get());
    }
    List<SampleCallBits> out = new ArrayList<>(samples.length);
    for (int s = 0; s < samples.length; s++) {
      int words = 0;
      for (List<SampleCallBits> p : parts) {
        words += p.isEmpty() ? 0 : p.get(s).called().length;
      }
      long[] called = new long[words];
      long[] het = new long[words];
      long[] hom = new long[words];
      int at = 0;
      int rows = 0;
      for (List<SampleCallBits> p : parts) {
        if (p.isEmpty()) {
          continue;
        }
        SampleCallBits b = p.get(s);
        int n = b.called().length;
        System.arraycopy(b.called(), 0, called, at, n);
        System.arraycopy(b.het(), 0, het, at, n);
        System.arraycopy(b.hom(), 0, hom, at, n);
        rows = at * 64 + b.rows();
        at += n;
      }
      out.add(new SampleCallBits(rows, called, het, hom));
    }
    return Optional.of(out);
  }
}
