package org.dasgrid.proto.sidecar;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.feature.Link;
import org.dasgrid.core.feature.Method;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.core.feature.Phase;
import org.dasgrid.core.feature.Target;
import org.dasgrid.core.genotype.VariantRow;
import org.dasgrid.core.genotype.Zygosity;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.proto.v1.TypeCount;

/**
 * Core values (segments, entry points, features, types, zygosities, variant rows) as the protobuf messages of
 * {@code dasgrid.v1} and back: the sidecar's one translation between the two. A round trip gives equal values
 * (GrpcRoundTripTest checks it).
 */
final class CoreMessages {
  private CoreMessages() {}

  static org.dasgrid.proto.v1.Segment segment(Segment s) {
    return org.dasgrid.proto.v1.Segment.newBuilder().setRef(s.ref()).setStart(s.start()).setStop(s.stop()).build();
  }

  static Segment segment(org.dasgrid.proto.v1.Segment s) {
    return new Segment(s.getRef(), s.getStart(), s.getStop());
  }

  static List<org.dasgrid.proto.v1.Segment> segments(List<Segment> segments) {
    List<org.dasgrid.proto.v1.Segment> out = new ArrayList<>(segments.size());
    for (Segment s : segments) {
      out.add(segment(s));
    }
    return out;
  }

  static List<Segment> fromSegments(List<org.dasgrid.proto.v1.Segment> segments) {
    List<Segment> out = new ArrayList<>(segments.size());
    for (org.dasgrid.proto.v1.Segment s : segments) {
      out.add(segment(s));
    }
    return out;
  }

  static org.dasgrid.proto.v1.EntryPoint entryPoint(EntryPoint e) {
    return org.dasgrid.proto.v1.EntryPoint.newBuilder()
        .setName(e.name())
        .setLength(e.length())
        .setType(e.type())
        .setOrientation(orientation(e.orientation()))
        .addAllAliases(e.aliases())
        .build();
  }

  static EntryPoint entryPoint(org.dasgrid.proto.v1.EntryPoint e) {
    return new EntryPoint(e.getName(), e.getLength(), e.getType(), orientation(e.getOrientation()),
        e.getAliasesList());
  }

  static org.dasgrid.proto.v1.Orientation orientation(Orientation o) {
    return switch (o) {
      case FORWARD -> org.dasgrid.proto.v1.Orientation.FORWARD;
      case REVERSE -> org.dasgrid.proto.v1.Orientation.REVERSE;
      case NONE -> org.dasgrid.proto.v1.Orientation.ORIENTATION_NONE;
    };
  }

  static Orientation orientation(org.dasgrid.proto.v1.Orientation o) {
    return switch (o) {
      case FORWARD -> Orientation.FORWARD;
      case REVERSE -> Orientation.REVERSE;
      default -> Orientation.NONE;
    };
  }

  static org.dasgrid.proto.v1.Phase phase(Phase p) {
    return switch (p) {
      case ZERO -> org.dasgrid.proto.v1.Phase.ZERO;
      case ONE -> org.dasgrid.proto.v1.Phase.ONE;
      case TWO -> org.dasgrid.proto.v1.Phase.TWO;
      case NONE -> org.dasgrid.proto.v1.Phase.PHASE_NONE;
    };
  }

  static Phase phase(org.dasgrid.proto.v1.Phase p) {
    return switch (p) {
      case ZERO -> Phase.ZERO;
      case ONE -> Phase.ONE;
      case TWO -> Phase.TWO;
      default -> Phase.NONE;
    };
  }

  static org.dasgrid.proto.v1.FeatureType type(FeatureType t) {
    return org.dasgrid.proto.v1.FeatureType.newBuilder()
        .setId(t.id()).setCategory(t.category()).setCvId(t.cvId()).build();
  }

  static FeatureType type(org.dasgrid.proto.v1.FeatureType t) {
    return new FeatureType(t.getId(), t.getCategory(), t.getCvId());
  }

  static org.dasgrid.proto.v1.Feature feature(Feature f) {
    org.dasgrid.proto.v1.Feature.Builder b = org.dasgrid.proto.v1.Feature.newBuilder()
        .setRef(f.ref())
        .setStart(f.start())
        .setEnd(f.end())
        .setId(f.id())
        .setLabel(f.hasLabel() ? f.label() : "")
        .setType(type(f.type()))
        .setMethod(org.dasgrid.proto.v1.Method.newBuilder().setId(f.method().id()).setLabel(f.method().label()))
        .setOrientation(orientation(f.orientation()))
        .setPhase(phase(f.phase()))
        .addAllNotes(f.notes())
        .addAllParents(f.parents())
        .addAllParts(f.parts());
    if (f.hasScore()) {
      b.setScore(f.score());
    }
    for (Link l : f.links()) {
      b.addLinks(org.dasgrid.proto.v1.Link.newBuilder().setHref(l.href()).setText(l.text()));
    }
    for (Target t : f.targets()) {
      b.addTargets(org.dasgrid.proto.v1.Target.newBuilder()
          .setId(t.id()).setStart(t.start()).setStop(t.stop()).setLabel(t.label())
          .setOrientation(orientation(t.orientation())));
    }
    return b.build();
  }

