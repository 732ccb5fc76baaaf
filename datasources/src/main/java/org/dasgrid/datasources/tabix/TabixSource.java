package org.dasgrid.datasources.tabix;

import htsjdk.samtools.Chunk;
import htsjdk.samtools.util.BlockCompressedInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.Cleaner;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.segment.Segment;
import org.dasgrid.core.source.DataSource;
import org.dasgrid.core.source.EntryPoint;
import org.dasgrid.core.source.EntryPoints;
import org.dasgrid.core.source.FeatureFilter;
import org.dasgrid.core.source.SourceStats;
import org.dasgrid.core.source.StyledSource;

/**
 * Features of a bgzipped, tabix-indexed file, read from disk for each query: only the index, the per-type
 * counts and the compact id tables of {@link TabixScan} are held in memory, so a genome-scale file serves
 * with a few MB of heap.
 *
 * <p>Answers are the same as the in-memory source's on the same (sorted) file. A feature without an id gets
 * the one the in-memory builder would give it ({@code type:ref:start..end}, {@code #n} on a clash): features
 * sharing such an id share their coordinates, so every query that finds one finds them all, in file order,
 * and numbers them alike. A GFF3 parent lists all its parts, wherever they are: the parts' extent comes from
 * the scan and is read too. Results come in (start, end) order, as from the in-memory index.
 *
 * <p>Thread-safe: each query reads through its own stream over one shared, positional file channel, opened
 * at load and closed once the source is unreachable (a reload swaps in a new one).
 */
final class TabixSource implements DataSource, StyledSource {
  private static final Cleaner CLEANER = Cleaner.create();
  /** Ranges of parts closer than this are read in one pass over the file. */
  private static final int CLUSTER_GAP = 1 << 18;
  private static final Comparator<Feature> BY_POSITION =
      Comparator.comparingInt(Feature::start).thenComparingInt(Feature::end);

  private final Path file;
  private final FileChannel channel;
  private final long length;
  private final RegionIndex index;
  private final LineKind kind;
  private final Supplier<LineKind.Decoder> decoders;
  private final List<EntryPoint> entryPoints;
  private final Map<String, EntryPoint> byName;
  private final Map<String, Integer> tids = new HashMap<>();
  private final TabixScan.Result scan;
  private final Map<String, String> typeColours;
  private final SourceStats stats;

  TabixSource(Path file, FileChannel channel, RegionIndex index, LineKind kind,
      Supplier<LineKind.Decoder> decoders, Map<String, Integer> declaredLengths, TabixScan.Result scan,
      Map<String, String> typeColours) throws IOException {
    this.file = file;
    this.channel = channel;
    this.length = channel.size();
    this.index = index;
    this.kind = kind;
    this.decoders = decoders;
    this.scan = scan;
    this.typeColours = Map.copyOf(typeColours);
    for (int i = 0; i < index.names().size(); i++) {
      tids.put(index.names().get(i), i);
    }
    // as the in-memory source: declared references first, then the others in file order
    Set<String> names = new LinkedHashSet<>(declaredLengths.keySet());
    names.addAll(index.names());
    List<EntryPoint> eps = new ArrayList<>();
    for (String name : names) {
      int len = Math.max(declaredLengths.getOrDefault(name, 0), scan.maxEnds().getOrDefault(name, 0));
      if (len > 0) {
        eps.add(EntryPoint.of(name, len));
      }
    }
    this.entryPoints = EntryPoints.withBuiltInAliases(eps);
    this.byName = EntryPoints.byNameOrAlias(entryPoints);
    this.stats = new SourceStats(scan.records(), scan.bytesRead(), scan.ids().bytes() + scan.parts().bytes());
    CLEANER.register(this, new Closer(channel, index));
  }

  @Override
  public List<EntryPoint> entryPoints() {
    return entryPoints;
  }

  @Override
  public Optional<EntryPoint> entryPoint(String nameOrAlias) {
    return Optional.ofNullable(byName.get(nameOrAlias));
  }

  @Override
  public void features(Segment segment, FeatureFilter filter, Consumer<Feature> sink) {
    LineKind.Decoder decoder = decoders.get();
    List<Feature.Builder> found = new ArrayList<>();
    for (Feature.Builder b : read(segment.ref(), segment.start(), segment.stop(), decoder)) {
      if (filter.isAny() || matches(filter, b)) {
        found.add(b);
      }
    }
    linkParts(found, decoder);
    for (Feature f : build(found)) {
      sink.accept(f);
    }
  }

  @Override
  public int countFeatures(Segment segment, FeatureFilter filter) {
    int n = 0;
    for (Feature.Builder b : read(segment.ref(), segment.start(), segment.stop(), decoders.get())) {
      if (filter.isAny() || matches(filter, b)) {
        n++;
      }
    }
    return n;
  }

