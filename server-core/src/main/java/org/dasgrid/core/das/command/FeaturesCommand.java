package org.dasgrid.core.das.command;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.das.Capabilities;
import org.dasgrid.core.das.DasCommand;
import org.dasgrid.core.das.DasContext;
import org.dasgrid.core.das.DasRequest;
import org.dasgrid.core.das.DasResponse;
import org.dasgrid.core.das.ResponseFormat;
import org.dasgrid.core.das.Rows;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.registry.LoadedSource;
import org.dasgrid.core.render.FeatureDocument;
import org.dasgrid.core.render.FeaturesBedWriter;
import org.dasgrid.core.render.FeaturesGff3Writer;
import org.dasgrid.core.render.FeaturesJsonWriter;
import org.dasgrid.core.render.FeaturesVcfWriter;
import org.dasgrid.core.render.FeaturesXmlWriter;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.segment.SegmentRequest;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.FeatureFilter;

/**
 * DAS {@code features}: the features of one or more segments (or with given ids), filtered by type and
 * category, streamed as DASGFF (or, with {@code format=}, as JSON, GFF3, BED, or for a source of VCF sites
 * VCF).
 *
 * <p>An answer larger than {@code maxFeaturesPerResponse} is refused with a 402 naming the limit, never
 * truncated; with {@code maxbins} it is instead summarised as per-bin density features, which the client
 * draws at the same resolution. Below the limit {@code maxbins} changes nothing, since Biodalliance sends it
 * on every request.
 */
public final class FeaturesCommand implements DasCommand {
  static final int MAX_BINS = 100_000;

  @Override
  public String name() {
    return "features";
  }

  @Override
  public boolean perSource() {
    return true;
  }

  @Override
  public DasResponse execute(DasRequest request, DasContext context) {
    LoadedSource ls = context.require(request);
    QueryArguments args = request.args();
    FeaturesQuery q = FeaturesQuery.parse(args, context.settings().maxSegmentsPerRequest());
    DataSource data = ls.data();
    if (q.format() == ResponseFormat.VCF && !data.featuresAreVcfSites()) {
      throw RequestException.badArgument("format=vcf needs a VCF source; the features of '%s' are not VCF sites"
          + " (format=gff3 and format=bed work for every source)", ls.id());
    }
    List<ResolvedSegment> segments =
        q.segments().isEmpty() && q.featureIds().isEmpty()
            ? Segments.allReferences(data)
            : Segments.resolveAll(q.segments(), data);
    Map<String, List<Feature>> byId = new LinkedHashMap<>();
    List<Segment> foundSegments = new ArrayList<>();
    for (ResolvedSegment r : segments) {
      if (r instanceof ResolvedSegment.Found f) {
        foundSegments.add(f.segment());
      }
    }
    String unbinnedKey = cacheKey(ls, q, segments, false);
    if (q.maxbins().isEmpty()) {
      // Without maxbins the key is known before counting: an answer cached under it was complete and within
      // the limits, so it is served without the counting and, for a sharded source, without asking the other
      // nodes (the source's version, part of the key, changes when any node's data does).
      var hit = context.cached(request, unbinnedKey);
      if (hit.isPresent()) {
        return DasResponse.fromCache(unbinnedKey, hit.get());
      }
    }
    // a sharded source fetches the other nodes' parts here, all at once, before anything is counted or written
    data.prefetch(foundSegments, q.featureIds(), q.filter());
    long total = 0;
    for (ResolvedSegment r : segments) {
      if (r instanceof ResolvedSegment.Found f) {
        total += data.countFeatures(f.segment(), q.filter());
      }
    }
    for (String id : q.featureIds()) {
      List<Feature> found = new ArrayList<>();
      for (Feature f : data.featuresById(id)) {
        if (q.filter().matches(f)) {
          found.add(f);
        }
      }
      byId.put(id, found);
      total += found.size();
    }
    long answered = answeredCount(q.rows(), total);
    int limit = context.settings().maxFeaturesPerResponse();
    boolean binned = false;
    ResolvedSegment.Found widest = widest(segments);
    int maxSpan = context.settings().maxSegmentSpan();
    if (widest != null && widest.segment().length() > maxSpan) {
      if (q.maxbins().isEmpty()) {
        throw RequestException.tooLarge("segment %s spans %d bp; at most %d bp per segment (server.maxSegmentSpan). "
                + "Ask for a smaller region, or add maxbins=N for a binned summary",
            widest.requestedId(), widest.segment().length(), maxSpan);
      }
      binned = true;
    }
    if (answered > limit) {
      if (q.maxbins().isEmpty()) {
        throw RequestException.tooLarge(
            "%d features requested; the limit is %d per response (server.maxFeaturesPerResponse). "
                + "Ask for a smaller segment, page with rows=FROM-TO, or add maxbins=N for a binned summary",
            answered, limit);
      }
      binned = true;
    }
    if (binned && q.format() == ResponseFormat.VCF) {
      throw RequestException.tooLarge(
          "the answer is larger than one response holds (server.maxFeaturesPerResponse, server.maxSegmentSpan),"
              + " and format=vcf cannot carry the binned summary of maxbins. Ask for a smaller segment, or page"
              + " with rows=FROM-TO");
    }
    String key = binned ? cacheKey(ls, q, segments, true) : unbinnedKey;
    boolean summarise = binned;
    String href = request.href();
    return DasResponse.of(q.format().contentType(), key, Capabilities.header(data),
        out -> write(out, q, ls, segments, byId, href, summarise));
  }

