package org.dasgrid.core.genotype.internal.store;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.SampleNames;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.dgi.ContigSections;
import org.dasgrid.core.genotype.dgi.IndexContents;
import org.dasgrid.core.genotype.dgi.InfoColumns;
import org.dasgrid.core.genotype.internal.column.IntColumn;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.roaringbitmap.RoaringBitmap;

/**
 * Everything one genotype engine holds, made in one of two ways: {@link #built} from a build's parts in the heap
 * (with the whole-cohort af texts and statistics made there and then), or {@link #mapped} over an index file's
 * columns (texts mapped, statistics made per query, so the heap stays flat). Per contig, in the source's order:
 * its rows, af texts, statistics' call gaps, INFO text and optional sample-major calls; for the whole engine the
 * cohort, the sample sets, the corrections, the INFO fields the header declares and the size figures.
 * Immutable once made.
 */
public final class GenotypeStore {
  private final SampleNames samples;
  private final List<ContigRows> contigs;
  private final SampleSets sets;
  private final Corrections fixes;
  private final List<AfTexts> afTexts;
  /** Every row's whole-cohort HWE p and F (heap engines); null for a mapped engine. */
  private final CohortStats cohortStats;
  private final List<CallGaps> gaps;
  private final List<InfoStore> info;
  private final Map<String, InfoField> infoFields;
  private final Optional<CsqLayout> csq;
  /**
   * Per contig, its samples' calls sample-major as the index file holds them ({@code index --sample-calls}),
   * null for a contig without; null when no contig has them.
   */
  private final List<SampleCallSection> callSections;
  private final GenotypeStats stats;

  private GenotypeStore(SampleNames samples, List<ContigRows> contigs, SampleSets sets, Corrections fixes,
      List<AfTexts> afTexts, CohortStats cohortStats, List<CallGaps> gaps, List<InfoStore> info,
      Map<String, InfoField> infoFields, List<SampleCallSection> callSections, Figures figures) {
    this.samples = samples;
    this.contigs = List.copyOf(contigs);
    this.sets = sets;
    this.fixes = fixes;
    this.afTexts = List.copyOf(afTexts);
    this.cohortStats = cohortStats;
    this.gaps = List.copyOf(gaps);
    this.info = List.copyOf(info);
    this.infoFields = Map.copyOf(infoFields);
    this.csq = CsqLayout.of(infoFields);
    this.callSections = callSections == null || callSections.stream().allMatch(Objects::isNull) ? null
        : Collections.unmodifiableList(new ArrayList<>(callSections));
    this.stats = figures.stats(this);
  }

  /** The build's totals: VCF records, rows, het and hom-alt calls. */
  public record Counts(long sites, long variants, long nonRefCalls) {}

  /** How a store's size figures are made: counted from its heap parts, or read from its index. */
  @FunctionalInterface
  private interface Figures {
    GenotypeStats stats(GenotypeStore store);
  }

  /**
   * A store just built in the heap: its rows' whole-cohort af texts are made now, and (40 bytes a row beside
   * its own ~100+) every row's whole-cohort HWE p and F, so that whole-cohort answers format no number.
   */
  public static GenotypeStore built(List<String> samples, List<ContigRows> contigs, SampleSets sets,
      Corrections fixes, List<CallGaps> gaps, List<InfoStore> info, Map<String, InfoField> infoFields,
      Counts counts) {
    SampleSelection everyone = SampleSelection.all(samples.size());
    List<AfTexts> texts = new ArrayList<>(contigs.size());
    for (ContigRows c : contigs) {
      texts.add(AfTexts.ofCohort(c, new RowCounts(sets, fixes), everyone));
    }
    CohortStats cohortStats = CohortStats.compute(contigs, gaps, sets, fixes, everyone);
    return new GenotypeStore(SampleNames.of(samples), contigs, sets, fixes, texts, cohortStats, gaps, info,
        infoFields, null, store -> store.heapStats(counts));
  }

  /**
   * A store over an index file's mapped columns. Its whole-cohort statistics are made per query, as a virtual
   * cohort's are: an engine mapped from an index keeps its heap flat whatever the cohort's size (issue 17: 10 M
   * rows would hold ~400 MB of statistics on the heap and lengthen every GC pause). Contigs the reader left
   * out keep their place with no rows.
   */
  public static GenotypeStore mapped(IndexContents file) {
    return mapped(file, null);
  }

