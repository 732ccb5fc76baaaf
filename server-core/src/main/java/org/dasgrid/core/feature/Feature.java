package org.dasgrid.core.feature;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One annotation on a reference sequence, with everything a DAS {@code FEATURE} element carries.
 * Immutable; built with {@link #builder(String, int, int)}. Coordinates are 1-based and inclusive.
 */
public final class Feature {
  private final String ref;
  private final int start;
  private final int end;
  private final String id;
  private final String label;
  private final FeatureType type;
  private final Method method;
  private final double score;
  private final Orientation orientation;
  private final Phase phase;
  private final List<String> notes;
  private final List<Link> links;
  private final List<Target> targets;
  private final List<String> parents;
  private final List<String> parts;

  private Feature(Builder b) {
    this.ref = b.ref;
    this.start = b.start;
    this.end = b.end;
    this.id = Objects.requireNonNull(b.id, "id");
    this.label = b.label; // null: the source gave no label, and the id stands for it
    this.type = Objects.requireNonNull(b.type, "type");
    this.method = Objects.requireNonNull(b.method, "method");
    this.score = b.score;
    this.orientation = b.orientation;
    this.phase = b.phase;
    this.notes = List.copyOf(b.notes);
    this.links = List.copyOf(b.links);
    this.targets = List.copyOf(b.targets);
    this.parents = List.copyOf(b.parents);
    this.parts = List.copyOf(b.parts);
  }

  public static Builder builder(String ref, int start, int end) {
    return new Builder(ref, start, end);
  }

  /** A builder initialised with this feature's values, to derive a changed copy. */
  public Builder toBuilder() {
    Builder b = new Builder(ref, start, end).id(id).label(label).type(type).method(method);
    b.score = score;
    b.orientation = orientation;
    b.phase = phase;
    b.notes.addAll(notes);
    b.links.addAll(links);
    b.targets.addAll(targets);
    b.parents.addAll(parents);
    b.parts.addAll(parts);
    return b;
  }

  public String ref() {
    return ref;
  }

  public int start() {
    return start;
  }

  public int end() {
    return end;
  }

  public String id() {
    return id;
  }

  public String label() {
    return label == null ? id : label;
  }

  /**
   * Whether the source gave the feature a label of its own (GFF3 {@code Name}, even one equal to the id),
   * rather than the label being its id: exports write a {@code Name} only then.
   */
  public boolean hasLabel() {
    return label != null;
  }

  public FeatureType type() {
    return type;
  }

  public Method method() {
    return method;
  }

  public boolean hasScore() {
    return !Double.isNaN(score);
  }

  /** The score, or NaN when the feature has none (DAS writes {@code -}). */
  public double score() {
    return score;
  }

  public Orientation orientation() {
    return orientation;
  }

  public Phase phase() {
    return phase;
  }

  public List<String> notes() {
    return notes;
  }

  public List<Link> links() {
    return links;
  }

  public List<Target> targets() {
    return targets;
  }

  /** Ids of the features this one is part of (GFF3 {@code Parent}). */
  public List<String> parents() {
    return parents;
  }

  /** Ids of the features that are part of this one (the reverse of {@link #parents()}). */
  public List<String> parts() {
    return parts;
  }

  @Override
  public String toString() {
    return id + "[" + type.id() + " " + ref + ":" + start + "-" + end + "]";
  }

  /** Collects a feature's values; only reference, coordinates, id, type and method are required. */
  public static final class Builder {
    private final String ref;
    private final int start;
    private final int end;
    private String id;
    private String label;
    private FeatureType type;
    private Method method;
    private double score = Double.NaN;
    private Orientation orientation = Orientation.NONE;
    private Phase phase = Phase.NONE;
    private final List<String> notes = new ArrayList<>(0);
    private final List<Link> links = new ArrayList<>(0);
    private final List<Target> targets = new ArrayList<>(0);
    private final List<String> parents = new ArrayList<>(0);
    private final List<String> parts = new ArrayList<>(0);
    private java.util.Set<String> partSet;

    private Builder(String ref, int start, int end) {
      if (ref == null || ref.isEmpty()) {
        throw new IllegalArgumentException("feature without a reference");
      }
      if (end < start) {
        throw new IllegalArgumentException("end " + end + " < start " + start);
      }
      this.ref = ref;
      this.start = start;
      this.end = end;
    }

    public String ref() {
      return ref;
    }

    public int start() {
      return start;
    }

    public int end() {
      return end;
    }

    public String id() {
      return id;
    }

    public FeatureType type() {
      return type;
    }

    /** The label set so far, or null (the built feature's label is then its id). */
    public String label() {
      return label;
    }

    public List<String> parents() {
      return parents;
    }

    public Method method() {
      return method;
    }

    public Orientation orientation() {
      return orientation;
    }

    public Builder id(String id) {
      this.id = id;
      return this;
    }

    public Builder label(String label) {
      this.label = label;
      return this;
    }

    public Builder type(FeatureType type) {
      this.type = type;
      return this;
    }

    public Builder method(Method method) {
      this.method = method;
      return this;
    }

    public Builder score(double score) {
      this.score = score;
      return this;
    }

    public Builder orientation(Orientation orientation) {
      this.orientation = Objects.requireNonNull(orientation);
      return this;
    }

    public Builder phase(Phase phase) {
      this.phase = Objects.requireNonNull(phase);
      return this;
    }

    public Builder note(String note) {
      notes.add(note);
      return this;
    }

    public Builder link(Link link) {
      links.add(link);
      return this;
    }

    public Builder target(Target target) {
      targets.add(target);
      return this;
    }

    public Builder parent(String parentId) {
      if (!parents.contains(parentId)) {
        parents.add(parentId);
      }
      return this;
    }

    public Builder part(String partId) {
      // a parent may have very many parts: past a few, dedupe through a set instead of a list scan
      if (parts.size() < 16) {
        if (!parts.contains(partId)) {
          parts.add(partId);
        }
        return this;
      }
      if (partSet == null) {
        partSet = new java.util.HashSet<>(parts);
      }
      if (partSet.add(partId)) {
        parts.add(partId);
      }
      return this;
    }

    public Feature build() {
      return new Feature(this);
    }
  }
}