  private static String cacheKey(LoadedSource ls, FeaturesQuery q, List<ResolvedSegment> segments,
      boolean binned) {
    return ls.id() + "@" + ls.version() + "|features|" + q.format() + "|" + Segments.key(segments) + "|"
        + q.cacheKey() + (binned ? "|bins=" + q.maxbins().getAsInt() : "");
  }

  private static void write(OutputStream out, FeaturesQuery q, LoadedSource ls, List<ResolvedSegment> segments,
      Map<String, List<Feature>> byId, String href, boolean binned) throws IOException {
    FeatureDocument doc = switch (q.format()) {
      case JSON -> new FeaturesJsonWriter(out);
      case GFF3 -> new FeaturesGff3Writer(out);
      case BED -> new FeaturesBedWriter(out);
      case VCF -> new FeaturesVcfWriter(out, vcfHeader(ls.data(), segments, byId));
      default -> new FeaturesXmlWriter(out);
    };
    RowWindow window = new RowWindow(q.rows());
    doc.begin(href);
    try {
      for (ResolvedSegment r : segments) {
        if (r instanceof ResolvedSegment.Found f) {
          doc.beginSegment(f.requestedId(), f.segment(), ls.version(), f.label());
          if (binned) {
            Bins.write(ls.data(), f.segment(), q.filter(), q.maxbins().getAsInt(), doc);
          } else {
            ls.data().features(f.segment(), q.filter(), feature -> window.emit(doc, feature));
          }
          doc.endSegment();
        } else if (r instanceof ResolvedSegment.Unknown u) {
          doc.unknownSegment(u.requestedId());
        } else if (r instanceof ResolvedSegment.OutOfRange o) {
          doc.errorSegment(o.requestedId(), o.start(), o.stop());
        }
      }
      for (Map.Entry<String, List<Feature>> e : byId.entrySet()) {
        if (e.getValue().isEmpty()) {
          doc.unknownFeature(e.getKey());
          continue;
        }
        for (Map.Entry<String, List<Feature>> perRef : groupByRef(e.getValue()).entrySet()) {
          List<Feature> fs = perRef.getValue();
          int start = fs.stream().mapToInt(Feature::start).min().getAsInt();
          int stop = fs.stream().mapToInt(Feature::end).max().getAsInt();
          doc.beginSegment(perRef.getKey(), new Segment(perRef.getKey(), start, stop), ls.version(),
              perRef.getKey());
          for (Feature f : fs) {
            window.emit(doc, f);
          }
          doc.endSegment();
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    doc.end();
  }

  /** The references and problems of the answer, which VCF needs in its header, before any record. */
  private static FeaturesVcfWriter.Header vcfHeader(DataSource data, List<ResolvedSegment> segments,
      Map<String, List<Feature>> byId) {
    FeaturesVcfWriter.Header h = new FeaturesVcfWriter.Header();
    for (ResolvedSegment r : segments) {
      if (r instanceof ResolvedSegment.Found f) {
        h.contig(f.segment().ref(), length(data, f.segment().ref(), f.segment().stop()));
      } else if (r instanceof ResolvedSegment.Unknown u) {
        h.unknownSegment(u.requestedId());
      } else if (r instanceof ResolvedSegment.OutOfRange o) {
        h.errorSegment(o.requestedId(), o.start(), o.stop());
      }
    }
    for (Map.Entry<String, List<Feature>> e : byId.entrySet()) {
      if (e.getValue().isEmpty()) {
        h.unknownFeature(e.getKey());
      }
      for (Feature f : e.getValue()) {
        h.contig(f.ref(), length(data, f.ref(), f.end()));
      }
    }
    return h;
  }

  private static int length(DataSource data, String ref, int atLeast) {
    return Math.max(atLeast, data.entryPoint(ref).map(EntryPoint::length).orElse(0));
  }

  private static ResolvedSegment.Found widest(List<ResolvedSegment> segments) {
    ResolvedSegment.Found widest = null;
    for (ResolvedSegment r : segments) {
      if (r instanceof ResolvedSegment.Found f && (widest == null || f.segment().length() > widest.segment().length())) {
        widest = f;
      }
    }
    return widest;
  }

  /** How many features the response will hold once {@code rows=} is applied. */
  private static long answeredCount(Optional<Rows> rows, long total) {
    if (rows.isEmpty()) {
      return total;
    }
    return Math.min(rows.get().count(), Math.max(0, total - rows.get().from() + 1));
  }

  private static Map<String, List<Feature>> groupByRef(List<Feature> features) {
    Map<String, List<Feature>> m = new LinkedHashMap<>();
    for (Feature f : features) {
      m.computeIfAbsent(f.ref(), k -> new ArrayList<>()).add(f);
    }
    return m;
  }

  /** Passes on only the features inside {@code rows=FROM-TO}, counting across the whole answer. */
  private static final class RowWindow {
    private final Optional<Rows> rows;
    private int index;

    RowWindow(Optional<Rows> rows) {
      this.rows = rows;
    }

    void emit(FeatureDocument doc, Feature f) {
      index++;
      if (rows.isPresent() && !rows.get().contains(index)) {
        return;
      }
      try {
        doc.feature(f);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The parsed arguments of a features request. */
  record FeaturesQuery(
      List<SegmentRequest> segments,
      FeatureFilter filter,
      List<String> featureIds,
      OptionalInt maxbins,
      Optional<Rows> rows,
      ResponseFormat format) {

    static FeaturesQuery parse(QueryArguments args, int maxSegments) {
      ResponseFormat format = ResponseFormat.of(args,
          Set.of(ResponseFormat.XML, ResponseFormat.JSON, ResponseFormat.GFF3, ResponseFormat.BED,
              ResponseFormat.VCF));
      List<String> ids = args.all("feature_id");
      for (String id : ids) {
        if (id.isEmpty()) {
          throw RequestException.badArgument("empty feature_id");
        }
      }
      List<SegmentRequest> segments = Segments.parse(args, maxSegments);
      if (segments.size() + ids.size() > maxSegments) {
        throw RequestException.tooLarge(
            "%d segments and feature ids requested; at most %d per request", segments.size() + ids.size(),
            maxSegments);
      }
      FeatureFilter filter = new FeatureFilter(Set.copyOf(args.all("type")), Set.copyOf(args.all("category")));
      return new FeaturesQuery(segments, filter, ids, maxbins(args), Rows.parse(args), format);
    }

    private static OptionalInt maxbins(QueryArguments args) {
      Optional<String> v = args.single("maxbins");
      if (v.isEmpty()) {
        return OptionalInt.empty();
      }
      try {
        int n = Integer.parseInt(v.get().trim());
        if (n >= 1 && n <= MAX_BINS) {
          return OptionalInt.of(n);
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw RequestException.badArgument("maxbins must be an integer from 1 to %d", MAX_BINS);
    }

    /** The parts of the query that change the answer, beyond the segments. */
    String cacheKey() {
      return "t=" + new TreeSet<>(filter.types()) + "|c=" + new TreeSet<>(filter.categories()) + "|id="
          + featureIds + "|r=" + rows.map(r -> r.from() + "-" + r.to()).orElse("");
    }
  }
}
