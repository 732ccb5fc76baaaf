// The DasGrid home page: the sources and their status, a genome view (igv.js) of one source at a time whose
// tracks read this server's DAS features command as JSON (on its assembly's reference, with the sequence when a
// source of the assembly has one, and the other sources of the assembly to add), and a genotype query form for
// sources that serve genotypes, following the view. The examples it offers come from each source's own data. Plain browser JavaScript with no build step; every URL is relative to the page, so the same file
// works at / (embedded) and under /dasgrid/ (WAR).
'use strict';

(function () {
  const $ = (selector) => document.querySelector(selector);
  const url = (path) => new URL(path, document.baseURI).toString();
  // tracks fetch no more than this many bases at a time: beyond it igv.js asks the user to zoom in
  const VISIBILITY_WINDOW = 1_000_000;
  const REFRESH_MS = 2000;

  /** Page state, also read by the browser test (window.dasgrid.browser is the igv.js browser). */
  const state = {
    sources: [],
    current: null,
    browser: null,
    chromSizes: new Map(),
    refreshTimer: null,
    opening: null
  };
  window.dasgrid = state;

  async function fetchJson(u, init) {
    const response = await fetch(u, init);
    const text = await response.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch (e) {
      // reported below with the status
    }
    if (!response.ok) {
      const message = body && body.error && body.error.message ? body.error.message : `HTTP ${response.status}`;
      throw new Error(message);
    }
    return {body, response};
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') {
        e.className = v;
      } else if (k.startsWith('on')) {
        e.addEventListener(k.substring(2), v);
      } else {
        e.setAttribute(k, v);
      }
    }
    for (const c of children) {
      if (c !== null && c !== undefined) {
        e.append(c);
      }
    }
    return e;
  }

  const number = (n) => (n === null || n === undefined || n < 0 ? '–' : Number(n).toLocaleString('en'));

  // ---- the sources table ----------------------------------------------------------------------------

  async function refreshSources() {
    clearTimeout(state.refreshTimer);
    try {
      const {body} = await fetchJson(url('api/sources'));
      state.sources = body.sources;
      $('#server').textContent = body.server + (body.ready ? '' : ' (loading sources…)');
      renderSources(body.sources);
      if (!body.ready || body.sources.some((s) => s.reloading)) {
        state.refreshTimer = setTimeout(refreshSources, REFRESH_MS);
      }
      if (!state.current && !state.opening) {
        openFromHash();
      }
    } catch (e) {
      $('#sources-message').textContent = 'Cannot read the source list: ' + e.message;
      state.refreshTimer = setTimeout(refreshSources, REFRESH_MS * 2);
    }
  }

  function renderSources(sources) {
    const message = $('#sources-message');
    const table = $('#sources');
    if (sources.length === 0) {
      message.textContent = 'No sources are configured.';
      table.hidden = true;
      return;
    }
    message.hidden = true;
    table.hidden = false;
    const body = table.tBodies[0];
    body.replaceChildren(...sources.map(sourceRow));
  }

  function sourceRow(s) {
    const coords = s.coordinates;
    const title = el('td', {}, el('strong', {}, s.id), el('br'), el('span', {class: 'muted'}, s.title));
    const row = el('tr', {'data-source': s.id, 'data-state': s.state},
      title,
      el('td', {class: 'status'}, statusBadge(s)),
      el('td', {class: 'num records'}, s.state === 'ready' ? number(s.records) : '–'),
      el('td', {class: 'num'}, s.state === 'ready' ? number(s.references) : '–'),
      el('td', {}, coords.label + (coords.taxid ? ` (taxon ${coords.taxid})` : '')),
      el('td', {}, s.format + (s.sequence ? ' + FASTA' : '') + (s.genotypes ? ' + genotypes' : '')),
      el('td', {class: 'num'}, s.state === 'ready' ? (s.loadMillis / 1000).toFixed(2) + ' s' : '–'),
      el('td', {class: 'links'}, ...dasLinks(s)),
      el('td', {}, s.state === 'ready'
        ? el('button', {type: 'button', class: 'view', onclick: () => openView(s.id)}, 'View')
        : null));
    return row;
  }

  function statusBadge(s) {
    if (s.state === 'ready') {
      const extra = s.reloading ? ` (reloading ${percent(s.reloading)})` : '';
      const warn = s.lastReloadError ? el('div', {class: 'error'}, 'last reload failed: ' + s.lastReloadError) : null;
      return el('span', {}, el('span', {class: 'badge ready'}, 'loaded'), extra, warn);
    }
    if (s.state === 'loading') {
      const p = s.progress;
      const bar = el('progress', {max: '1', value: String(p.fraction ?? 0)});
      return el('span', {}, el('span', {class: 'badge loading'}, 'loading ' + percent(p)), ' ', bar,
        el('div', {class: 'muted'}, `${number(p.records)} records so far`));
    }
    return el('span', {}, el('span', {class: 'badge failed'}, 'failed'), el('div', {class: 'error'}, s.error));
  }

  const percent = (p) => (p.fraction === null || p.fraction === undefined ? '' : Math.round(p.fraction * 100) + '%');

  function dasLinks(s) {
    if (!s.links) {
      return [];
    }
    const names = ['sources', 'entry_points', 'types', 'stylesheet'];
    const links = names.map((n) => el('a', {href: s.links[n]}, n));
    if (s.defaultLocus) {
      const seg = s.defaultLocus.replace('-', ',');
      links.push(el('a', {href: `${s.links.features}?segment=${encodeURIComponent(seg)}`}, 'features'));
    }
    if (s.links.sequence && s.defaultLocus) {
      const [ref] = s.defaultLocus.split(':');
      links.push(el('a', {href: `${s.links.sequence}?segment=${encodeURIComponent(ref + ':1,100')}`}, 'sequence'));
    }
    return links.flatMap((a, i) => (i === 0 ? [a] : [' · ', a]));
  }

  // ---- the genome view ------------------------------------------------------------------------------

  function hashParams() {
    return new URLSearchParams(location.hash.replace(/^#/, ''));
  }

  function openFromHash() {
    const wanted = hashParams().get('source');
    const ready = state.sources.filter((s) => s.state === 'ready');
    const pick = ready.find((s) => s.id === wanted) || ready[0];
    if (pick) {
      openView(pick.id, pick.id === wanted ? hashParams().get('locus') : null);
    }
  }

  async function openView(sourceId, locus) {
    const source = state.sources.find((s) => s.id === sourceId);
    if (!source || source.state !== 'ready') {
      return;
    }
    const opening = (async () => {
      $('#view-section').hidden = false;
      $('#view-heading').textContent = `Genome view: ${source.id} — ${source.title}`;
      if (typeof igv === 'undefined') {
        // the server was built without npm, so without igv.js: the DAS and JSON links above still work
        setViewStatus('genome view unavailable: this server was built without igv.js (npm was not found)');
        return;
      }
      setViewStatus('opening…');
      if (state.browser) {
        igv.removeBrowser(state.browser);
        state.browser = null;
      }
      state.current = source;
      for (const row of document.querySelectorAll('#sources tbody tr')) {
        row.classList.toggle('current', row.dataset.source === sourceId);
      }
      const [sizes, colors, types, session] = await Promise.all([
        chromSizes(source), typeColors(source), sourceTypes(source), assemblySession(source)]);
      state.chromSizes = sizes;
      state.colors = colors;
      fillTypeSelect(types);
      fillAssemblySelect(session ? session.tracks || [] : []);
      showViewHint(source);
      const start = locus || source.defaultLocus;
      const reference = await viewReference(source, session, sizes);
      state.browser = await igv.createBrowser($('#igv'), {
        reference: reference.config,
        locus: start,
        // igv.js would otherwise fetch its list of public genomes from igv.org: this page uses only this server
        loadDefaultGenomes: false,
        showCytobands: false,
        showIdeogram: false,
        // feature names and ids are looked up on this server, never on a public service
        search: {url: source.links.search + '?q=$FEATURE$', resultsField: 'results', coords: 1},
        tracks: [featureTrack(source, null)]
      });
      state.browser.on('locuschange', () => {
        updateHash();
        followView();
      });
      updateHash();
      setViewStatus(reference.note);
      renderGenotypeSection(source);
      followView();
    })();
    state.opening = opening;
    try {
      await opening;
    } catch (e) {
      setViewStatus('Cannot open the genome view: ' + e.message);
    } finally {
      state.opening = null;
    }
  }

  function setViewStatus(text) {
    $('#view-status').textContent = text;
  }

  /** The view's locus as igv.js shows it ({@code 1:1,000-2,000}), or null. */
  function viewLocus() {
    if (!state.browser) {
      return null;
    }
    const loci = state.browser.currentLoci();
    return Array.isArray(loci) ? loci[0] : loci;
  }

  /** igv.js's {@code REF:1,000-2,000} (or a DAS default locus {@code REF:1000-2000}) as a DAS segment. */
  function dasSegment(locus) {
    const m = /^(.+):([\d,]+)-([\d,]+)$/.exec(locus || '');
    return m ? `${m[1]}:${m[2].replaceAll(',', '')},${m[3].replaceAll(',', '')}` : locus;
  }

  /** A default locus {@code REF:1000-2000} as igv.js writes loci, {@code REF:1,000-2,000}. */
  function shownLocus(locus) {
    const m = /^(.+):(\d+)-(\d+)$/.exec(locus || '');
    return m ? `${m[1]}:${number(m[2])}-${number(m[3])}` : locus;
  }

  /** The genome view's hint: this source's own default locus and one of its feature names to type. */
  function showViewHint(source) {
    const name = source.hints && source.hints.name;
    const locus = source.defaultLocus
      ? [' (', el('code', {class: 'hint-locus'}, shownLocus(source.defaultLocus)), ')'] : [];
    const feature = name ? [' (', el('code', {class: 'hint-name'}, name), ')'] : [];
    $('#view-hint').replaceChildren('Type a locus', ...locus, ' or a feature name or id', ...feature,
      ' in the box above the tracks. Features come from this server\'s DAS ', el('code', {}, 'features'),
      ' command as JSON.');
  }

  /**
   * The view's reference: the assembly's FASTA when a source of the assembly has one that holds every reference of
   * this source at its full length (igv.js then shows a sequence track), else this source's references as a
   * sequence-less chrom.sizes (a FASTA excerpt shorter than the annotation would cut the view short). With a note
   * for the view's status line when a FASTA was left out.
   */
  async function viewReference(source, session, sizes) {
    const own = {id: source.id, name: source.title, format: 'chromsizes', fastaURL: source.links.chromSizes};
    const ref = session && session.reference;
    if (!ref || ref.format === 'chromsizes' || !ref.indexURL) {
      return {config: own, note: ''};
    }
    try {
      const fai = await (await fetch(ref.indexURL)).text();
      const lengths = new Map(fai.split('\n').filter(Boolean).map((l) => l.split('\t'))
        .map(([name, length]) => [name, Number(length)]));
      const short = [...sizes].filter(([name, length]) => !(lengths.get(name) >= length)).map(([name]) => name);
      if (short.length === 0) {
        return {config: ref, note: ''};
      }
      return {config: own, note: `no sequence track: the FASTA does not hold ${short.slice(0, 3).join(', ')}`
        + `${short.length > 3 ? '…' : ''} as long as the annotation does`};
    } catch (e) {
      return {config: own, note: 'no sequence track: the FASTA index could not be read'};
    }
  }

  /** The igv.js session of the source's assembly (its reference and a track of each of its sources), or null. */
  async function assemblySession(source) {
    if (!source.assembly) {
      return null;
    }
    try {
      const {body} = await fetchJson(url('igv/session.json?assembly=' + encodeURIComponent(source.assembly)));
      return body;
    } catch (e) {
      return null; // the view still opens, on the source's own references
    }
  }

  /** The tracks of the assembly's sources (variants from VCF, annotation from GFF3/BED), to add to the view. */
  function fillAssemblySelect(tracks) {
    state.assemblyTracks = tracks;
    const select = $('#assembly-select');
    select.replaceChildren(el('option', {value: ''}, '(choose a source)'),
      ...tracks.map((t, i) => el('option', {value: String(i)},
        `${t.name} (${t.type === 'variant' ? 'variants' : 'annotation'})`)));
    $('#assembly-tracks').hidden = tracks.length === 0;
  }

  function updateHash() {
    if (!state.browser || !state.current) {
      return;
    }
    const loci = state.browser.currentLoci();
    const p = new URLSearchParams({source: state.current.id, locus: Array.isArray(loci) ? loci[0] : loci});
    history.replaceState(null, '', '#' + p.toString());
  }

  async function chromSizes(source) {
    const response = await fetch(source.links.chromSizes);
    if (!response.ok) {
      throw new Error(`chrom.sizes: HTTP ${response.status}`);
    }
    const sizes = new Map();
    for (const line of (await response.text()).split('\n')) {
      const [name, length] = line.split('\t');
      if (name && length) {
        sizes.set(name, Number(length));
      }
    }
    return sizes;
  }

  /** Feature colours from the source's DAS stylesheet (type id to background colour); none if it has none. */
  async function typeColors(source) {
    const colors = new Map();
    try {
      const {body} = await fetchJson(source.links.stylesheet + '?format=json');
      for (const sheet of body.dasstyle.stylesheet || []) {
        for (const category of sheet.categories || []) {
          for (const type of category.types || []) {
            const glyph = (type.glyphs || [])[0] || {};
            const shape = Object.values(glyph)[0];
            const bg = shape && shape[0] && shape[0].bgcolor && shape[0].bgcolor[0] && shape[0].bgcolor[0].value;
            if (bg && !colors.has(type.id)) {
              colors.set(type.id, bg);
            }
          }
        }
      }
    } catch (e) {
      // a source without a stylesheet draws in igv.js's default colour
    }
    return colors;
  }

  async function sourceTypes(source) {
    try {
      const {body} = await fetchJson(source.links.types + '?format=json');
      const segments = body.types.gff.flatMap((g) => g.segments || []);
      return segments.flatMap((s) => s.types || []).sort((a, b) => a.id.localeCompare(b.id));
    } catch (e) {
      return [];
    }
  }

  function fillTypeSelect(types) {
    const select = $('#type-select');
    select.replaceChildren(el('option', {value: ''}, '(choose a type)'),
      ...types.map((t) => el('option', {value: t.id}, `${t.id} (${number(t.count)})`)));
  }

  /**
   * An igv.js track over DAS: igv.js asks for a range (0-based, end exclusive), we ask the features command for
   * the same range as a DAS segment (1-based, inclusive) in JSON and turn each DAS feature into one igv.js feature.
   */
  function featureTrack(source, type) {
    return {
      name: type ? `${source.id} ${type}` : `${source.id} features`,
      type: 'annotation',
      displayMode: 'EXPANDED',
      // grow with the rows of features in view, within bounds; past maxHeight the track scrolls
      autoHeight: true,
      minHeight: 60,
      maxHeight: 480,
      visibilityWindow: VISIBILITY_WINDOW,
      searchable: false,
      sourceType: 'custom',
      source: {
        url: ({chr, start, end}) => featuresUrl(source, chr, start, end, type),
        parser: (text) => toIgvFeatures(typeof text === 'string' ? JSON.parse(text) : text)
      }
    };
  }

  function featuresUrl(source, chr, start, end, type) {
    const length = state.chromSizes.get(chr) || end;
    // DAS reports a segment reaching past the reference's end as an error segment, so clamp to the length
    const from = Math.max(1, Math.floor(start) + 1);
    const to = Math.max(from, Math.min(length, Math.ceil(end)));
    const q = new URLSearchParams({segment: `${chr}:${from},${to}`, format: 'json'});
    if (type) {
      q.set('type', type);
    }
    return `${source.links.features}?${q.toString()}`;
  }

  const isExon = (f) => f.type.id === 'exon' || f.type.cvId === 'SO:0000147';

  /**
   * One igv.js feature per DAS feature. A transcript whose exons (DAS PARENT/PART, from GFF3 Parent) are in the
   * same answer also gets them as its exons, so igv.js draws it as a gene model; the exons stay features too.
   */
  function toIgvFeatures(json) {
    const out = [];
    const byId = new Map();
    for (const segment of json.features.segments) {
      for (const f of segment.features) {
        const feature = {
          chr: segment.id,
          start: f.start - 1,
          end: f.end,
          name: f.label || f.id,
          id: f.id,
          type: f.type.id,
          method: f.method.id,
          strand: f.orientation === '-' ? '-' : (f.orientation === '+' ? '+' : '.'),
          score: f.score === null ? undefined : f.score,
          color: state.colors ? state.colors.get(f.type.id) : undefined,
          notes: f.notes ? f.notes.join('; ') : undefined
        };
        out.push(feature);
        byId.set(f.id, feature);
      }
    }
    for (const segment of json.features.segments) {
      for (const f of segment.features) {
        if (!isExon(f) || !f.parents) {
          continue;
        }
        for (const parentId of f.parents) {
          const parent = byId.get(parentId);
          if (parent && parent.chr === segment.id) {
            (parent.exons = parent.exons || []).push({start: f.start - 1, end: f.end});
          }
        }
      }
    }
    for (const f of out) {
      if (f.exons) {
        f.exons.sort((a, b) => a.start - b.start);
      }
    }
    return out;
  }

  $('#assembly-select').addEventListener('change', async (event) => {
    const track = (state.assemblyTracks || [])[Number(event.target.value)];
    event.target.value = '';
    if (!track || !state.browser || state.browser.findTracks((t) => t.name === track.name).length > 0) {
      return;
    }
    await state.browser.loadTrack(track);
  });

  $('#type-select').addEventListener('change', async (event) => {
    const type = event.target.value;
    if (!type || !state.browser || !state.current) {
      return;
    }
    event.target.value = '';
    const name = `${state.current.id} ${type}`;
    if (state.browser.findTracks((t) => t.name === name).length === 0) {
      await state.browser.loadTrack(featureTrack(state.current, type));
    }
  });

  // ---- genotype queries (contract section 4) ----------------------------------------------------------

  function renderGenotypeSection(source) {
    const section = $('#genotype-section');
    section.hidden = !source.genotypes;
    $('#genotype-heading').textContent = `Genotype query: ${source.id}`;
    $('#variants').hidden = true;
    $('#genotype-timings').textContent = '';
    // the examples offered are this source's own: its default locus, sample names and a gene of its annotation
    const form = $('#genotype-form').elements;
    const hints = source.hints || {};
    const samples = hints.samples || [];
    form.segment.placeholder = source.defaultLocus ? dasSegment(source.defaultLocus) : '';
    form.samples.placeholder = samples.length ? `all; or ${samples.join(',')}` : 'all';
    form.cases.placeholder = samples.length ? `${samples[0]} (the rest are controls)` : '(the rest are controls)';
    $('#gene-box').hidden = !hints.gene;
    form.gene.placeholder = hints.gene || '';
    if (!hints.gene) {
      form.gene.value = '';
    }
    updateDownloads();
  }

  /**
   * The download links follow the form: the cohort export (contract section 12) of its region or gene and samples,
   * as a VCF or PLINK files (the server names the file).
   */
  function updateDownloads() {
    const source = state.current;
    if (!source || !source.genotypes) {
      return;
    }
    const form = $('#genotype-form').elements;
    const q = new URLSearchParams();
    const gene = form.gene.value.trim();
    if (gene) {
      q.set('gene', gene);
    } else {
      const segments = form.segment.value.split(/[\s;]+/).filter(Boolean);
      const fallback = source.defaultLocus ? [dasSegment(source.defaultLocus)] : [];
      for (const seg of segments.length ? segments : fallback) {
        q.append('segment', seg);
      }
    }
    const samples = form.samples.value.split(/[\s,]+/).filter(Boolean);
    if (samples.length) {
      q.set('samples', samples.join(','));
    }
    for (const format of ['vcf', 'plink']) {
      $(`#genotype-download-${format}`).href =
        url(`genotypes/${encodeURIComponent(source.id)}/export?format=${format}&${q}`);
    }
  }

  $('#genotype-form').addEventListener('input', updateDownloads);

  /** The genotype form's region follows the genome view: the locus in view, as a DAS segment. */
  function followView() {
    if (!state.current || !state.current.genotypes) {
      return;
    }
    const locus = viewLocus();
    if (locus) {
      $('#genotype-form').elements.segment.value = dasSegment(locus);
    }
    updateDownloads();
  }

  /**
   * The form's query: region(s), zygosity, samples and limit; with {@code rows}, also the analytics that shape
   * rows (stats, cases, top/by), which a count refuses; and the filters and bracket either way.
   */
  function genotypeQuery(form, rows) {
    const q = new URLSearchParams();
    const gene = form.gene.value.trim();
    if (gene) {
      // a gene stands for its span, instead of the region (the API refuses both together)
      q.set('gene', gene);
    } else {
      // several regions may be given, separated by spaces or ';' (each becomes a segment parameter)
      for (const seg of form.segment.value.split(/[\s;]+/).filter(Boolean)) {
        q.append('segment', seg);
      }
    }
    q.set('zygosity', form.zygosity.value);
    const samples = form.samples.value.split(/[\s,]+/).filter(Boolean);
    if (samples.length) {
      q.set('samples', samples.join(','));
    }
    if (rows && form.limit.value) {
      q.set('limit', form.limit.value);
    }
    if (rows && form.stats.checked) {
      q.set('stats', 'true');
    }
    const cases = form.cases.value.split(/[\s,]+/).filter(Boolean);
    if (rows && cases.length) {
      q.set('cases', cases.join(','));
    }
    if (rows && form.top.value) {
      q.set('top', form.top.value);
      q.set('by', form.by.value);
    }
    // free-form filters as the API names them (type=snv&af=0.01,); the server names any it does not take
    for (const [name, value] of new URLSearchParams(form.filters.value.trim())) {
      q.append(name, value);
    }
    for (const name of ['start', 'end']) {
      if (form[name].value.trim()) {
        q.set(name, form[name].value.trim());
      }
    }
    return q;
  }

  $('#genotype-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const source = state.current;
    if (!source) {
      return;
    }
    const q = genotypeQuery(event.target.elements, true);
    const timings = $('#genotype-timings');
    timings.textContent = 'querying…';
    const started = performance.now();
    try {
      const {body, response} = await fetchJson(url(`genotypes/${encodeURIComponent(source.id)}/variants?${q}`),
        {headers: {Accept: 'application/json'}});
      const roundTrip = performance.now() - started;
      const variants = body.variants || [];
      renderVariants(variants);
      const serverTiming = response.headers.get('Server-Timing');
      timings.textContent = `${number(variants.length)} variants · server ${body.elapsed_ms} ms` +
        ` (genotype engine ${body.elapsed_db_ms} ms) · round trip ${roundTrip.toFixed(0)} ms` +
        (serverTiming ? ` · Server-Timing: ${serverTiming}` : '');
    } catch (e) {
      $('#variants').hidden = true;
      timings.textContent = 'Query failed: ' + e.message;
    }
  });

  // a count with the form's region, samples, filters and bracket (not the arguments that shape rows)
  $('#genotype-count').addEventListener('click', async () => {
    const source = state.current;
    if (!source) {
      return;
    }
    const q = genotypeQuery($('#genotype-form').elements, false);
    const timings = $('#genotype-timings');
    timings.textContent = 'counting…';
    try {
      const {body} = await fetchJson(url(`genotypes/${encodeURIComponent(source.id)}/count?${q}`),
        {headers: {Accept: 'application/json'}});
      $('#variants').hidden = true;
      timings.textContent = `count: ${number(body.variants)} variants, ${number(body.het)} het and ` +
        `${number(body.hom)} hom-alt calls, ${number(body.samples)} samples · server ${body.elapsed_ms} ms` +
        ` (genotype engine ${body.elapsed_db_ms} ms)`;
    } catch (e) {
      timings.textContent = 'Count failed: ' + e.message;
    }
  });

  /** The analytics fields a row may carry, shown as extra columns when the answer has them. */
  const ANALYTICS_COLUMNS = ['missing', 'hwe_p', 'f', 'assoc_p', 'odds_ratio'];

  function renderVariants(variants) {
    const table = $('#variants');
    const extra = ANALYTICS_COLUMNS.filter((k) => variants.length && k in variants[0]);
    const headRow = table.tHead.rows[0];
    headRow.querySelectorAll('th.analytics').forEach((th) => th.remove());
    extra.forEach((k) => headRow.append(el('th', {class: 'num analytics'}, k)));
    const shown = (x) => x === null || x === undefined ? '–'
      : Number.isInteger(x) ? x.toLocaleString('en') : Number(x).toPrecision(4);
    const cells = (v) => [v.chrom, number(v.pos), v.id || '.', v.ref, v.alt, number(v.het), number(v.hom),
      number(v.ac), number(v.an), v.af === null || v.af === undefined ? '–' : Number(v.af).toFixed(4),
      ...extra.map((k) => shown(v[k]))];
    table.tBodies[0].replaceChildren(...variants.map((v) => el('tr', {},
      ...cells(v).map((c, i) => el('td', {class: i === 1 || i >= 5 ? 'num' : ''}, String(c))))));
    table.hidden = false;
  }

  window.addEventListener('hashchange', () => {
    const wanted = hashParams();
    if (state.current && wanted.get('source') && wanted.get('source') !== state.current.id) {
      openView(wanted.get('source'), wanted.get('locus'));
    } else if (state.browser && wanted.get('locus')) {
      const now = state.browser.currentLoci();
      if ((Array.isArray(now) ? now[0] : now) !== wanted.get('locus')) {
        state.browser.search(wanted.get('locus'));
      }
    }
  });

  // ---- the browser configs: absolute URLs to paste, and links to the public JBrowse 2 and igv.js apps ----
  function showBrowserLinks() {
    const jbrowse = url('jbrowse/config.json');
    const session = url('igv/session.json');
    $('#jbrowse-url').textContent = jbrowse;
    $('#igv-url').textContent = session;
    // the public apps read the config from this server, which they reach only if the browser can
    $('#open-jbrowse').href = 'https://jbrowse.org/code/jb2/latest/?config=' + encodeURIComponent(jbrowse);
    $('#open-igv').href = 'https://igv.org/app/?sessionURL=' + encodeURIComponent(session);
  }

  showBrowserLinks();
  refreshSources();
})();
