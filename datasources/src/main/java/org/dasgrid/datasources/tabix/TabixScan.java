package org.dasgrid.datasources.tabix;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.source.LoadMonitor;
import org.dasgrid.core.source.SourceLoadException;
import org.dasgrid.datasources.io.MalformedRecord;
import org.dasgrid.datasources.io.TextInput;

/**
 * One streaming pass over a tabix-indexed file at load, holding no features: it checks every line (so a bad
 * file fails at start-up with file and line, like the in-memory formats, not on some later request) and
 * keeps only what region queries cannot answer on their own:
 *
 * <ul>
 *   <li>the longest extent of each reference (its length, when no FASTA or header gives one);
 *   <li>feature counts per type, for {@code types} over the whole source;
 *   <li>where each feature id is ({@link IdLocations}, for {@code feature_id=}), and for VCF each record ID
 *       that is not already an id (the ALT features of a multi-allelic record);
 *   <li>where the parts of each GFF3 parent are, so a parent found by a query lists all its parts.
 * </ul>
 *
 * It also checks the order tabix needs (by reference, then start) and that every reference is indexed.
 */
final class TabixScan {
  private static final int PROGRESS_EVERY = 4096;

  record Result(
      long records,
      long bytesRead,
      Map<String, Integer> maxEnds,
      Map<FeatureType, Integer> typeCounts,
      IdLocations ids,
      IdLocations parts) {}

  private TabixScan() {}

  static Result run(Path file, RegionIndex index, LineKind kind, LineKind.Decoder decoder, InputStream content,
      LoadMonitor monitor) throws SourceLoadException {
    Map<String, Integer> tids = new HashMap<>();
    for (int i = 0; i < index.names().size(); i++) {
      tids.put(index.names().get(i), i);
    }
    char meta = index.format().metaCharacter;
    int skip = index.format().numHeaderLinesToSkip;
    Map<String, Integer> maxEnds = new LinkedHashMap<>();
    Map<String, FeatureType> types = new HashMap<>();
    Map<String, int[]> counts = new TreeMap<>();
    IdLocations ids = new IdLocations();
    IdLocations parts = new IdLocations();
    Set<String> finishedRefs = new HashSet<>();
    // GTF only: ids with a line of their own, and parents named by lines (a gene or transcript without a line)
    Set<String> defined = kind == LineKind.GTF ? new HashSet<>() : null;
    Map<String, Long> named = kind == LineKind.GTF ? new LinkedHashMap<>() : null;
    String currentRef = null;
    int lastStart = 0;
    long records = 0;
    long lineNo = 0;
    try (TextInput input = TextInput.open(file, content)) {
      BufferedReader r = input.reader();
      String line;
      while ((line = r.readLine()) != null) {
        lineNo++;
        if (lineNo <= skip || line.isEmpty() || line.charAt(0) == meta) {
          continue;
        }
        List<Feature.Builder> fs;
        try {
          fs = decoder.decode(line);
        } catch (MalformedRecord | IllegalArgumentException e) {
          input.checkComplete(lineNo);
          throw SourceLoadException.badRecord(file, lineNo, e.getMessage());
        }
        if (fs.isEmpty()) {
          continue;
        }
        Feature.Builder first = fs.get(0);
        String ref = first.ref();
        Integer tid = tids.get(ref);
        if (tid == null) {
          input.checkComplete(lineNo);
          throw SourceLoadException.badRecord(file, lineNo, "reference '" + ref
              + "' is not in the tabix index (is the index stale? re-run tabix)");
        }
        if (!ref.equals(currentRef)) {
          if (!finishedRefs.add(ref)) {
            throw SourceLoadException.badRecord(file, lineNo, "not sorted: '" + ref + "' appears again after '"
                + currentRef + "' (tabix needs the file sorted by reference, then start)");
          }
          currentRef = ref;
          lastStart = 0;
        }
        if (first.start() < lastStart) {
          throw SourceLoadException.badRecord(file, lineNo, "not sorted: start " + first.start() + " after "
              + lastStart + " (tabix needs the file sorted by reference, then start)");
        }
        lastStart = first.start();
        for (Feature.Builder b : fs) {
          records++;
          maxEnds.merge(b.ref(), b.end(), Math::max);
          types.putIfAbsent(b.type().id(), b.type());
          counts.computeIfAbsent(b.type().id(), k -> new int[1])[0]++;
          if (b.id() != null) {
            ids.add(b.id(), tid, b.start(), b.end());
            if (defined != null) {
              defined.add(b.id());
            }
          }
          if (kind.findsByLabel && b.label() != null && !b.label().equals(b.id())) {
            ids.add(b.label(), tid, b.start(), b.end());
          }
          if (kind.linksAcrossLines) {
            for (String parent : b.parents()) {
              parts.add(parent, tid, b.start(), b.end());
              if (named != null) {
                named.putIfAbsent(parent, lineNo);
              }
            }
          }
        }
        if (records % PROGRESS_EVERY < fs.size()) {
          monitor.progress(records, input.bytesRead());
        }
      }
      input.checkComplete(lineNo);
      if (named != null) {
        checkGtfParents(file, defined, named);
      }
      monitor.progress(records, input.bytesRead());
      Map<FeatureType, Integer> typeCounts = new LinkedHashMap<>();
      counts.forEach((id, n) -> typeCounts.put(types.get(id), n[0]));
      return new Result(records, input.bytesRead(), maxEnds, typeCounts, ids.freeze(true), parts.freeze(true));
    } catch (IOException e) {
      throw SourceLoadException.badRecord(file, lineNo + 1, TextInput.describe(e));
    }
  }

  /**
   * The in-memory GTF source makes a gene or transcript that has no line of its own from its parts' extent;
   * served from disk it cannot, so such a file is refused rather than served with those features missing.
   */
  private static void checkGtfParents(Path file, Set<String> defined, Map<String, Long> named)
      throws SourceLoadException {
    for (Map.Entry<String, Long> e : named.entrySet()) {
      if (!defined.contains(e.getKey())) {
        throw SourceLoadException.badRecord(file, e.getValue(), "'" + e.getKey() + "' has no gene or transcript"
            + " line of its own, which a tabix source cannot infer; serve it as format gtf, or add the lines");
      }
    }
  }
}
