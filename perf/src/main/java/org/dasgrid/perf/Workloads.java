package org.dasgrid.perf;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The DAS requests the load tests send, as paths below the server root ({@code /das/...}), shared by the
 * Gatling simulations, the ab script and {@link BenchServer}'s static baseline (which serves exactly these).
 * Deterministic: the same arguments give the same requests.
 */
public final class Workloads {
  /** The classic DAS stress test, mirrored on FlyBase arm 2L (see shared data README). */
  public static final Map<String, String> STRESS_SEGMENTS = stressSegments();

  /**
   * Users with a locus of their own (the largest BrowserSessions level is 100): user u opens its first view at
   * 100 kb + u × 37,003 bp, so no two users' views are the same segment and a "cold" step renders its answers
   * instead of finding another user's in the cache. Past this many users, loci repeat.
   */
  static final int LOCI = 128;
  private static final long LOCUS_SPACING = 37_003;

  private Workloads() {}

  private static Map<String, String> stressSegments() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("small", "2L:2501,2550");
    m.put("medium", "2L:1,27772");
    m.put("large", "2L:1,1605126");
    return java.util.Collections.unmodifiableMap(m);
  }

  /** {@code /das/SOURCE/features?segment=SEG}. */
  public static String features(String source, String segment) {
    return "/das/" + source + "/features?segment=" + segment;
  }

  /** The three stress-test requests by name (small, medium, large). */
  public static Map<String, String> stress(String source) {
    Map<String, String> m = new LinkedHashMap<>();
    STRESS_SEGMENTS.forEach((name, seg) -> m.put(name, features(source, seg)));
    return m;
  }

  /** One step of a genome-browser session: a name for reports and the request path. */
  public record Step(String name, String path) {}

  /** What a browser asks once when a track is added, before any view: the source list, entry points, types. */
  public static List<Step> trackSetup(String source) {
    return List.of(new Step("sources", "/das/sources"), new Step("entry_points", "/das/" + source + "/entry_points"),
        new Step("types", "/das/" + source + "/types"));
  }

  /**
   * What a genome browser asks while one user looks around a contig (after {@link #trackSetup}): a 20 kb view at
   * the user's own locus (one of {@value #LOCI}), panned right four times by half a view, zoomed out twice, in by
   * 4 and by 2 around a point 1/10 of a view right of the centre (so the zoom does not return to a view already
   * fetched), and panned left three times. Each move fetches the features of the whole new view, as DAS browsers
   * do, and every view of a session, and of every user, is a different segment.
   */
  public static List<Step> browserSession(String source, String ref, int user) {
    List<Step> steps = new ArrayList<>();
    int locus = Math.floorMod(user, LOCI);
    long centre = 100_000L + locus * LOCUS_SPACING;
    long width = 20_000;
    View v = new View(centre, width);
    steps.add(v.step("open", source, ref));
    for (int i = 0; i < 4; i++) {
      v = v.pan(v.width / 2);
      steps.add(v.step("pan", source, ref));
    }
    v = v.zoom(2.0);
    steps.add(v.step("zoom_out", source, ref));
    v = v.zoom(2.0);
    steps.add(v.step("zoom_out", source, ref));
    v = v.zoom(0.25).pan(v.width / 40);
    steps.add(v.step("zoom_in", source, ref));
    v = v.zoom(0.5).pan(v.width / 20);
    steps.add(v.step("zoom_in", source, ref));
    for (int i = 0; i < 3; i++) {
      v = v.pan(-v.width / 2);
      steps.add(v.step("pan", source, ref));
    }
    return steps;
  }

  /** Users whose session paths a BenchServer captures for the static baseline unless told more. */
  public static final int DEFAULT_CAPTURED_USERS = 16;

  /** Every distinct path of the browser sessions of the first {@value #DEFAULT_CAPTURED_USERS} users. */
  public static List<String> browserPaths(String source, String ref) {
    return browserPaths(source, ref, DEFAULT_CAPTURED_USERS);
  }

  /**
   * Every distinct path of the track setup and of the browser sessions of users 0 to {@code users - 1}: what a
   * static baseline must hold for a BrowserSessions step of that many users (each user has its own locus, so
   * 100 users are 1,200 views).
   */
  public static List<String> browserPaths(String source, String ref, int users) {
    java.util.Set<String> paths = new java.util.LinkedHashSet<>();
    for (Step s : trackSetup(source)) {
      paths.add(s.path());
    }
    for (int u = 0; u < Math.min(users, LOCI); u++) {
      for (Step s : browserSession(source, ref, u)) {
        paths.add(s.path());
      }
    }
    return List.copyOf(paths);
  }

  private record View(long centre, long width) {
    View pan(long by) {
      return new View(centre + by, width);
    }

    View zoom(double factor) {
      return new View(centre, Math.max(1000, Math.round(width * factor)));
    }

    Step step(String name, String source, String ref) {
      long start = Math.max(1, centre - width / 2);
      return new Step(name, features(source, ref + ":" + start + "," + (start + width - 1)));
    }
  }

  /**
   * A batch request: {@code count} windows of {@code width} bp at random places in [1, {@code span}], as
   * {@code segment=} arguments of one features request. Every call gives new windows, so batches miss the
   * response cache, like key lookups in a database benchmark.
   */
  public static String batch(String source, String ref, int count, int width, int span, SplittableRandom rnd) {
    StringBuilder sb = new StringBuilder(32 + count * 24);
    sb.append("/das/").append(source).append("/features?");
    for (int i = 0; i < count; i++) {
      int start = 1 + rnd.nextInt(Math.max(1, span - width));
      if (i > 0) {
        sb.append('&');
      }
      sb.append("segment=").append(ref).append(':').append(start).append(',').append(start + width - 1);
    }
    return sb.toString();
  }
}
