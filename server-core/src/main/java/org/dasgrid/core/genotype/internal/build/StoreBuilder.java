package org.dasgrid.core.genotype.internal.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.dasgrid.core.genotype.internal.column.IntList;
import org.dasgrid.core.genotype.internal.sets.SampleSets;
import org.dasgrid.core.genotype.internal.sets.SetsBuilder;
import org.dasgrid.core.genotype.internal.store.CallGaps;
import org.dasgrid.core.genotype.internal.store.ContigRows;
import org.dasgrid.core.genotype.internal.store.Corrections;
import org.dasgrid.core.genotype.internal.store.InfoStore;
import org.dasgrid.core.genotype.internal.store.AfTexts;
import org.dasgrid.core.genotype.internal.store.GenotypeStore;
import org.dasgrid.core.genotype.internal.store.RowCounts;
import org.dasgrid.core.genotype.internal.store.StoreWriter;
import org.dasgrid.core.genotype.GenotypeStats;
import org.dasgrid.core.genotype.IndexedReference;
import org.dasgrid.core.genotype.InfoField;
import org.dasgrid.core.genotype.SampleNames;
import org.dasgrid.core.genotype.SampleSelection;
import org.dasgrid.core.genotype.SetEncoding;
import org.dasgrid.core.genotype.SourceIdentity;
import org.dasgrid.core.genotype.TextRules;

/**
 * Builds a genotype engine's store from sites and their calls, as a VCF loader reads them (the core knows no file
 * format; {@link org.dasgrid.core.genotype.GenotypeIndexBuilder} is its public face): {@link #startSite}, the
 * calls of the samples that are not 0/0 in sample order ({@link #diploid}, {@link #haploid}, {@link #call}),
 * {@link #endSite}; then {@link #build}. Samples a site does not mention are complete diploid 0/0 calls, so a
 * loader can skip them without a method call.
 *
 * <p>Contig order is the order of {@link #declareContig} (a VCF's {@code ##contig} lines), then of first
 * appearance; sites may come in any order within a contig. Mistakes in the input (an allele the site does
 * not have, calls out of sample order) are {@link IllegalArgumentException}s for the loader to report with
 * file and line. Not thread-safe.
 *
 * <p>A streaming build ({@link org.dasgrid.core.genotype.GenotypeIndexFile#build}) writes each contig to the index
 * file, with the pool pages it filled, when the first site of another contig starts, and then forgets it: its
 * heap holds one contig's rows and sample sets at a time, and a contig cannot come back once another has
 * started.
 */
public final class StoreBuilder {

  private final List<String> samples;
  private final SetsBuilder sets;
  private final SiteCalls calls;
  private final Corrections.Builder fixes = new Corrections.Builder();
  private final CalledGroups called = new CalledGroups();
  /** The contig of the last site: sets may be patches of earlier sets of the same contig only. */
  private Pending lastContig;
  private final Map<String, Pending> contigs = new LinkedHashMap<>();
  private Pending site;
  /** Where a streaming build writes; null for a store in the heap. */
  private final StoreWriter file;
  /** Streaming: the contig being read, and those written (no site may come back to them). */
  private Pending current;
  private final Set<String> written = new HashSet<>();
  private long variants;
  private int sitePos;
  private int siteEnd;
  private byte[] siteIdRef;
  private List<String> siteAlts;
  private long sites;
  private long nonRefCalls;
  /** The INFO fields the header declares, when INFO is kept for the filters ({@link #keepInfo}). */
  private Map<String, InfoField> infoFields;
  private boolean siteHasInfo;

  /** A build in the heap, its sets stored as {@code encoding} says. */
  public StoreBuilder(List<String> sampleNames, SetEncoding encoding) {
    this(sampleNames, encoding, null);
  }

  /** A streaming build into {@code file}. */
  public StoreBuilder(List<String> sampleNames, StoreWriter file) {
    this(sampleNames, SetEncoding.COMPACT, file);
  }

