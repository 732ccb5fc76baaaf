package org.dasgrid.webapp.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;

/**
 * Feature ids and labels of one loaded source, case-insensitively, to where the features are: what a genome
 * view's search box needs ("CG11023", "fbgn0031208"). Built once per source version, on the first search.
 */
final class FeatureNameIndex {
  /** Past this many matches for one name, the rest are not kept: a search shows the first few anyway. */
  private static final int MAX_PER_NAME = 20;

  /** Where a named feature is: 1-based inclusive, like DAS; one entry per feature id. */
  record Hit(String ref, int start, int end, String id, String label, String type, boolean byId,
      boolean transcription) {}

  private final Map<String, List<Hit>> byName;

  private FeatureNameIndex(Map<String, List<Hit>> byName) {
    this.byName = byName;
  }

  static FeatureNameIndex build(DataSource data) {
    // a feature split over several lines (CDS parts share an id) is one hit spanning its parts
    Map<String, Hit> byId = new HashMap<>();
    for (EntryPoint ep : data.entryPoints()) {
      data.features(new Segment(ep.name(), 1, ep.length()), FeatureFilter.ANY, f -> {
        if (f.id() != null && !f.id().isEmpty()) {
          byId.merge(f.ref() + '\u0000' + f.id(), hit(f), FeatureNameIndex::span);
        }
      });
    }
    Map<String, List<Hit>> names = new HashMap<>();
    for (Hit h : byId.values()) {
      add(names, h.id(), h);
      if (!h.label().equals(h.id())) {
        add(names, h.label(), new Hit(h.ref(), h.start(), h.end(), h.id(), h.label(), h.type(), false,
            h.transcription()));
      }
    }
    // the feature named by its id first, then the widest (a gene before its transcripts), then genes and
    // transcripts before other features sharing their name (FlyBase labels ortholog records with the gene name)
    Comparator<Hit> order = Comparator.comparing((Hit h) -> !h.byId())
        .thenComparing(h -> -(long) (h.end() - h.start()))
        .thenComparing(h -> !h.transcription())
        .thenComparing(Hit::ref).thenComparingInt(Hit::start);
    for (List<Hit> hits : names.values()) {
      hits.sort(order);
    }
    return new FeatureNameIndex(names);
  }

  private static Hit hit(Feature f) {
    return new Hit(f.ref(), f.start(), f.end(), f.id(), f.label(), f.type().id(), true,
        "transcription".equals(f.type().category()));
  }

  private static Hit span(Hit a, Hit b) {
    return new Hit(a.ref(), Math.min(a.start(), b.start()), Math.max(a.end(), b.end()), a.id(), a.label(), a.type(),
        true, a.transcription());
  }

  private static void add(Map<String, List<Hit>> names, String name, Hit h) {
    List<Hit> hits = names.computeIfAbsent(key(name), k -> new ArrayList<>(1));
    if (hits.size() < MAX_PER_NAME) {
      hits.add(h);
    }
  }

  private static String key(String name) {
    return name.toUpperCase(Locale.ROOT);
  }

  /** Features whose id or label is {@code name}, ignoring case: by id first, then widest first. */
  List<Hit> find(String name, int limit) {
    List<Hit> hits = byName.getOrDefault(key(name.trim()), List.of());
    return hits.subList(0, Math.min(limit, hits.size()));
  }
}