  @Override
  public List<Feature> featuresById(String id) {
    Map<Integer, List<int[]>> ranges = new TreeMap<>();
    for (IdLocations.Location l : scan.ids().lookup(id)) {
      ranges.computeIfAbsent(l.tid(), k -> new ArrayList<>()).add(new int[] {l.start(), l.end()});
    }
    generatedIdRange(id).ifPresent(l ->
        ranges.computeIfAbsent(l.tid(), k -> new ArrayList<>()).add(new int[] {l.start(), l.end()}));
    if (ranges.isEmpty()) {
      return List.of();
    }
    LineKind.Decoder decoder = decoders.get();
    List<Feature.Builder> found = new ArrayList<>();
    List<Feature.Builder> byLabel = new ArrayList<>(0);
    ranges.forEach((tid, list) -> {
      for (int[] r : merge(list)) {
        for (Feature.Builder b : read(index.names().get(tid), r[0], r[1], decoder)) {
          if (id.equals(b.id())) {
            found.add(b);
          } else if (kind.findsByLabel && id.equals(b.label())) {
            byLabel.add(b);
          }
        }
      }
    });
    // as InMemoryFeatureSource: those with the id first, then those with the label, each in file order
    found.addAll(byLabel);
    linkParts(found, decoder);
    List<Feature> out = new ArrayList<>(found.size());
    for (Feature.Builder b : found) {
      out.add(b.build());
    }
    return out;
  }

  @Override
  public Map<FeatureType, Integer> typeCounts() {
    return scan.typeCounts();
  }

  @Override
  public Map<FeatureType, Integer> typeCounts(Segment segment) {
    Map<String, FeatureType> types = new HashMap<>();
    Map<String, int[]> counts = new TreeMap<>();
    for (Feature.Builder b : read(segment.ref(), segment.start(), segment.stop(), decoders.get())) {
      types.putIfAbsent(b.type().id(), b.type());
      counts.computeIfAbsent(b.type().id(), k -> new int[1])[0]++;
    }
    Map<FeatureType, Integer> out = new LinkedHashMap<>();
    counts.forEach((t, n) -> out.put(types.get(t), n[0]));
    return out;
  }

  @Override
  public SourceStats stats() {
    return stats;
  }

  @Override
  public boolean featuresAreVcfSites() {
    return kind == LineKind.VCF;
  }

  @Override
  public Map<String, String> typeColours() {
    return typeColours;
  }

  private static boolean matches(FeatureFilter filter, Feature.Builder b) {
    return (filter.types().isEmpty() || filter.types().contains(b.type().id()))
        && (filter.categories().isEmpty() || filter.categories().contains(b.type().category()));
  }

  /**
   * The features of the lines overlapping [start, end] that themselves overlap it, in file order, with the
   * ids the in-memory builder would generate for those without one.
   */
  private List<Feature.Builder> read(String ref, int start, int end, LineKind.Decoder decoder) {
    return read(ref, List.of(new int[] {start, end}), decoder);
  }