  /** A feature from the wire; types and methods go through {@code pool}, so one answer shares them. */
  static Feature feature(org.dasgrid.proto.v1.Feature f, Pool pool) {
    Feature.Builder b = Feature.builder(f.getRef(), f.getStart(), f.getEnd())
        .id(f.getId())
        .label(f.getLabel().isEmpty() ? null : f.getLabel())
        .type(pool.type(f.getType()))
        .method(pool.method(f.getMethod()))
        .orientation(orientation(f.getOrientation()))
        .phase(phase(f.getPhase()));
    if (f.hasScore()) {
      b.score(f.getScore());
    }
    f.getNotesList().forEach(b::note);
    for (org.dasgrid.proto.v1.Link l : f.getLinksList()) {
      b.link(new Link(l.getHref(), l.getText()));
    }
    for (org.dasgrid.proto.v1.Target t : f.getTargetsList()) {
      b.target(new Target(t.getId(), t.getStart(), t.getStop(), t.getLabel(), orientation(t.getOrientation())));
    }
    f.getParentsList().forEach(b::parent);
    f.getPartsList().forEach(b::part);
    return b.build();
  }

  /** Shares the types and methods of the features of one answer. */
  static final class Pool {
    private final Map<org.dasgrid.proto.v1.FeatureType, FeatureType> types = new java.util.HashMap<>();
    private final Map<org.dasgrid.proto.v1.Method, Method> methods = new java.util.HashMap<>();

    FeatureType type(org.dasgrid.proto.v1.FeatureType t) {
      return types.computeIfAbsent(t, CoreMessages::type);
    }

    Method method(org.dasgrid.proto.v1.Method m) {
      return methods.computeIfAbsent(m, x -> new Method(x.getId(), x.getLabel()));
    }
  }

  static List<TypeCount> typeCounts(Map<FeatureType, Integer> counts) {
    List<TypeCount> out = new ArrayList<>(counts.size());
    counts.forEach((t, n) -> out.add(TypeCount.newBuilder().setType(type(t)).setCount(n).build()));
    return out;
  }

  /** Counts in the order they came (the node sends them by type id). */
  static Map<FeatureType, Integer> typeCounts(List<TypeCount> counts, Map<FeatureType, Integer> into) {
    for (TypeCount c : counts) {
      into.merge(type(c.getType()), c.getCount(), Integer::sum);
    }
    return into;
  }

  static Map<FeatureType, Integer> newTypeMap() {
    return new LinkedHashMap<>();
  }

  static org.dasgrid.proto.v1.Zygosity zygosity(Zygosity z) {
    return switch (z) {
      case HET -> org.dasgrid.proto.v1.Zygosity.HET;
      case HOM -> org.dasgrid.proto.v1.Zygosity.HOM;
      case ANY -> org.dasgrid.proto.v1.Zygosity.ANY;
    };
  }

  static Zygosity zygosity(org.dasgrid.proto.v1.Zygosity z) {
    return switch (z) {
      case HET -> Zygosity.HET;
      case HOM -> Zygosity.HOM;
      case ANY -> Zygosity.ANY;
      default -> throw new IllegalArgumentException("zygosity not set");
    };
  }

  static org.dasgrid.proto.v1.Variant variant(VariantRow v) {
    org.dasgrid.proto.v1.Variant.Builder b = org.dasgrid.proto.v1.Variant.newBuilder()
        .setChrom(v.chrom()).setPos(v.pos()).setRef(v.ref()).setAlt(v.alt())
        .setHet(v.het()).setHom(v.hom()).setAc(v.ac()).setAn(v.an());
    v.id().ifPresent(b::setId);
    return b.build();
  }

  static VariantRow variant(org.dasgrid.proto.v1.Variant v) {
    return new VariantRow(v.getChrom(), v.getPos(), v.getRef(), v.getAlt(),
        v.hasId() ? Optional.of(v.getId()) : Optional.empty(), v.getHet(), v.getHom(), v.getAc(), v.getAn());
  }
}