  private StoreBuilder(List<String> sampleNames, SetEncoding encoding, StoreWriter file) {
    this.file = file;
    this.samples = List.copyOf(sampleNames);
    Set<String> seen = new HashSet<>();
    for (String s : samples) {
      if (!seen.add(s)) {
        throw new IllegalArgumentException("sample '" + s + "' appears twice");
      }
    }
    this.sets = new SetsBuilder(samples.size(), Objects.requireNonNull(encoding));
    this.calls = new SiteCalls(samples.size());
  }

  /**
   * Keeps each record's INFO text (given by {@link #siteInfo}) for the INFO and annotation filters, which
   * may test the fields the header declares; without this call the engine keeps no INFO.
   */
  public StoreBuilder keepInfo(java.util.Collection<InfoField> declared) {
    Map<String, InfoField> m = new LinkedHashMap<>();
    for (InfoField f : declared) {
      m.put(f.key(), f);
    }
    infoFields = m;
    return this;
  }

  /** Whether {@link #siteInfo} is wanted. */
  public boolean keepsInfo() {
    return infoFields != null;
  }

  /** The current site's INFO column, {@code b[from, to)} (between {@link #startSite} and {@link #endSite}). */
  public void siteInfo(byte[] b, int from, int to) {
    if (site == null) {
      throw new IllegalStateException("siteInfo outside a site");
    }
    if (infoFields != null) {
      site.info.site(b, from, to);
      siteHasInfo = true;
    }
  }

  /** Declares a contig, fixing its place in the source's order even if it has no sites. */
  public StoreBuilder declareContig(String name) {
    contigs.computeIfAbsent(name, Pending::new);
    return this;
  }

  /**
   * Starts a site.
   *
   * @param pos 1-based position of the first REF base
   * @param end last base the site covers (POS + length(REF) - 1, or INFO/END of a symbolic allele)
   * @param id the VCF ID, or {@code .} for none
   * @param alts the ALT alleles, allele 1 first; may be empty (a site without ALT)
   */
  public void startSite(String contig, int pos, int end, String id, String ref, List<String> alts) {
    if (site != null) {
      throw new IllegalStateException("startSite before endSite of the previous site");
    }
    if (pos < 1 || end < pos) {
      throw new IllegalArgumentException("bad site span " + pos + ".." + end);
    }
    site = contigs.computeIfAbsent(contig, Pending::new);
    if (file != null && site != current) {
      enter(site);
    }
    if (site != lastContig) {
      sets.newContig();
      lastContig = site;
    }
    sitePos = pos;
    siteEnd = end;
    siteIdRef = ((id == null || id.isEmpty() ? "." : id) + "\t" + ref + "\t").getBytes(StandardCharsets.UTF_8);
    siteAlts = alts;
    calls.reset(alts.size());
  }

  /** A diploid call; alleles are 0 (REF), 1.. (ALT) or {@link SiteCalls#MISSING}. */
  public void diploid(int sample, int allele1, int allele2) {
    calls.diploid(sample, allele1, allele2);
  }

  public void haploid(int sample, int allele) {
    calls.haploid(sample, allele);
  }

  /** A call of any ploidy: the first {@code n} entries of {@code alleles}. */
  public void call(int sample, int[] alleles, int n) {
    calls.call(sample, alleles, n);
  }

  public void endSite() {
    if (site == null) {
      throw new IllegalStateException("endSite without startSite");
    }
    calls.finish();
    CalledGroups groups = called.of(calls);
    int an = fixes.add(groups, sets);
    byte ploidy = (byte) calls.ploidy();
    int missing = groups.missingFirst() ? fixes.handleAt(an, 0) : SampleSets.EMPTY;
    int nonDiploid = reused(calls.nonDiploid(), groups, an);
    byte alts = (byte) Math.min(calls.alts(), 255);
    for (int a = 1; a <= calls.alts(); a++) {
      IntList het = calls.het(a);
      IntList hom = calls.hom(a);
      nonRefCalls += het.size() + hom.size();
      site.add(sitePos, siteEnd, sets.add(het.raw(), het.size()), sets.add(hom.raw(), hom.size()),
          fixes(calls.acCorrections(a)), an, ploidy, siteIdRef, siteAlts.get(a - 1));
      site.gaps.add(missing, nonDiploid, alts, (byte) Math.min(a, 255));
      if (infoFields != null) {
        site.info.row(siteHasInfo);
      }
    }
    siteHasInfo = false;
    sites++;
    site = null;
  }