  /**
   * As {@link #read(String, int, int, LineKind.Decoder)} for several sorted, disjoint ranges in one pass over
   * the file: lines between the ranges are skipped by their columns, without decoding them.
   */
  private List<Feature.Builder> read(String ref, List<int[]> ranges, LineKind.Decoder decoder) {
    Integer tid = tids.get(ref);
    List<Feature.Builder> out = new ArrayList<>();
    if (tid == null || ranges.isEmpty()) {
      return out;
    }
    int last = ranges.get(ranges.size() - 1)[1];
    List<Chunk> chunks = index.chunks(tid, ranges.get(0)[0], last);
    if (chunks.isEmpty()) {
      return out;
    }
    char meta = index.format().metaCharacter;
    LineSpan span = new LineSpan(index.format());
    Map<String, Integer> generated = new HashMap<>();
    try (BlockCompressedInputStream in =
        new BlockCompressedInputStream(new ChannelStream(channel, length, file.toString()))) {
      for (Chunk c : chunks) {
        in.seek(c.getChunkStart());
        while (in.getFilePointer() < c.getChunkEnd()) {
          String line = in.readLine();
          if (line == null) {
            break;
          }
          if (line.isEmpty() || line.charAt(0) == meta) {
            continue;
          }
          if (!span.read(line)) {
            throw new IOException(file.getFileName() + ": unreadable line in a region of " + ref
                + " (was the file changed in place?)");
          }
          if (!span.ref.equals(ref)) {
            continue;
          }
          if (span.start > last) {
            return out; // sorted by start: nothing further can overlap
          }
          if (!overlapsAny(ranges, span.start, span.end)) {
            continue;
          }
          for (Feature.Builder b : decoder.decode(line)) {
            if (overlapsAny(ranges, b.start(), b.end())) {
              if (b.id() == null) {
                b.id(generatedId(b, generated));
              }
              out.add(b);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Whether [start, end] overlaps one of the sorted, disjoint ranges. */
  private static boolean overlapsAny(List<int[]> ranges, int start, int end) {
    int lo = 0;
    int hi = ranges.size();
    while (lo < hi) { // the first range ending at or after start
      int mid = (lo + hi) >>> 1;
      if (ranges.get(mid)[1] < start) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo < ranges.size() && ranges.get(lo)[0] <= end;
  }

  /** {@code type:ref:start..end}, then {@code #2}, {@code #3}... as InMemoryFeatureSource.Builder does. */
  private static String generatedId(Feature.Builder b, Map<String, Integer> generated) {
    String base = b.type().id() + ":" + b.ref() + ":" + b.start() + ".." + b.end();
    int n = generated.merge(base, 1, Integer::sum);
    return n == 1 ? base : base + "#" + n;
  }

  /** Where a generated id ({@code type:ref:start..end[#n]}) points, if it has that shape. */
  private Optional<IdLocations.Location> generatedIdRange(String id) {
    int dots = id.lastIndexOf("..");
    if (dots < 0) {
      return Optional.empty();
    }
    int hash = id.indexOf('#', dots);
    String endText = hash < 0 ? id.substring(dots + 2) : id.substring(dots + 2, hash);
    int colon = id.lastIndexOf(':', dots);
    if (colon < 0) {
      return Optional.empty();
    }
    try {
      int start = Integer.parseInt(id.substring(colon + 1, dots));
      int end = Integer.parseInt(endText);
      // the type may contain ':', so try each split of "type:ref"
      String typeAndRef = id.substring(0, colon);
      for (int i = typeAndRef.indexOf(':'); i >= 0; i = typeAndRef.indexOf(':', i + 1)) {
        Integer tid = tids.get(typeAndRef.substring(i + 1));
        if (tid != null) {
          return Optional.of(new IdLocations.Location(tid, start, end));
        }
      }
    } catch (NumberFormatException e) {
      // not a generated id
    }
    return Optional.empty();
  }

  /** Gives each GFF3 parent among {@code found} its parts, read from where the scan saw them. */
  private void linkParts(List<Feature.Builder> found, LineKind.Decoder decoder) {
    if (!kind.linksAcrossLines || scan.parts().size() == 0) {
      return;
    }
    Map<String, List<Feature.Builder>> parents = new HashMap<>();
    Map<Integer, List<int[]>> ranges = new TreeMap<>();
    for (Feature.Builder b : found) {
      List<IdLocations.Location> where = scan.parts().lookup(b.id());
      if (where.isEmpty()) {
        continue;
      }
      parents.computeIfAbsent(b.id(), k -> new ArrayList<>(1)).add(b);
      for (IdLocations.Location l : where) {
        ranges.computeIfAbsent(l.tid(), k -> new ArrayList<>()).add(new int[] {l.start(), l.end()});
      }
    }
    ranges.forEach((tid, list) -> {
      for (List<int[]> cluster : clusters(merge(list))) {
        for (Feature.Builder child : read(index.names().get(tid), cluster, decoder)) {
          for (String p : child.parents()) {
            List<Feature.Builder> ps = parents.get(p);
            if (ps != null) {
              for (Feature.Builder parent : ps) {
                parent.part(child.id());
              }
            }
          }
        }
      }
    });
  }

  /**
   * Ranges grouped so that each group is read in one pass: ranges closer than {@link #CLUSTER_GAP} share a
   * pass (skipping a few lines between them costs less than seeking to each range's chunks again).
   */
  private static List<List<int[]>> clusters(List<int[]> ranges) {
    List<List<int[]>> out = new ArrayList<>();
    List<int[]> current = null;
    for (int[] r : ranges) {
      if (current == null || r[0] - current.get(current.size() - 1)[1] > CLUSTER_GAP) {
        current = new ArrayList<>();
        out.add(current);
      }
      current.add(r);
    }
    return out;
  }

  /** Overlapping or touching ranges merged, in order. */
  private static List<int[]> merge(List<int[]> ranges) {
    ranges.sort(Comparator.comparingInt(r -> r[0]));
    List<int[]> out = new ArrayList<>();
    for (int[] r : ranges) {
      int[] last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && r[0] <= last[1] + 1) {
        last[1] = Math.max(last[1], r[1]);
      } else {
        out.add(new int[] {r[0], r[1]});
      }
    }
    return out;
  }

  private static List<Feature> build(List<Feature.Builder> builders) {
    List<Feature> out = new ArrayList<>(builders.size());
    for (Feature.Builder b : builders) {
      out.add(b.build());
    }
    out.sort(BY_POSITION); // stable: ties keep file order, as in the in-memory index
    return out;
  }

  /** Closes the file and index once the source is gone; holds no reference to the source itself. */
  private record Closer(FileChannel channel, RegionIndex index) implements Runnable {
    @Override
    public void run() {
      try {
        channel.close();
      } catch (IOException e) {
        // nothing more to do for a file we no longer read
      }
      index.close();
    }
  }
}
