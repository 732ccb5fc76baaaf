package org.dasgrid.datasources.bed;

import htsjdk.tribble.bed.BEDCodec;
import htsjdk.tribble.bed.BEDFeature;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dasgrid.core.feature.Feature;
import org.dasgrid.core.feature.FeatureType;
import org.dasgrid.core.feature.Interner;
import org.dasgrid.core.feature.Method;
import org.dasgrid.core.feature.Orientation;
import org.dasgrid.datasources.io.MalformedRecord;

/**
 * Turns BED lines (UCSC BED 3 to 12, plus extra columns) into DAS features, the same way for the in-memory
 * BED source and for BED inside a tabix-indexed file.
 *
 * <p>htsjdk's {@link BEDCodec} decodes the fields it exposes (reference, coordinates, name, strand, colour),
 * but it is lenient by design: a bad or {@code .} score silently ends the line (dropping the strand), and the BED12 blocks it builds keep their
 * coordinates private. So each line is checked here first (column count, integer coordinates, start not after
 * end, score, strand, thick range, {@code itemRgb}, block lists), and blocks are read from the columns.
 *
 * <p>A line becomes one feature: id {@code name@ref:start-end} (or {@code ref:start-end} without a name), so
 * that ids are unique and the same from any reader; the name is the label; score, strand and, as notes,
 * thick range and {@code itemRgb}. A coloured line's type is {@code type:rrggbb}, so the stylesheet can
 * draw it in its colour ({@link #typeColours}). BED12 blocks become parts of it, with ids {@code
 * <parent id>/<n>}. Not thread-safe; one per load or query.
 */
public final class BedRecords {
  private final BEDCodec codec = new BEDCodec(BEDCodec.StartOffset.ONE);
  private final BedOptions options;
  private final Interner pool;
  private final Method method;
  private final Map<String, String> typeColours = new LinkedHashMap<>();
  private final Map<String, FeatureType> colouredTypes = new java.util.HashMap<>();
  private int columns = -1;

  public BedRecords(BedOptions options, Interner pool) {
    this.options = options;
    this.pool = pool;
    this.method = pool.method(options.method());
  }

  /** Whether a line carries data, rather than being blank, a comment, or a {@code track}/{@code browser} line. */
  public static boolean isData(String line) {
    if (line.isBlank() || line.charAt(0) == '#') {
      return false;
    }
    return !(line.startsWith("track") && (line.length() == 5 || Character.isWhitespace(line.charAt(5))))
        && !(line.startsWith("browser") && (line.length() == 7 || Character.isWhitespace(line.charAt(7))));
  }

  /** The colours of the coloured types seen so far ({@code #rrggbb} by type id). */
  public Map<String, String> typeColours() {
    return typeColours;
  }

  /**
   * The features of one data line: the line's feature, then its blocks in order.
   *
   * @throws MalformedRecord if the line is not valid BED
   */
  public List<Feature> decode(String line) {
    List<Feature.Builder> builders = decodeBuilders(line);
    List<Feature> out = new ArrayList<>(builders.size());
    for (Feature.Builder b : builders) {
      out.add(b.build());
    }
    return out;
  }

