package org.dasgrid.core.gene;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;

/**
 * The genes a request names, resolved against a source: each symbol's genes ({@link GeneIndex#find}: every gene
 * it names, so a name on two contigs gives two spans) with the segment each is queried as, in the source's
 * contig names (the file's {@code chr13} is the VCF's {@code 13} through the source's aliases). A gene on a
 * contig the source does not have has no segment: no variant can lie there. {@link #segments} is what the
 * engine is asked: the segments sorted in the source's contig order and overlapping ones joined, so a variant
 * in two requested genes is answered once.
 */
public record GeneSpans(List<Hit> hits) {
  private static final int MAX_LISTED_UNKNOWN = 5;

  /** A gene a symbol found, and its segment in the source (empty if the source lacks its contig). */
  public record Hit(String query, Gene gene, Optional<Segment> segment) {}

  public GeneSpans {
    hits = List.copyOf(hits);
  }

  /**
   * Resolves symbols through an index; every unknown symbol is named in one 404 ({@code argument} is the
   * request's name for them: {@code gene}, {@code geneId}).
   */
  public static GeneSpans resolve(GeneIndex index, List<String> symbols, DataSource source, String argument) {
    List<Hit> hits = new ArrayList<>();
    Set<Gene> seen = new LinkedHashSet<>();
    List<String> unknown = new ArrayList<>();
    for (String symbol : symbols) {
      List<Gene> genes = index.find(symbol);
      if (genes.isEmpty()) {
        unknown.add(shorten(symbol));
      }
      for (Gene g : genes) {
        if (seen.add(g)) { // BRCA2,ENSG00000139618 name one gene: one span
          Optional<Segment> seg = source.entryPoint(g.contig())
              .map(ep -> new Segment(ep.name(), g.start(), g.end()));
          hits.add(new Hit(symbol, g, seg));
        }
      }
    }
    if (!unknown.isEmpty()) {
      throw RequestException.notFound("%s: unknown gene%s: %s%s (not a name, ID or alias in the source's "
              + "gene annotation)", argument, unknown.size() == 1 ? "" : "s",
          String.join(", ", unknown.subList(0, Math.min(MAX_LISTED_UNKNOWN, unknown.size()))),
          unknown.size() > MAX_LISTED_UNKNOWN ? " and " + (unknown.size() - MAX_LISTED_UNKNOWN) + " more" : "");
    }
    return new GeneSpans(hits);
  }

  /** The engine's segments: in the source's contig order, then by start; overlapping or touching ones joined. */
  public List<Segment> segments(DataSource source) {
    Map<String, Integer> order = new HashMap<>();
    List<EntryPoint> eps = source.entryPoints();
    for (int i = 0; i < eps.size(); i++) {
      order.putIfAbsent(eps.get(i).name(), i);
    }
    List<Segment> sorted = hits.stream().flatMap(h -> h.segment().stream())
        .sorted(Comparator.<Segment>comparingInt(s -> order.getOrDefault(s.ref(), Integer.MAX_VALUE))
            .thenComparing(Segment::ref).thenComparingInt(Segment::start))
        .toList();
    List<Segment> out = new ArrayList<>();
    for (Segment s : sorted) {
      Segment last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && last.ref().equals(s.ref()) && (long) s.start() <= (long) last.stop() + 1) {
        out.set(out.size() - 1, new Segment(last.ref(), last.start(), Math.max(last.stop(), s.stop())));
      } else {
        out.add(s);
      }
    }
    return out;
  }

  /** Splits a {@code gene=A,B} value (repeatable) into symbols, in order, without repeats; blanks are a 400. */
  public static List<String> symbols(List<String> raw, String argument) {
    Set<String> out = new LinkedHashSet<>();
    for (String value : raw) {
      for (String v : value.split(",", -1)) {
        String t = v.strip();
        if (t.isEmpty()) {
          throw RequestException.badArgument("%s: empty gene name; give comma-separated names or IDs", argument);
        }
        out.add(t);
      }
    }
    return List.copyOf(out);
  }

  static String shorten(String text) {
    String t = text.replaceAll("\\p{Cntrl}", "?");
    return t.length() <= 60 ? t : t.substring(0, 57) + "...";
  }
}
