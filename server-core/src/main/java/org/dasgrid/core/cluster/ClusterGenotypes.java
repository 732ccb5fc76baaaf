package org.dasgrid.core.cluster;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.PriorityQueue;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.AlleleCarriers;
import org.dasgrid.core.genotype.AnalyticsAnswer;
import org.dasgrid.core.genotype.AnalyticsQuery;
import org.dasgrid.core.genotype.CountAnswer;
import org.dasgrid.core.genotype.GenotypeQueries;
import org.dasgrid.core.genotype.GenotypeQuery;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.SampleAnswer;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.VariantAnswer;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.GenotypeSource;

/**
 * Genotype queries over a sharded cohort, for one request: each node holding some of the queried contigs
 * answers for them with the limit applied, and the answers are merged here and limited again.
 *
 * <p>Merging is exact. Variants: every variant lives on one contig, so the first N of the merged order are
 * among the first N of their node, and each node applies the limit. Samples: a sample's counts are summed
 * over every node where it has calls, and whether it carries the zygosity asked for is only known from the
 * sums (a sample het on one node may be hom-only on another), so nodes send all their samples with calls
 * (at most the cohort) and the limit applies here. Counts of carriers unite the nodes' carrier sets rather
 * than add them.
 */
final class ClusterGenotypes implements GenotypeQueries {
  private final ClusterSource source;
  private final FanOut fanOut;
  private final CatalogLookup catalog;

  ClusterGenotypes(ClusterSource source, FanOut fanOut, CatalogLookup catalog) {
    this.source = source;
    this.fanOut = fanOut;
    this.catalog = catalog;
  }

  @Override
  public List<String> sampleNames() {
    return catalog.data().samples();
  }

  @Override
  public OptionalInt sampleNumber(String name) {
    return catalog.sampleNumber(name);
  }

  @Override
  public SampleSelection allSamples() {
    return catalog.everyone();
  }

  @Override
  public SampleSelection select(int... sampleNumbers) {
    return SampleSelection.of(sampleNames().size(), sampleNumbers);
  }

  @Override
  public List<String> contigs() {
    return catalog.data().genotypeContigs();
  }

  @Override
  public VariantAnswer variants(GenotypeQuery query) {
    GenotypeCall call = call(query, false);
    var parts = fanOut.run(ClusterView.contigsOf(query.segments()), (node, contigs, deadline) ->
        node.variants(source.id(), call.withSegments(on(query.segments(), contigs)), deadline));
    Comparator<VariantRow> order = Comparator
        .comparingInt((VariantRow v) -> catalog.contigIndex(v.chrom()))
        .thenComparingInt(VariantRow::pos)
        .thenComparing(VariantRow::alt)
        .thenComparing(VariantRow::ref);
    // k-way merge of the nodes' ordered lists, stopping at the limit
    PriorityQueue<Cursor> heads = new PriorityQueue<>((a, b) -> order.compare(a.head(), b.head()));
    for (FanOut.Part<List<VariantRow>> p : parts) {
      if (!p.value().isEmpty()) {
        heads.add(new Cursor(p.value()));
      }
    }
    int limit = query.limitOrMax();
    List<VariantRow> out = new ArrayList<>();
    while (!heads.isEmpty() && out.size() < limit) {
      Cursor c = heads.poll();
      out.add(c.head());
      if (c.advance()) {
        heads.add(c);
      }
    }
    return VariantAnswer.of(out);
  }

  /** A position in one node's ordered rows. */
  private static final class Cursor {
    private final List<VariantRow> rows;
    private int at;

    Cursor(List<VariantRow> rows) {
      this.rows = rows;
    }

    VariantRow head() {
      return rows.get(at);
    }

    boolean advance() {
      return ++at < rows.size();
    }
  }

