package org.dasgrid.core.api.export;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.dasgrid.core.api.cohort.CohortApi;
import org.dasgrid.core.api.genotype.RequestTimer;
import org.dasgrid.core.api.genotype.SampleChoice;
import org.dasgrid.core.api.genotype.SegmentArguments;
import org.dasgrid.core.arguments.QueryArguments;
import org.dasgrid.core.error.ErrorKind;
import org.dasgrid.core.error.RequestException;
import org.dasgrid.core.genotype.CallReader;
import org.dasgrid.core.genotype.KeyedRows;
import org.dasgrid.core.genotype.RowCalls;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.cohort.SampleInfo;
import org.dasgrid.core.genotype.cohort.SampleSheet;

/**
 * {@code POST /genotypes/{source}/frequencies[?by=COLUMN&samples=...]} (contract section 12): the body one
 * variant a line ({@code CHROM:POS:REF:ALT} or an ID; blank lines and {@code #} comments skipped), the answer
 * per line in the body's order its AC, AN and AF over the chosen samples and per value of the sample sheet's
 * column {@code by} ({@code population} by default; none without a sheet holding it), counted as {@code
 * bcftools +fill-tags} counts them (a haploid call one allele, a partial call {@code ./1} its called one). An
 * ID that names several ALT alleles (a multi-allelic record) answers one entry per allele; a line that names
 * nothing answers {@code "found": false}. Found through the engine's keyed rows, so 10,000 variants cost a
 * hash lookup each, not a scan.
 */
public final class FrequenciesEndpoint {
  public static final String PATH = "frequencies";
  public static final String TSV = "text/tab-separated-values";
  /** Most variant lines one request may post. */
  public static final int MAX_VARIANTS = 200_000;
  private static final Set<String> ARGUMENTS = Set.of("by", "samples");
  private static final JsonFactory JSON = new JsonFactory();

  private FrequenciesEndpoint() {}

  /** A computed answer, written as JSON or TSV. */
  public interface Answer {
    void write(OutputStream out, boolean tsv, RequestTimer timer) throws IOException;

    /** Entries answered (found alleles and unknown lines). */
    int size();
  }

  /** One line's answer: the allele found (null when none) and its counts, overall then per group. */
  private record Entry(String query, String chrom, int pos, String id, String ref, String alt, int[] counts) {}