  /**
   * As {@link #mapped(IndexContents)}, taking {@code known} as the cohort's names when the file's are the same:
   * the pieces of one source share one name table (at 500,000 samples each would hold ~30 MB of its own).
   */
  public static GenotypeStore mapped(IndexContents file, SampleNames known) {
    int cohort = file.samples().size();
    IndexContents.Pools pools = file.pools();
    SampleSets sets = new SampleSets(cohort, pools.inlineSets(), pools.gapSets(), new RoaringBitmap[0],
        pools.denseSets(), pools.patchedSets());
    Corrections fixes = new Corrections(pools.corrections());
    SampleSelection everyone = SampleSelection.all(cohort);
    List<ContigRows> contigs = new ArrayList<>();
    List<AfTexts> afTexts = new ArrayList<>();
    List<CallGaps> gaps = new ArrayList<>();
    List<InfoStore> info = new ArrayList<>();
    List<SampleCallSection> callSections = new ArrayList<>();
    for (ContigSections c : file.contigs()) {
      if (c.isAbsent()) {
        contigs.add(ContigRows.empty(c.name(), sets, fixes, everyone));
        afTexts.add(new AfTexts.Builder(0).build());
        gaps.add(CallGaps.NONE);
        info.add(InfoStore.NONE);
        callSections.add(null);
        continue;
      }
      contigs.add(new ContigRows(c.name(), c.rows(), c.columns()));
      afTexts.add(AfTexts.mapped(c.afTexts()));
      gaps.add(new CallGaps(c.gaps().missing(), c.gaps().nonDiploid(), c.gaps().alts(), c.gaps().altIndex()));
      info.add(infoStore(c.info(), c.rows()));
      callSections.add(c.sampleCalls() == null ? null
          : new SampleCallSection(c.sampleCalls().data(), c.sampleCalls().directory()));
    }
    IndexContents.Counts counts = file.counts();
    SampleNames names = known != null && known.list().equals(file.samples()) ? known
        : SampleNames.of(file.samples());
    int pages = pools.inlineSets().length + pools.denseSets().length;
    return new GenotypeStore(names, contigs, sets, fixes, afTexts, null, gaps, info, file.infoFields(),
        callSections, store -> new GenotypeStats(cohort, counts.sites(), counts.variants(), counts.nonRefCalls(),
            names.heapBytes() * 2 + 512L * store.contigs.size() + 64L * pages, counts.inlineSets(), 0,
            counts.denseSets()));
  }

  private static InfoStore infoStore(InfoColumns c, int rows) {
    if (c == null) {
      return InfoStore.NONE;
    }
    return new InfoStore(c.pool(), c.starts() != null ? c.starts() : IntColumn.zeros(rows),
        c.ends() != null ? c.ends() : IntColumn.zeros(rows));
  }

  /** The heap the store holds (an estimate, array headers included), and its sets by form. */
  private GenotypeStats heapStats(Counts counts) {
    long heap = sets.heapBytes() + fixes.heapBytes() + samples.heapBytes();
    for (CallGaps g : gaps) {
      heap += g.heapBytes();
    }
    for (InfoStore i : info) {
      heap += i.heapBytes();
    }
    for (AfTexts t : afTexts) {
      heap += t.heapBytes();
    }
    heap += cohortStats.heapBytes();
    long[] forms = new long[4];
    for (ContigRows c : contigs) {
      heap += c.heapBytes(samples.size());
      long[] more = c.formCounts();
      for (int i = 0; i < forms.length; i++) {
        forms[i] += more[i];
      }
    }
    fixes.countForms(forms);
    return new GenotypeStats(samples.size(), counts.sites(), counts.variants(), counts.nonRefCalls(), heap,
        forms[1], forms[2], forms[3]);
  }

  public SampleNames samples() {
    return samples;
  }

  public int contigCount() {
    return contigs.size();
  }

  public ContigRows contig(int contig) {
    return contigs.get(contig);
  }

  public List<ContigRows> contigs() {
    return contigs;
  }

  public SampleSets sets() {
    return sets;
  }

  public Corrections corrections() {
    return fixes;
  }

  /** The whole-cohort af texts of a contig's rows (see {@link AfTexts#copyText}). */
  public AfTexts afTexts(int contig) {
    return afTexts.get(contig);
  }

  /** Every row's whole-cohort HWE p and F; null for a store mapped from an index (made per query there). */
  public CohortStats cohortStats() {
    return cohortStats;
  }

  /** A contig's per-row parts the statistics read. */
  public CallGaps gaps(int contig) {
    return gaps.get(contig);
  }

  /** A contig's INFO text ({@link InfoStore#NONE} when not kept). */
  public InfoStore info(int contig) {
    return info.get(contig);
  }

  /** The INFO fields the header declares (empty when the engine keeps no INFO). */
  public Map<String, InfoField> infoFields() {
    return infoFields;
  }

  /** The functional annotation's layout ({@code CSQ} or {@code ANN}) the header declares, if any. */
  public Optional<CsqLayout> csqLayout() {
    return csq;
  }

  /** Per contig its sample-major calls or null; null when no contig has them. */
  public List<SampleCallSection> callSections() {
    return callSections;
  }

  public GenotypeStats stats() {
    return stats;
  }
}