  /** As {@link #decode}, with the features not yet built (ids and parts are already complete). */
  public List<Feature.Builder> decodeBuilders(String line) {
    String[] t = tokens(line);
    int n = t.length;
    checkColumns(n);
    int start0 = coordinate(t[1], "chromStart");
    int end = coordinate(t[2], "chromEnd");
    if (end < start0) {
      throw new MalformedRecord("chromEnd " + end + " < chromStart " + start0);
    }
    if (t[0].isEmpty()) {
      throw new MalformedRecord("empty chrom");
    }
    double score = n > 4 ? score(t[4]) : Double.NaN;
    Orientation orientation = n > 5 ? strand(t[5]) : Orientation.NONE;
    int[] thick = n > 7 ? thick(t[6], t[7], start0, end) : null;
    int[] rgb = n > 8 ? rgb(t[8]) : null;
    int[][] blocks = n >= 12 ? blocks(t[9], t[10], t[11], end - start0) : null;

    BEDFeature bed = codec.decode(t);
    String ref = pool.intern(bed.getContig());
    // BED is 0-based half-open; DAS is 1-based inclusive. A zero-length BED feature (an insertion point) is
    // given the base after it, as tabix indexes it.
    int start = start0 + 1;
    int stop = Math.max(end, start);
    String name = n > 3 ? bed.getName() : null;
    if (name != null && (name.isEmpty() || name.equals("."))) {
      name = null;
    }
    String span = ref + ":" + start + "-" + stop;
    String id = name == null ? span : name + "@" + span;
    Feature.Builder line1 = Feature.builder(ref, start, stop)
        .id(id)
        .label(name == null ? id : name)
        .type(type(rgb, bed.getColor()))
        .method(method)
        .score(score)
        .orientation(orientation);
    if (start0 == end) {
      line1.note("zero-length BED feature (an insertion point before this base)");
    }
    if (thick != null && thick[0] < thick[1]) {
      // in DAS coordinates (1-based, inclusive), like START and END
      line1.note("thickStart=" + (thick[0] + 1)).note("thickEnd=" + thick[1]);
    }
    if (rgb != null) {
      line1.note(pool.intern("itemRgb=" + rgb[0] + "," + rgb[1] + "," + rgb[2]));
    }
    for (int i = 12; i < n; i++) {
      line1.note("field" + (i + 1) + "=" + t[i]);
    }
    if (blocks == null) {
      return List.of(line1);
    }
    List<Feature.Builder> out = new ArrayList<>(blocks.length + 1);
    FeatureType blockType = pool.type(options.blockType());
    for (int k = 0; k < blocks.length; k++) {
      String blockId = id + "/" + (k + 1);
      line1.part(blockId);
      out.add(Feature.builder(ref, start + blocks[k][0], start + blocks[k][0] + blocks[k][1] - 1)
          .id(blockId)
          .type(blockType)
          .method(method)
          .orientation(orientation)
          .parent(id));
    }
    out.add(0, line1);
    return out;
  }

  private static String[] tokens(String line) {
    String s = line.stripTrailing();
    // BED is tab-separated; old files used spaces, which htsjdk also accepts when there is no tab
    return s.indexOf('\t') >= 0 ? s.split("\t", -1) : s.trim().split("\\s+");
  }

  private void checkColumns(int n) {
    if (n < 3) {
      throw new MalformedRecord("expected 3 to 12 columns (chrom, chromStart, chromEnd, ...), found " + n);
    }
    if (n == 10 || n == 11) {
      throw new MalformedRecord("found " + n + " columns: BED12 blocks need blockCount, blockSizes and"
          + " blockStarts (columns 10 to 12)");
    }
    if (columns < 0) {
      columns = n;
    } else if (n != columns) {
      throw new MalformedRecord("found " + n + " columns where earlier lines have " + columns
          + " (BED needs the same number on every line)");
    }
  }

  private static int coordinate(String s, String what) {
    try {
      int v = Integer.parseInt(s.trim());
      if (v < 0) {
        throw new MalformedRecord(what + " " + v + " is negative");
      }
      return v;
    } catch (NumberFormatException e) {
      throw new MalformedRecord(what + " " + MalformedRecord.quote(s) + " is not an integer");
    }
  }

  private static double score(String s) {
    if (s.equals(".")) {
      return Double.NaN;
    }
    try {
      double d = Double.parseDouble(s);
      if (!Double.isFinite(d)) {
        throw new NumberFormatException();
      }
      return d;
    } catch (NumberFormatException e) {
      throw new MalformedRecord("score " + MalformedRecord.quote(s) + " is not a number or '.'");
    }
  }