  /**
   * The set handle of these samples (the site's non-diploid calls), reusing the AN correction group that
   * holds exactly them when there is one (the haploid calls of a diploid site are usually its -1 group).
   */
  private int reused(IntList samples, CalledGroups groups, int anEntry) {
    if (samples.isEmpty()) {
      return SampleSets.EMPTY;
    }
    int[] found = {-1, 0};
    groups.forEach((delta, g) -> {
      if (found[0] < 0 && same(g, samples)) {
        found[0] = found[1];
      }
      found[1]++;
    });
    return found[0] >= 0 ? fixes.handleAt(anEntry, found[0]) : sets.add(samples.raw(), samples.size());
  }

  private static boolean same(IntList a, IntList b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) {
        return false;
      }
    }
    return true;
  }

  private int fixes(DeltaGroups groups) {
    return fixes.add(groups, sets);
  }

  /** Sites ended so far. */
  public long sites() {
    return sites;
  }

  /**
   * Streaming: moves on to contig {@code next}, writing the one in hand and the pool pages it filled. A
   * contig written already cannot come back: the build reads a VCF sorted by contig.
   */
  private void enter(Pending next) {
    if (written.contains(next.name)) {
      site = null;
      throw new IllegalArgumentException("contig " + next.name + " comes again after another contig; an index"
          + " is built from a VCF sorted by contig (bcftools sort)");
    }
    if (current != null) {
      try {
        writeContig(current);
        sets.release(file, false);
        fixes.release(file, false);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    current = next;
  }

  /** Streaming: finishes a contig's rows from the pools in hand, writes them and lets go of them. */
  private void writeContig(Pending p) throws IOException {
    SampleSets setsSoFar = sets.view();
    Corrections fixesSoFar = fixes.view();
    SampleSelection everyone = SampleSelection.all(samples.size());
    ContigRows rows = p.build(setsSoFar, fixesSoFar, everyone);
    file.contig(rows, p.gapsBuilt, p.infoBuilt, AfTexts.ofCohort(rows, new RowCounts(setsSoFar, fixesSoFar),
        everyone), setsSoFar, fixesSoFar);
    variants += p.size;
    written.add(p.name);
    contigs.put(p.name, new Pending(p.name)); // keeps its place in the order; the rows go
  }

  /** Streaming: writes what is left and the catalog, and names the file. */
  public GenotypeStats finishFile(List<IndexedReference> references, SourceIdentity source) throws IOException {
    if (site != null) {
      throw new IllegalStateException("finish before endSite");
    }
    for (Pending p : List.copyOf(contigs.values())) {
      if (!written.contains(p.name)) {
        writeContig(p);
      }
    }
    current = null;
    sets.release(file, true);
    fixes.release(file, true);
    long[] forms = file.forms();
    GenotypeStats stats = new GenotypeStats(samples.size(), sites, variants, nonRefCalls,
        file.heapBytes() + SampleNames.of(samples).heapBytes(), forms[1], forms[2], forms[3]);
    file.finish(samples, infoFields == null ? Map.of() : infoFields, stats, List.copyOf(contigs.keySet()),
        references, source);
    return stats;
  }

  /** The store of the sites added (a build in the heap). */
  public GenotypeStore build() {
    if (file != null) {
      throw new IllegalStateException("a streaming build ends with GenotypeIndexFile.Build.finish");
    }
    if (site != null) {
      throw new IllegalStateException("build before endSite");
    }
    Corrections corrections = fixes.build();
    SampleSets built = sets.build();
    List<ContigRows> rows = new ArrayList<>(contigs.size());
    List<CallGaps> gaps = new ArrayList<>(contigs.size());
    List<InfoStore> info = new ArrayList<>(contigs.size());
    long variants = 0;
    SampleSelection everyone = SampleSelection.all(samples.size());
    for (Pending p : contigs.values()) {
      rows.add(p.build(built, corrections, everyone));
      gaps.add(p.gapsBuilt);
      info.add(p.infoBuilt);
      variants += p.size;
    }
    return GenotypeStore.built(samples, rows, built, corrections, gaps, info,
        infoFields == null ? Map.of() : infoFields, new GenotypeStore.Counts(sites, variants, nonRefCalls));
  }

  /** The rows of one contig while loading, in file order. */
  private static final class Pending {
    final String name;
    int size;
    final IntList pos = new IntList();
    final IntList end = new IntList();
    final IntList het = new IntList();
    final IntList hom = new IntList();
    final IntList acFix = new IntList();
    final IntList anFix = new IntList();
    byte[] ploidy = new byte[16];
    final IntList textStart = new IntList();
    byte[] text = new byte[256];
    int textSize;
    final CallGaps.Builder gaps = new CallGaps.Builder();
    final InfoStore.Builder info = new InfoStore.Builder();
    InfoStore infoBuilt;

    /** The rows' {@link CallGaps}, in row order, once {@link #build} ran. */
    CallGaps gapsBuilt;

    Pending(String name) {
      this.name = name;
    }

    void add(int p, int e, int hetSet, int homSet, int ac, int an, byte pl, byte[] idRef, String alt) {
      pos.add(p);
      end.add(e);
      het.add(hetSet);
      hom.add(homSet);
      acFix.add(ac);
      anFix.add(an);
      if (size == ploidy.length) {
        ploidy = Arrays.copyOf(ploidy, IntList.grow(ploidy.length));
      }
      ploidy[size] = pl;
      textStart.add(textSize);
      byte[] altBytes = alt.getBytes(StandardCharsets.UTF_8);
      append(idRef, idRef.length);
      append(altBytes, altBytes.length);
      size++;
    }

    private void append(byte[] b, int n) {
      if (textSize + n > text.length) {
        if ((long) textSize + n > Integer.MAX_VALUE - 16) {
          throw new IllegalStateException("contig " + name + ": more than 2 GB of ID/REF/ALT text");
        }
        text = Arrays.copyOf(text, Math.max(textSize + n, IntList.grow(text.length)));
      }
      System.arraycopy(b, 0, text, textSize, n);
      textSize += n;
    }

    ContigRows build(SampleSets sets, Corrections fixes, SampleSelection everyone) {
      int[] order = RowOrder.sort(size, pos.raw(), textStart.raw(), textSize, text);
      int[] starts = new int[size + 1];
      byte[] sortedText = new byte[textSize + TextRules.installed().slack()]; // see ContigRows.plainText
      int at = 0;
      for (int i = 0; i < size; i++) {
        int r = order[i];
        int from = textStart.get(r);
        int to = r + 1 < size ? textStart.get(r + 1) : textSize;
        starts[i] = at;
        System.arraycopy(text, from, sortedText, at, to - from);
        at += to - from;
      }
      starts[size] = at;
      byte[] sortedPloidy = new byte[size];
      for (int i = 0; i < size; i++) {
        sortedPloidy[i] = ploidy[order[i]];
      }
      gapsBuilt = gaps.build(order);
      infoBuilt = info.build(order);
      return new ContigRows(name, size, permute(pos, order), permute(end, order), permute(het, order),
          permute(hom, order), permute(acFix, order), permute(anFix, order), sortedPloidy, starts, sortedText, sets,
          fixes, everyone);
    }

    private static int[] permute(IntList values, int[] order) {
      int[] out = new int[order.length];
      for (int i = 0; i < order.length; i++) {
        out[i] = values.get(order[i]);
      }
      return out;
    }
  }
}
