package org.dasgrid.core.api.genotype;

import java.io.IOException;
import java.io.OutputStream;
import org.dasgrid.core.cluster.FanOutReport;
import org.dasgrid.core.genotype.AnalyticsAnswer;

/**
 * Writes an analytics answer: the variant rows as {@link GenotypeJsonWriter} writes them, each followed by
 * what was asked for ({@code "missing","hwe_p","f"}; {@code "cases":{"ac","an","af"},"controls":{...},
 * "assoc_p","odds_ratio"}), and after {@code count} the next page's cursor ({@code "next"}) when rows remain.
 * An undefined p-value, F, af or odds ratio is {@code null}.
 */
public final class AnalyticsJsonWriter {
  private static final byte[] MISSING = JsonBytes.bytes(",\"missing\":");
  private static final byte[] HWE_P = JsonBytes.bytes(",\"hwe_p\":");
  private static final byte[] F = JsonBytes.bytes(",\"f\":");
  private static final byte[] CASES = JsonBytes.bytes(",\"cases\":{\"ac\":");
  private static final byte[] CONTROLS = JsonBytes.bytes(",\"controls\":{\"ac\":");
  private static final byte[] AN = JsonBytes.bytes(",\"an\":");
  private static final byte[] AF = JsonBytes.bytes(",\"af\":");
  private static final byte[] ASSOC_P = JsonBytes.bytes(",\"assoc_p\":");
  private static final byte[] ODDS_RATIO = JsonBytes.bytes(",\"odds_ratio\":");
  private static final byte[] NEXT = JsonBytes.bytes(",\"next\":");
  private static final byte[] CSQ = JsonBytes.bytes(",\"csq\":[");
  private static final byte[] ANNOTATION = JsonBytes.bytes(",\"annotation\":");
  /** The room the three statistics fields take at most. */
  private static final int STATS_ROOM = 32 + JsonBytes.MAX_INT + 2 * JsonBytes.MAX_DOUBLE;
  private static final String[] CSQ_NAMES = {"consequence", "impact", "symbol", "biotype"};

  private AnalyticsJsonWriter() {}

  public static void write(AnalyticsAnswer a, boolean ndjson, FanOutReport report, RequestTimer timer,
      OutputStream out) throws IOException {
    write(a, ndjson, report, java.util.Optional.empty(), timer, out);
  }

  /** As above; a {@code gene=} answer also names the genes and spans it used ({@code genes}) in its summary. */
  public static void write(AnalyticsAnswer a, boolean ndjson, FanOutReport report,
      java.util.Optional<org.dasgrid.core.gene.GeneSpans> genes, RequestTimer timer, OutputStream out)
      throws IOException {
    write(a, ndjson, report, genes, org.dasgrid.core.genotype.Bracket.ANY, timer, out);
  }

  /** As above; a bracket query ({@code start=}/{@code end=}) also says how it read them ({@code bracket}). */
  public static void write(AnalyticsAnswer a, boolean ndjson, FanOutReport report,
      java.util.Optional<org.dasgrid.core.gene.GeneSpans> genes, org.dasgrid.core.genotype.Bracket bracket,
      RequestTimer timer, OutputStream out) throws IOException {
    boolean notes = a.annotationSource().isPresent();
    GenotypeJsonWriter.RowExtras extras = a.hasStats() || a.hasCaseControl() || notes
        ? (i, json) -> extras(a, i, json) : null;
    GenotypeJsonWriter.RowExtras tail = (n, json) -> {
      if (a.next().isPresent()) {
        json.raw(NEXT);
        json.string(PageCursor.encode(a.next().get()));
      }
      if (notes) {
        json.raw(ANNOTATION);
        json.string(a.annotationSource().orElse(""));
      }
      if (genes.isPresent()) {
        GeneArguments.write(genes.get(), json);
      }
      BracketArguments.write(bracket, json);
    };
    GenotypeJsonWriter.writeVariants(a.rows(), extras, tail, ndjson, report, timer, out);
  }

  private static void extras(AnalyticsAnswer a, int i, JsonBytes json) throws IOException {
    if (a.hasStats()) {
      // one check of room for the three fields (a buffer holds at least 256 bytes), then unchecked puts
      json.reserve(STATS_ROOM);
      json.put(MISSING);
      json.putInt(a.missing(i));
      json.put(HWE_P);
      if (!json.putHweText(a, i)) { // the whole cohort's, made with the engine
        putNumber(a.hweP(i), json);
      }
      json.put(F);
      if (!json.putFText(a, i)) {
        putNumber(a.f(i), json);
      }
    }
    if (a.hasCaseControl()) {
      group(CASES, a.caseAc(i), a.caseAn(i), json);
      group(CONTROLS, a.controlAc(i), a.controlAn(i), json);
      json.raw(ASSOC_P);
      number(a.assocP(i), json);
      json.raw(ODDS_RATIO);
      number(a.oddsRatio(i), json);
    }
    java.util.List<String[]> entries = a.annotations(i);
    if (entries != null) {
      json.raw(CSQ);
      for (int e = 0; e < entries.size(); e++) {
        json.raw(e == 0 ? '{' : ',');
        if (e > 0) {
          json.raw('{');
        }
        String[] f = entries.get(e);
        for (int k = 0; k < CSQ_NAMES.length; k++) {
          if (k > 0) {
            json.raw(',');
          }
          json.string(CSQ_NAMES[k]);
          json.raw(':');
          if (f[k] == null) {
            json.nullValue();
          } else {
            json.string(f[k]);
          }
        }
        json.raw('}');
      }
      json.raw(']');
    }
  }

  private static void group(byte[] open, int ac, int an, JsonBytes json) throws IOException {
    json.raw(open);
    json.number(ac);
    json.raw(AN);
    json.number(an);
    json.raw(AF);
    number(an == 0 ? Double.NaN : (double) ac / an, json);
    json.raw('}');
  }

  /** As {@link #number}, in room already reserved. */
  private static void putNumber(double v, JsonBytes json) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      json.putNull();
    } else {
      json.putDoubleMemo(v);
    }
  }

  private static void number(double v, JsonBytes json) throws IOException {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      json.nullValue();
    } else {
      json.reserve(JsonBytes.MAX_DOUBLE);
      json.putDoubleMemo(v);
    }
  }
}