  /**
   * Each node lists every chosen sample with calls on its contigs (zygosity any, no limit: at most the
   * cohort), so that a sample's het and hom counts are summed over all nodes; which samples carry the
   * zygosity asked for follows from the sums (het for het, hom for hom), and the limit applies to them.
   */
  @Override
  public SampleAnswer carriers(GenotypeQuery query) {
    GenotypeCall call = call(new GenotypeQuery(query.segments(), Zygosity.ANY, query.samples(),
        OptionalInt.empty()), false);
    var parts = fanOut.run(ClusterView.contigsOf(query.segments()), (node, contigs, deadline) ->
        node.samples(source.id(), call.withSegments(on(query.segments(), contigs)), deadline));
    // sample numbers index the cohort every node loaded: sums in two dense arrays, read back in sample order
    int cohort = sampleNames().size();
    int[] hetSum = new int[cohort];
    int[] homSum = new int[cohort];
    for (FanOut.Part<SampleCounts> p : parts) {
      SampleCounts c = p.value();
      for (int i = 0; i < c.size(); i++) {
        int s = c.samples()[i];
        if (s < 0 || s >= cohort) {
          throw RequestException.unavailable(
              "node %s answered for sample number %d of a cohort of %d: its '%s' has other samples than this"
                  + " node's; every node must load the same VCF header", p.node(), s, cohort, source.id());
        }
        hetSum[s] += c.het()[i];
        homSum[s] += c.hom()[i];
      }
    }
    Zygosity z = query.zygosity();
    int limit = query.limitOrMax();
    int n = 0;
    int[] numbers = new int[Math.min(limit, cohort)];
    for (int s = 0; s < cohort && n < limit; s++) {
      if (z.includesHet() && hetSum[s] > 0 || z.includesHom() && homSum[s] > 0) {
        numbers[n++] = s;
      }
    }
    numbers = java.util.Arrays.copyOf(numbers, n);
    int[] het = new int[n];
    int[] hom = new int[n];
    for (int i = 0; i < n; i++) {
      het[i] = hetSum[numbers[i]];
      hom[i] = homSum[numbers[i]];
    }
    return SampleAnswer.of(catalog.sampleNames(), n, numbers, het, hom);
  }

  @Override
  public CountAnswer count(GenotypeQuery query) {
    var contigs = ClusterView.contigsOf(query.segments());
    GenotypeCall call = call(query, contigs.size() > 1);
    var parts = fanOut.run(contigs, (node, assigned, deadline) ->
        node.count(source.id(), call.withSegments(on(query.segments(), assigned)), deadline));
    if (parts.size() == 1) {
      return parts.get(0).value().counts();
    }
    long variants = 0;
    long het = 0;
    long hom = 0;
    BitSet carriers = new BitSet(sampleNames().size());
    for (FanOut.Part<CountReply> p : parts) {
      CountAnswer c = p.value().counts();
      variants += c.variants();
      het += c.het();
      hom += c.hom();
      for (int s : p.value().carriers()) {
        carriers.set(s);
      }
    }
    return new CountAnswer(variants, het, hom, carriers.cardinality());
  }

  /** Asked of the node holding the allele's contig: every node numbers samples in the same cohort order. */
  @Override
  public Optional<AlleleCarriers> alleleCarriers(String chrom, int pos, String ref, String alt) {
    var parts = fanOut.run(List.of(chrom), (node, contigs, deadline) ->
        node.alleleCarriers(source.id(), chrom, pos, ref, alt, deadline));
    return parts.isEmpty() ? Optional.empty() : parts.get(0).value();
  }

  /**
   * Paging only (a plain variants query with {@code limit} and {@code cursor}), as {@link ClusterPaging}
   * does it; statistics and filters need the node protocol to carry them, so they are refused for now.
   */
  @Override
  public AnalyticsAnswer analyse(AnalyticsQuery query) {
    return new ClusterPaging(this, catalog::contigIndex).page(query);
  }

  /** This node's part of the engine, if it holds one. */
  @Override
  public GenotypeStats stats() {
    Optional<GenotypeSource> g = source.local().capability(GenotypeSource.class);
    if (g.isPresent()) {
      return g.get().genotypes().stats();
    }
    return new GenotypeStats(sampleNames().size(), 0, 0, 0, 0, 0, 0, 0);
  }

  private static GenotypeCall call(GenotypeQuery q, boolean withCarriers) {
    SampleSelection sel = q.samples();
    List<Integer> samples = new ArrayList<>();
    if (!sel.isAll()) {
      for (int s : sel.sampleNumbers()) {
        samples.add(s);
      }
    }
    return new GenotypeCall(q.segments(), q.zygosity(), sel.isAll(), samples, q.limit(), withCarriers);
  }

  /** The segments lying on the given contigs. */
  private static List<Segment> on(List<Segment> segments, List<String> contigs) {
    List<Segment> out = new ArrayList<>();
    for (Segment s : segments) {
      if (contigs.contains(s.ref())) {
        out.add(s);
      }
    }
    return out;
  }
}