  public static Answer answer(QueryArguments args, byte[] body, CohortApi.Context ctx) {
    SegmentArguments.refuseUnknown(args, ARGUMENTS, "frequencies");
    if (!(ctx.engine() instanceof CallReader reader) || reader.keyedRows().isEmpty()) {
      throw new RequestException(ErrorKind.UNSUPPORTED, "frequencies are not available on this source (its "
          + "genotypes are split over cluster nodes)");
    }
    List<String> keys = lines(body);
    SampleSelection chosen = SampleChoice.parse(args.all("samples"), ctx.engine(), ctx.sheet());
    Optional<String> by = args.single("by").map(String::strip);
    String column = by.orElse("population");
    List<String> groups = new ArrayList<>();
    int[] groupOf = groups(ctx, chosen, column, by.isPresent(), groups);
    int g = groups.size();
    int[] groupSize = new int[g + 1];
    for (int s : chosen.members()) {
      groupSize[0]++;
      if (groupOf[s] >= 0) {
        groupSize[groupOf[s] + 1]++;
      }
    }
    List<List<Entry>> found = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      found.add(null);
    }
    reader.keyedRows().orElseThrow().forEachMatch(keys, (row, matched) -> {
      int[] counts = counts(row, chosen, groupOf, groupSize);
      int last = -1;
      for (int k : matched) {
        if (k == last) {
          continue; // a key equal to both the ID and the coordinates comes twice
        }
        last = k;
        if (found.get(k) == null) {
          found.set(k, new ArrayList<>(1));
        }
        found.get(k).add(new Entry(keys.get(k), row.contig(), row.pos(), row.id(), row.ref(), row.alt(), counts));
      }
    });
    List<Entry> entries = new ArrayList<>(keys.size());
    for (int i = 0; i < keys.size(); i++) {
      List<Entry> f = found.get(i);
      if (f == null) {
        entries.add(new Entry(keys.get(i), null, 0, null, null, null, null));
      } else {
        entries.addAll(f);
      }
    }
    return new FrequencyAnswer(column, groups, entries);
  }

  /** Per sample the number of its group (its value of {@code column}, in first-seen order), -1 for none. */
  private static int[] groups(CohortApi.Context ctx, SampleSelection chosen, String column, boolean asked,
      List<String> groups) {
    int[] groupOf = new int[chosen.cohortSize()];
    java.util.Arrays.fill(groupOf, -1);
    Optional<SampleSheet> sheet = ctx.sheet();
    boolean has = sheet.isPresent() && (sheet.get().hasGroupKey(column) || column.equals("family"));
    if (!has) {
      if (asked) {
        throw RequestException.badArgument("by=%s: %s", SampleChoice.shorten(column), sheet.isEmpty()
            ? "the source has no sample sheet (samples: in the config)"
            : "the sample sheet has no such column; it has " + String.join(", ", sheet.get().groupColumns()));
      }
      return groupOf;
    }
    java.util.Map<String, Integer> numbers = new java.util.TreeMap<>();
    List<String> names = ctx.engine().sampleNames();
    for (int s : chosen.members()) {
      Optional<SampleInfo> info = sheet.get().get(names.get(s));
      String v = info.map(i -> column.equals("family") ? i.family() : i.groups().get(column)).orElse(null);
      if (v != null && !v.isEmpty()) {
        numbers.putIfAbsent(v, 0);
      }
    }
    groups.addAll(numbers.keySet()); // sorted by name: the same columns whatever the samples' order
    for (int i = 0; i < groups.size(); i++) {
      numbers.put(groups.get(i), i);
    }
    for (int s : chosen.members()) {
      Optional<SampleInfo> info = sheet.get().get(names.get(s));
      String v = info.map(i -> column.equals("family") ? i.family() : i.groups().get(column)).orElse(null);
      if (v != null && numbers.containsKey(v)) {
        groupOf[s] = numbers.get(v);
      }
    }
    return groupOf;
  }

  /** AC and AN overall (entries 0, 1) and per group (2 + 2g, 3 + 2g) over the chosen samples. */
  private static int[] counts(RowCalls row, SampleSelection chosen, int[] groupOf, int[] groupSize) {
    int[] c = new int[2 * groupSize.length];
    int ploidy = row.ploidy();
    for (int k = 0; k < groupSize.length; k++) {
      c[2 * k + 1] = ploidy * groupSize[k];
    }
    row.forEachCarrier((s, copies) -> {
      if (chosen.contains(s)) {
        c[0] += copies;
        if (groupOf[s] >= 0) {
          c[2 + 2 * groupOf[s]] += copies;
        }
      }
    });
    row.forEachCalledDelta((s, delta) -> {
      if (chosen.contains(s)) {
        c[1] += delta;
        if (groupOf[s] >= 0) {
          c[3 + 2 * groupOf[s]] += delta;
        }
      }
    });
    return c;
  }

  /** The body's variant lines, stripped; blank lines and {@code #} comments left out. */
  private static List<String> lines(byte[] body) {
    if (body == null || body.length == 0) {
      throw RequestException.badArgument("frequencies needs a POSTed body: one variant a line, CHROM:POS:REF:ALT "
          + "or an ID");
    }
    List<String> out = new ArrayList<>();
    int line = 0;
    for (String l : new String(body, StandardCharsets.UTF_8).split("\n", -1)) {
      line++;
      String t = l.strip();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      if (t.indexOf('\t') >= 0 || t.indexOf(' ') >= 0) {
        throw RequestException.badArgument("body line %d: one variant a line (CHROM:POS:REF:ALT or an ID), not "
            + "'%s'", line, SampleChoice.shorten(t));
      }
      if (out.size() == MAX_VARIANTS) {
        throw RequestException.tooLarge("more than %d variants posted; at most %d per request", MAX_VARIANTS,
            MAX_VARIANTS);
      }
      out.add(t);
    }
    if (out.isEmpty()) {
      throw RequestException.badArgument("frequencies needs at least one variant line in the body");
    }
    return out;
  }

  private record FrequencyAnswer(String column, List<String> groups, List<Entry> entries) implements Answer {
    @Override
    public int size() {
      return entries.size();
    }

    @Override
    public void write(OutputStream out, boolean tsv, RequestTimer timer) throws IOException {
      if (tsv) {
        writeTsv(out);
        return;
      }
      try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
        g.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
        g.writeStartObject();
        g.writeStringField("by", groups.isEmpty() ? null : column);
        g.writeArrayFieldStart("groups");
        for (String name : groups) {
          g.writeString(name);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("variants");
        int unknown = 0;
        for (Entry e : entries) {
          g.writeStartObject();
          g.writeStringField("query", e.query());
          g.writeBooleanField("found", e.counts() != null);
          if (e.counts() == null) {
            unknown++;
            g.writeEndObject();
            continue;
          }
          g.writeStringField("chrom", e.chrom());
          g.writeNumberField("pos", e.pos());
          if (e.id().equals(".")) {
            g.writeNullField("id");
          } else {
            g.writeStringField("id", e.id());
          }
          g.writeStringField("ref", e.ref());
          g.writeStringField("alt", e.alt());
          counts(g, e.counts(), 0);
          if (!groups.isEmpty()) {
            g.writeObjectFieldStart("groups");
            for (int k = 0; k < groups.size(); k++) {
              g.writeObjectFieldStart(groups.get(k));
              counts(g, e.counts(), k + 1);
              g.writeEndObject();
            }
            g.writeEndObject();
          }
          g.writeEndObject();
        }
        g.writeEndArray();
        g.writeNumberField("found", entries.size() - unknown);
        g.writeNumberField("unknown", unknown);
        g.writeNumberField("elapsed_db_ms", timer.dbMillis());
        g.writeNumberField("elapsed_ms", timer.finalElapsedMillis());
        g.writeEndObject();
        g.writeRaw('\n');
      }
    }

    private static void counts(JsonGenerator g, int[] c, int k) throws IOException {
      g.writeNumberField("ac", c[2 * k]);
      g.writeNumberField("an", c[2 * k + 1]);
      if (c[2 * k + 1] > 0) {
        g.writeNumberField("af", (double) c[2 * k] / c[2 * k + 1]);
      } else {
        g.writeNullField("af");
      }
    }

    private void writeTsv(OutputStream out) throws IOException {
      LineBytes line = new LineBytes();
      line.text("query\tfound\tchrom\tpos\tid\tref\talt\tac\tan\taf");
      for (String name : groups) {
        line.ch('\t').text(name).text("_ac\t").text(name).text("_an\t").text(name).text("_af");
      }
      line.ch('\n');
      for (Entry e : entries) {
        line.text(e.query()).ch('\t');
        if (e.counts() == null) {
          line.text("false\t.\t.\t.\t.\t.\t.\t.\t.");
          for (int k = 0; k < groups.size(); k++) {
            line.text("\t.\t.\t.");
          }
        } else {
          line.text("true\t").text(e.chrom()).ch('\t').number(e.pos()).ch('\t').text(e.id()).ch('\t')
              .text(e.ref()).ch('\t').text(e.alt());
          for (int k = 0; k <= groups.size(); k++) {
            int ac = e.counts()[2 * k];
            int an = e.counts()[2 * k + 1];
            line.ch('\t').number(ac).ch('\t').number(an).ch('\t').text(an > 0 ? Double.toString((double) ac / an)
                : ".");
          }
        }
        line.ch('\n');
        if (line.length() > 1 << 16) {
          line.writeTo(out);
        }
      }
      line.writeTo(out);
    }
  }
}