  /** The strand, read here: htsjdk stops decoding a line at a score of {@code .} and loses it. */
  private static Orientation strand(String s) {
    switch (s) {
      case "+":
        return Orientation.FORWARD;
      case "-":
        return Orientation.REVERSE;
      case ".":
        return Orientation.NONE;
      default:
        throw new MalformedRecord("strand " + MalformedRecord.quote(s) + " is not +, - or .");
    }
  }

  private static int[] thick(String s, String e, int start0, int end) {
    int ts = coordinate(s, "thickStart");
    int te = coordinate(e, "thickEnd");
    if (te < ts || ts < start0 || te > end) {
      throw new MalformedRecord("thickStart..thickEnd " + ts + ".." + te + " is not inside chromStart..chromEnd "
          + start0 + ".." + end);
    }
    return new int[] {ts, te};
  }

  private static int[] rgb(String s) {
    if (s.equals("0") || s.equals(".")) {
      return null;
    }
    String[] parts = s.split(",", -1);
    if (parts.length != 3) {
      throw new MalformedRecord("itemRgb " + MalformedRecord.quote(s) + " is not R,G,B or 0");
    }
    int[] rgb = new int[3];
    for (int i = 0; i < 3; i++) {
      try {
        rgb[i] = Integer.parseInt(parts[i].trim());
      } catch (NumberFormatException e) {
        rgb[i] = -1;
      }
      if (rgb[i] < 0 || rgb[i] > 255) {
        throw new MalformedRecord("itemRgb " + MalformedRecord.quote(s) + " is not R,G,B with values 0 to 255");
      }
    }
    return rgb;
  }

  /** Block offsets and sizes, checked: ascending, not overlapping, inside the feature. */
  private static int[][] blocks(String count, String sizes, String starts, int length) {
    int n;
    try {
      n = Integer.parseInt(count.trim());
    } catch (NumberFormatException e) {
      throw new MalformedRecord("blockCount " + MalformedRecord.quote(count) + " is not an integer");
    }
    if (n < 1) {
      throw new MalformedRecord("blockCount " + n + " is not at least 1");
    }
    int[] size = list(sizes, n, "blockSizes");
    int[] offset = list(starts, n, "blockStarts");
    int[][] out = new int[n][];
    int previousEnd = 0;
    for (int i = 0; i < n; i++) {
      if (size[i] < 1) {
        throw new MalformedRecord("block " + (i + 1) + " has size " + size[i]);
      }
      if (offset[i] < previousEnd || (long) offset[i] + size[i] > length) {
        throw new MalformedRecord("block " + (i + 1) + " (" + offset[i] + "+" + size[i]
            + ") overlaps the previous block or leaves the feature (length " + length + ")");
      }
      previousEnd = offset[i] + size[i];
      out[i] = new int[] {offset[i], size[i]};
    }
    return out;
  }

  private static int[] list(String s, int n, String what) {
    String trimmed = s.endsWith(",") ? s.substring(0, s.length() - 1) : s;
    String[] parts = trimmed.split(",", -1);
    if (parts.length != n) {
      throw new MalformedRecord(what + " has " + parts.length + " values, blockCount says " + n);
    }
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      try {
        out[i] = Integer.parseInt(parts[i].trim());
      } catch (NumberFormatException e) {
        throw new MalformedRecord(what + " value " + MalformedRecord.quote(parts[i]) + " is not an integer");
      }
    }
    return out;
  }

  private FeatureType type(int[] rgb, Color colour) {
    if (rgb == null) {
      return pool.type(options.type());
    }
    String hex = String.format(Locale.ROOT, "%02x%02x%02x", colour.getRed(), colour.getGreen(), colour.getBlue());
    String id = options.type() + ":" + hex;
    typeColours.putIfAbsent(id, "#" + hex);
    return colouredTypes.computeIfAbsent(id, k -> {
      // a colour does not change what the feature is: same category and ontology term as the plain type
      FeatureType base = pool.type(options.type());
      return new FeatureType(pool.intern(k), base.category(), base.cvId());
    });
  }
}
