// Browser test of the DasGrid home page, run by HomePageBrowserIT against a server on the bundled data:
//   node browser-test/home-page.mjs --base http://127.0.0.1:PORT --out DIR [--genes-base URL]
// Drives Debian's Chromium headless through playwright-core, checks what a person would see (the sources and
// their status, the genome view's features against the DAS answer for the same range, navigation by locus and by
// feature name, hints taken from each source's own data, the sequence of a source with a FASTA, the genotype form
// following the view), saves screenshots in DIR, and exits non-zero if any check failed. With --genes-base, a
// second server whose cohort has a gene annotation and shares its assembly with an annotation source: the form's
// gene box, and the cohort's variants and the genes in one view.
import {chromium} from 'playwright-core';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {gunzipSync} from 'node:zlib';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
if (!args.base || !args.out) {
  console.error('usage: node home-page.mjs --base URL --out DIR [--genes-base URL]');
  process.exit(2);
}
const base = args.base.replace(/\/?$/, '/');
const out = args.out;
mkdirSync(out, {recursive: true});
const TIMEOUT = 60_000;

const checks = [];
function check(name, ok, detail) {
  checks.push({name, ok: Boolean(ok), detail: detail ?? ''});
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ' — ' + detail : ''}`);
}

/** The ids of the features DAS returns for a segment, read from the XML answer (independent of the page). */
async function dasFeatureIds(source, segment, type, on = base) {
  const q = `segment=${segment}` + (type ? `;type=${type}` : '');
  const xml = await (await fetch(`${on}das/${source}/features?${q}`)).text();
  return [...xml.matchAll(/<FEATURE id="([^"]*)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
}

/** The ids of the features the named igv.js track holds for the current view, once it has loaded them. */
async function trackFeatureIds(page, trackName) {
  await page.waitForFunction((name) => {
    const b = window.dasgrid && window.dasgrid.browser;
    const t = b && b.findTracks((x) => x.name === name)[0];
    return t && t.trackView.viewports.every((v) => !v.loading) && t.getInViewFeatures().length > 0;
  }, trackName, {timeout: TIMEOUT});
  return page.evaluate((name) => window.dasgrid.browser.findTracks((x) => x.name === name)[0]
    .getInViewFeatures().map((f) => f.id), trackName);
}

/** Pixels of the track's canvas that are not blank: features were drawn, not only loaded. */
function drawnPixels(page, trackName) {
  return page.evaluate((name) => {
    const t = window.dasgrid.browser.findTracks((x) => x.name === name)[0];
    let n = 0;
    for (const vp of t.trackView.viewports) {
      const c = vp.canvas;
      if (!c || c.width === 0 || c.height === 0) {
        continue;
      }
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      for (let i = 3; i < data.length; i += 4) {
        if (data[i] > 0 && (data[i - 3] < 250 || data[i - 2] < 250 || data[i - 1] < 250)) {
          n++;
        }
      }
    }
    return n;
  }, trackName);
}

async function currentLocus(page) {
  return page.evaluate(() => {
    const loci = window.dasgrid.browser.currentLoci();
    return Array.isArray(loci) ? loci[0] : loci;
  });
}

function parseLocus(locus) {
  const m = /^(.+):([\d,]+)-([\d,]+)$/.exec(locus || '');
  return m ? {chr: m[1], start: Number(m[2].replaceAll(',', '')), end: Number(m[3].replaceAll(',', ''))} : null;
}

/** Types a locus or name into igv.js's own search box, as a person would, and waits for the view to move. */
async function navigate(page, text) {
  const before = await currentLocus(page);
  const box = page.locator('#igv .igv-search-input');
  await box.fill(text);
  await box.press('Enter');
  await page.waitForFunction((old) => {
    const loci = window.dasgrid.browser.currentLoci();
    return (Array.isArray(loci) ? loci[0] : loci) !== old;
  }, before, {timeout: TIMEOUT});
  return currentLocus(page);
}

const sameSet = (a, b) => a.length === b.length && [...new Set(a)].every((x) => b.includes(x));

/** 1234567 -> '1,234,567', written out here rather than with the page's own formatting. */
const grouped = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The cells the variants table should show for a variant of the JSON API. */
const variantCells = (v) => [v.chrom, grouped(v.pos), v.id ?? '.', v.ref, v.alt, grouped(v.het), grouped(v.hom),
  grouped(v.ac), grouped(v.an), v.af === null ? '–' : v.af.toFixed(4)];

const sameRows = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A genotype query asked here, as JSON, straight from the API (independent of the page). */
async function genotypeJson(query, on = base, source = 'ceu') {
  const r = await fetch(`${on}genotypes/${source}/variants?${query}`, {headers: {Accept: 'application/json'}});
  if (r.status !== 200 || !r.headers.get('content-type').startsWith('application/json')) {
    throw new Error(`genotypes/${source}/variants?${query}: HTTP ${r.status} ${await r.text()}`);
  }
  return r.json();
}

/** The sources as /api/sources lists them, by id (read here, independent of the page). */
async function sourcesOf(on) {
  const body = await (await fetch(`${on}api/sources`)).json();
  return new Map(body.sources.map((s) => [s.id, s]));
}

/** A default locus REF:1000-2000 as igv.js writes a locus, REF:1,000-2,000. */
function igvLocus(locus) {
  const m = /^(.+):(\d+)-(\d+)$/.exec(locus);
  return `${m[1]}:${grouped(m[2])}-${grouped(m[3])}`;
}

/** The view's hint: it offers the source's own default locus and feature name, and nothing of another's. */
async function checkHint(page, source, others) {
  const hint = await page.textContent('#view-hint');
  const ownLocus = igvLocus(source.defaultLocus);
  const own = Boolean(source.hints.name) && hint.includes(ownLocus) && hint.includes(source.hints.name);
  // another source's examples (the fly's locus and gene on a human cohort), or the page's old fixed ones
  const foreign = [...others.flatMap((o) => [igvLocus(o.defaultLocus), o.hints.name]), '2L:7,000-10,000', 'CG11023']
    .filter((x) => x && hint.includes(x) && x !== source.hints.name && !ownLocus.includes(x));
  check(`the ${source.id} view's hint offers its own default locus and a feature name of its own`,
    own && foreign.length === 0, `${hint} (hints: ${JSON.stringify(source.hints)}; others' in it: `
      + `${JSON.stringify(foreign)})`);
}

/** How many sequence tracks the view has. */
function sequenceTracks(page) {
  return page.evaluate(() => window.dasgrid.browser.findTracks((t) => t.type === 'sequence').length);
}

/** The bases of REF:1-60 in the view (igv.js's, read from the reference) and from the DAS sequence command. */
async function firstBases(page, on, source, chr) {
  await navigate(page, `${chr}:1-60`);
  const shown = await page.evaluate((c) => window.dasgrid.browser.genome.getSequence(c, 0, 60), chr);
  const dna = (await (await fetch(`${on}das/${source}/sequence?segment=${chr}:1,60`)).text())
    .replace(/[\s\S]*<SEQUENCE[^>]*>([^<]*)<\/SEQUENCE>[\s\S]*/, '$1').replace(/\s/g, '');
  return {shown: String(shown), dna};
}

/** The name search's first hit for a name, read here from the API. */
async function searchHit(on, sourceId, name) {
  const body = await (await fetch(`${on}api/sources/${sourceId}/search?q=${encodeURIComponent(name)}`)).json();
  return body.results[0];
}

/**
 * Fills in and submits the genotype form as a person would; returns what the page asked, the answer it got
 * (body and Server-Timing header) and what it then shows (the table's cells and the timings line).
 */
async function queryGenotypes(page, {segment, zygosity, samples, limit, stats = false, cases = '', top = '',
  by = 'hwe_p', filters = '', start = '', end = '', gene = null}, source = 'ceu') {
  const form = '#genotype-form';
  await fillGenotypeForm(page, {segment, zygosity, samples, limit, stats, cases, top, by, filters, start, end,
    gene});
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/genotypes/${source}/variants`)),
    page.click(`${form} button[type=submit]`)]);
  const body = await response.json();
  // the page says 'querying…' from the submit until it has shown the answer
  await page.waitForFunction(() => document.querySelector('#genotype-timings').textContent !== 'querying…');
  return {
    url: response.url(),
    sent: new URL(response.url()).searchParams,
    status: response.status(),
    body,
    serverTiming: response.headers()['server-timing'],
    rows: await page.$$eval('#variants:not([hidden]) tbody tr', (trs) => trs.map((tr) =>
      [...tr.children].map((td) => td.textContent))),
    timings: await page.textContent('#genotype-timings')
  };
}

/** Fills in the genotype form, the analytics fields too (left empty unless given). */
async function fillGenotypeForm(page, f) {
  const form = '#genotype-form';
  await page.fill(`${form} input[name=segment]`, f.segment);
  await page.selectOption(`${form} select[name=zygosity]`, f.zygosity);
  await page.fill(`${form} input[name=samples]`, f.samples);
  await page.fill(`${form} input[name=limit]`, f.limit);
  await page.setChecked(`${form} input[name=stats]`, f.stats);
  await page.fill(`${form} input[name=cases]`, f.cases);
  await page.fill(`${form} input[name=top]`, f.top);
  await page.selectOption(`${form} select[name=by]`, f.by);
  await page.fill(`${form} input[name=filters]`, f.filters);
  await page.fill(`${form} input[name=start]`, f.start);
  await page.fill(`${form} input[name=end]`, f.end);
  if (f.gene !== null) {
    await page.fill(`${form} input[name=gene]`, f.gene);
  }
}

/** The analytics cells a row shows after the plain ones: p-values and F to 4 digits, counts grouped. */
const analyticsCells = (v) => ['missing', 'hwe_p', 'f', 'assoc_p', 'odds_ratio'].filter((k) => k in v)
  .map((k) => v[k] === null ? '–' : Number.isInteger(v[k]) ? grouped(v[k]) : v[k].toPrecision(4));

/** The answer's timings (body and header, as the contract gives them) and the page's line showing them. */
function checkTimings(asked, which) {
  const {body, serverTiming, timings} = asked;
  const m = /^elapsed_db;dur=(\d+(?:\.\d+)?), elapsed;dur=(\d+(?:\.\d+)?)$/.exec(serverTiming || '');
  check(`${which}: the answer is 200 with the contract's timings in the body and in Server-Timing`,
    asked.status === 200 && body.count === body.variants.length && typeof body.elapsed_ms === 'number'
      && typeof body.elapsed_db_ms === 'number' && m !== null && Number(m[1]) === body.elapsed_db_ms
      && Number(m[2]) === body.elapsed_ms, `${serverTiming}; ${JSON.stringify({count: body.count,
      elapsed_db_ms: body.elapsed_db_ms, elapsed_ms: body.elapsed_ms})}`);
  check(`${which}: the page shows the count and timings of the answer it got`,
    timings.includes(`${grouped(body.variants.length)} variants`) && timings.includes(`server ${body.elapsed_ms} ms`)
      && timings.includes(`genotype engine ${body.elapsed_db_ms} ms`) && /round trip \d+ ms/.test(timings)
      && timings.includes(`Server-Timing: ${serverTiming}`), timings);
}

/**
 * The second server (HomePageBrowserIT writes it): {@code cohort}, the bundled CEU VCF with a genes annotation,
 * and {@code genes}, that annotation as a source of the same assembly. The gene box asks {@code gene=} and shows
 * the API's answer; the view of the cohort adds the genes as a track of its assembly, so that the genes and the
 * cohort's variants are in one view.
 */
async function geneAndAssemblyChecks(page, on) {
  const listed = await sourcesOf(on);
  const cohort = listed.get('cohort');
  await page.goto(on);
  await page.waitForFunction(() => window.dasgrid.browser && window.dasgrid.current.id === 'cohort');
  await page.waitForSelector('#genotype-section:not([hidden])');
  const geneBox = '#genotype-form input[name=gene]';
  check('a cohort with a gene annotation has the gene box, offering a gene of its own annotation',
    cohort.hints.gene && await page.isVisible(geneBox)
      && await page.getAttribute(geneBox, 'placeholder') === cohort.hints.gene,
    `${JSON.stringify(cohort.hints)}; placeholder ${await page.getAttribute(geneBox, 'placeholder')}`);
  const gene = cohort.hints.gene;
  const asked = await queryGenotypes(page, {segment: '', zygosity: 'any', samples: '', limit: '100', gene},
    'cohort');
  const api = await genotypeJson(`gene=${encodeURIComponent(gene)}&zygosity=any&limit=100`, on, 'cohort');
  check('the gene box asks gene= instead of a region and shows the API\'s answer for it',
    asked.sent.get('gene') === gene && !asked.sent.has('segment') && api.variants.length > 0
      && sameRows(asked.rows, api.variants.map(variantCells)),
    `${asked.url}: ${asked.rows.length} rows shown, ${api.variants.length} from the API`);

  // the genes and the cohort's variants in one view of their assembly
  check('the cohort and the genes are one assembly', cohort.assembly && cohort.assembly
    === listed.get('genes').assembly, `${cohort.assembly} / ${listed.get('genes').assembly}`);
  const options = await page.$$eval('#assembly-select option', (os) => os.map((o) => o.textContent));
  check('the view offers the assembly\'s other sources', options.includes('genes (annotation)'),
    JSON.stringify(options));
  const index = await page.$eval('#assembly-select', (s) =>
    [...s.options].find((o) => o.textContent === 'genes (annotation)').value);
  await page.selectOption('#assembly-select', index);
  // as a person would, type the locus once the added track has loaded: igv.js rewrites its locus box with the
  // current locus when a track finishes loading, so a locus typed during the load is lost (seen under CI load)
  await page.waitForFunction(() => {
    const t = window.dasgrid.browser.findTracks((x) => x.name === 'genes')[0];
    return t && t.trackView.viewports.every((v) => !v.loading);
  }, null, {timeout: TIMEOUT});
  const span = api.genes[0].segment.replace(',', '-');
  await navigate(page, span);
  await page.waitForFunction(() => {
    const t = window.dasgrid.browser.findTracks((x) => x.name === 'genes')[0];
    return t && t.trackView.viewports.every((v) => !v.loading) && t.getInViewFeatures().length > 0;
  }, null, {timeout: TIMEOUT});
  const geneNames = await page.evaluate(() => window.dasgrid.browser.findTracks((x) => x.name === 'genes')[0]
    .getInViewFeatures().map((f) => f.name));
  const l = parseLocus(await currentLocus(page));
  const variants = await trackFeatureIds(page, 'cohort features');
  const expected = await dasFeatureIds('cohort', `${l.chr}:${l.start},${l.end}`, null, on);
  check('one view shows the genes (from the assembly\'s annotation source) and the cohort\'s variants',
    geneNames.includes(gene) && variants.length > 0 && sameSet(variants, expected),
    `${span}: genes ${JSON.stringify(geneNames)}; ${variants.length} variants shown, ${expected.length} from DAS`);
  await page.screenshot({path: join(out, 'home-assembly.png'), fullPage: true});

  // a source with a FASTA that holds its references: a sequence track with the DAS sequence command's bases
  await page.click('#sources tr[data-source="yeast"] button.view');
  await page.waitForFunction(() => window.dasgrid.current.id === 'yeast' && window.dasgrid.browser
    && window.dasgrid.browser.findTracks((t) => t.name === 'yeast features').length === 1);
  const tracks = await sequenceTracks(page);
  const bases = await firstBases(page, on, 'yeast', 'I');
  check('a source with a FASTA shows a sequence track with the DAS sequence\'s bases',
    tracks === 1 && bases.dna.length === 60 && bases.shown.toLowerCase() === bases.dna.toLowerCase(),
    `${tracks} sequence track(s); igv.js ${bases.shown}; DAS ${bases.dna}`);
  await page.screenshot({path: join(out, 'home-sequence.png'), fullPage: true});
}

const userDataDir = mkdtempSync(join(tmpdir(), 'dasgrid-chromium-'));
const external = [];
const pageErrors = [];
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    viewport: {width: 1400, height: 1000},
    acceptDownloads: true
  });
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol.startsWith('http') && !['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) {
      external.push(r.url());
    }
  });
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.on('pageerror', (e) => pageErrors.push(String(e)));

  // 1. the sources and their status
  await page.goto(base);
  await page.waitForSelector('#sources tr[data-source="dmel"][data-state="ready"]');
  const dmelRecords = await page.textContent('#sources tr[data-source="dmel"] td.records');
  check('the sources table shows dmel loaded with its record count', dmelRecords.trim() === '49,981', dmelRecords);
  const ceRow = page.locator('#sources tr[data-source="ce_ws199"]');
  check('the sources table shows ce_ws199 loaded',
    (await ceRow.getAttribute('data-state')) === 'ready' && (await ceRow.locator('.badge').textContent()) === 'loaded');
  const featuresLink = await page.getAttribute('#sources tr[data-source="dmel"] a:text("features")', 'href');
  check('each source links to its DAS documents', featuresLink.includes('/das/dmel/features?segment=2L'),
    featuresLink);

  // 2. the genome view opens on the first source, and its track holds what DAS answers for that range; its hint
  // is the source's own
  await page.waitForFunction(() => window.dasgrid.browser && window.dasgrid.current.id === 'dmel');
  const sources = await sourcesOf(base);
  const othersThan = (id) => [...sources.values()].filter((s) => s.id !== id && s.state === 'ready');
  await checkHint(page, sources.get('dmel'), othersThan('dmel'));
  let locus = await navigate(page, '2L:7,001-10,000');
  let shown = await trackFeatureIds(page, 'dmel features');
  let expected = await dasFeatureIds('dmel', '2L:7001,10000');
  check('navigation by locus moves the view', parseLocus(locus)?.start === 7001 && parseLocus(locus)?.end === 10000,
    locus);
  check('the dmel track shows the features DAS gives for 2L:7001-10000', sameSet(shown, expected),
    `${shown.length} shown, ${expected.length} from DAS`);
  check('the gene CG11023 (FBgn0031208) is among them', shown.includes('FBgn0031208'));
  const models = await page.evaluate(() => window.dasgrid.browser.findTracks((x) => x.name === 'dmel features')[0]
    .getInViewFeatures().filter((f) => f.exons && f.start >= 7000 && f.end <= 10000) // wholly in view
    .map((f) => ({id: f.id, name: f.name, exons: f.exons.length})));
  const das = await (await fetch(`${base}das/dmel/features?segment=2L:7001,10000&format=json`)).json();
  const dasExons = new Map();
  for (const f of das.features.segments[0].features.filter((x) => x.type.id === 'exon')) {
    for (const p of f.parents || []) {
      dasExons.set(p, (dasExons.get(p) || 0) + 1);
    }
  }
  const rb = models.find((m) => m.name === 'CG11023-RB');
  check('transcripts are drawn as gene models with their DAS exons', rb && rb.exons === dasExons.get(rb.id)
    && rb.exons >= 2 && models.every((m) => m.exons === dasExons.get(m.id)),
  JSON.stringify(models));
  const pixels = await drawnPixels(page, 'dmel features');
  check('the track canvas has features drawn on it', pixels > 500, `${pixels} drawn pixels`);
  await page.screenshot({path: join(out, 'home-dmel.png'), fullPage: true});

  // 3. navigation by feature name and by id, looked up on this server
  locus = await navigate(page, '2L:100,001-110,000');
  locus = await navigate(page, 'CG11023');
  let l = parseLocus(locus);
  check('searching the name CG11023 goes to the gene (2L:7529-9484)',
    l && l.chr === '2L' && l.start <= 7529 && l.end >= 9484 && l.end - l.start < 10_000, locus);
  await navigate(page, '2L:100,001-110,000');
  locus = await navigate(page, 'fbgn0031208');
  l = parseLocus(locus);
  check('searching an id, in any case, goes to the feature', l && l.start <= 7529 && l.end >= 9484, locus);
  shown = await trackFeatureIds(page, 'dmel features');
  check('after the search the track shows the gene', shown.includes('FBgn0031208'));
  check('the address bar keeps the view (source and locus)',
    new URL(page.url()).hash.includes('source=dmel') && new URL(page.url()).hash.includes('locus='), page.url());
  // the name the hint offers is one the search finds
  await navigate(page, '2L:100,001-110,000');
  const hinted = sources.get('dmel').hints.name;
  const hit = await searchHit(base, 'dmel', hinted);
  l = parseLocus(await navigate(page, hinted));
  check('the feature name the hint offers goes to that feature', hit && l && l.chr === hit.chromosome
    && l.start <= hit.start && l.end >= hit.end, `${hinted}: ${JSON.stringify(hit)} -> ${JSON.stringify(l)}`);

  // 4. a track of one type, from the DAS types command
  await page.selectOption('#type-select', 'gene');
  const geneIds = await trackFeatureIds(page, 'dmel gene');
  l = parseLocus(await currentLocus(page));
  expected = await dasFeatureIds('dmel', `2L:${l.start},${l.end}`, 'gene');
  check('a type track shows only that type', geneIds.length > 0 && sameSet(geneIds, expected),
    `${geneIds.length} genes shown, ${expected.length} from DAS`);

  // 5. a second source: its own reference and track
  await page.click('#sources tr[data-source="ce_ws199"] button.view');
  await page.waitForFunction(() => window.dasgrid.current.id === 'ce_ws199' && window.dasgrid.browser
    && window.dasgrid.browser.findTracks((t) => t.name === 'ce_ws199 features').length === 1);
  l = parseLocus(await currentLocus(page));
  shown = await trackFeatureIds(page, 'ce_ws199 features');
  expected = await dasFeatureIds('ce_ws199', `${l.chr}:${l.start},${l.end}`);
  check('the ce_ws199 view shows its features', shown.length > 0 && sameSet(shown, expected),
    `${l.chr}:${l.start}-${l.end}: ${shown.length} shown, ${expected.length} from DAS`);
  check('the genotype form is hidden for a source without genotypes', await page.isHidden('#genotype-section'));
  await checkHint(page, sources.get('ce_ws199'), othersThan('ce_ws199'));
  // the bundled FASTA is an excerpt (100 bp of each chromosome, the features lie far beyond): the view keeps the
  // annotation's references, with no sequence track, and says why
  const status = await page.textContent('#view-status');
  const noBases = await page.evaluate((chr) => window.dasgrid.browser.genome.getSequence(chr, 0, 60), l.chr);
  check('a FASTA shorter than the annotation gives no sequence, and the view says so',
    !noBases && status.includes('no sequence track') && status.includes('FASTA'), `${status}; bases: ${noBases}`);
  await page.screenshot({path: join(out, 'home-ce_ws199.png'), fullPage: true});

  // 6. the genotype form of ceu (the bundled 90-sample 1000 Genomes VCF), against this server's real
  // /genotypes/ceu API: what the page asks, the table it shows against the same query asked here as JSON, and
  // the timings it shows against the answer it got (body and Server-Timing header).
  check('the sources table shows ceu loaded with genotypes',
    (await page.getAttribute('#sources tr[data-source="ceu"]', 'data-state')) === 'ready'
      && (await page.textContent('#sources tr[data-source="ceu"]')).includes('+ genotypes'));
  await page.click('#sources tr[data-source="ceu"] button.view');
  await page.waitForFunction(() => window.dasgrid.current && window.dasgrid.current.id === 'ceu');
  await page.waitForSelector('#genotype-section:not([hidden])');
  const ceu = sources.get('ceu');
  await checkHint(page, ceu, othersThan('ceu'));
  const placeholders = await page.$eval('#genotype-form', (f) => ({segment: f.elements.segment.placeholder,
    samples: f.elements.samples.placeholder, cases: f.elements.cases.placeholder}));
  check('the genotype form\'s examples are the cohort\'s own: its default locus and two of its samples',
    ceu.hints.samples.length === 2 && placeholders.segment === ceu.defaultLocus.replace('-', ',')
      && placeholders.samples.includes(ceu.hints.samples.join(',')) && placeholders.cases.includes(ceu.hints.samples[0])
      && !JSON.stringify(placeholders).includes('17:7661779'), JSON.stringify(placeholders));
  check('the gene box is hidden for a cohort without a gene annotation', await page.isHidden('#gene-box'));
  await navigate(page, '17:3,360,001-3,390,000');
  check('the genotype form\'s region follows the view',
    await page.inputValue('#genotype-form input[name=segment]') === '17:3360001,3390000',
    await page.inputValue('#genotype-form input[name=segment]'));
  let asked = await queryGenotypes(page, {segment: '1:1,50000000 17:3360000,3390000', zygosity: 'het',
    samples: 'NA06984, NA06986', limit: '50'});
  check('the genotype form asks /genotypes/ceu/variants with its region, zygosity, samples and limit',
    asked.sent.getAll('segment').join(' ') === '1:1,50000000 17:3360000,3390000'
      && asked.sent.get('zygosity') === 'het' && asked.sent.get('samples') === 'NA06984,NA06986'
      && asked.sent.get('limit') === '50', asked.url);
  let api = await genotypeJson('segment=1:1,50000000&segment=17:3360000,3390000&zygosity=het'
    + '&samples=NA06984,NA06986&limit=50');
  check('the variants table shows the variants the API gives for the same query',
    api.variants.length >= 5 && sameRows(asked.rows, api.variants.map(variantCells)),
    `${asked.rows.length} rows shown, ${api.variants.length} from the API: ${JSON.stringify(asked.rows.slice(0, 3))}`);
  check('both regions and only het carriers among the two samples are shown',
    asked.rows.some((r) => r[0] === '1') && asked.rows.some((r) => r[0] === '17')
      && api.variants.every((v) => v.het >= 1 && v.het <= 2), JSON.stringify(api.variants.map((v) => v.het)));
  checkTimings(asked, 'het query');
  // the download links: the form's regions and samples as a cohort export, which the server sends as a file
  const links = await page.$$eval('#genotype-download-vcf, #genotype-download-plink', (as) => as.map((a) => a.href));
  const vcfLink = new URL(links[0]);
  check('the download links export the form\'s regions and samples as VCF and PLINK',
    vcfLink.pathname.endsWith('/genotypes/ceu/export') && vcfLink.searchParams.get('format') === 'vcf'
      && vcfLink.searchParams.getAll('segment').join(' ') === '1:1,50000000 17:3360000,3390000'
      && vcfLink.searchParams.get('samples') === 'NA06984,NA06986'
      && new URL(links[1]).searchParams.get('format') === 'plink', JSON.stringify(links));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#genotype-download-vcf')]);
  const saved = join(out, 'download.vcf.gz');
  await download.saveAs(saved);
  const vcfText = gunzipSync(readFileSync(saved)).toString('utf8');
  check('clicking VCF downloads the export: a gzipped VCF of the two samples named by the server',
    download.suggestedFilename().endsWith('.vcf.gz') && vcfText.startsWith('##fileformat=VCFv4.2')
      && /#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tNA06984\tNA06986\n/.test(vcfText),
    download.suggestedFilename());
  await page.screenshot({path: join(out, 'home-genotypes.png'), fullPage: true});

  asked = await queryGenotypes(page, {segment: '1:1,50000000', zygosity: 'hom', samples: '', limit: '20'});
  api = await genotypeJson('segment=1:1,50000000&zygosity=hom&limit=20');
  check('a second query (hom, every sample) replaces the table with the API\'s answer',
    !asked.sent.has('samples') && asked.sent.get('zygosity') === 'hom' && api.variants.length > 0
      && sameRows(asked.rows, api.variants.map(variantCells)) && api.variants.every((v) => v.hom >= 1),
    `${asked.rows.length} rows shown, ${api.variants.length} from the API`);
  checkTimings(asked, 'hom query');

  // the analytics fields: statistics, top-N by HWE p, filters and a bracket, against the API's answer; then the
  // Count button with the same filters, against the number of rows the API lists for them
  const analytics = {segment: '1 17', zygosity: 'any', samples: '', limit: '100', stats: true, top: '5',
    by: 'hwe_p', filters: 'type=snv&af=0.05,', start: '1000000,50000000', end: ''};
  asked = await queryGenotypes(page, analytics);
  api = await genotypeJson('segment=1&segment=17&zygosity=any&limit=100&stats=true&top=5&by=hwe_p&type=snv'
    + '&af=0.05,&start=1000000,50000000');
  check('the analytics fields ask for stats, top/by, the filters and the bracket',
    asked.sent.get('stats') === 'true' && asked.sent.get('top') === '5' && asked.sent.get('by') === 'hwe_p'
      && asked.sent.get('type') === 'snv' && asked.sent.get('af') === '0.05,'
      && asked.sent.get('start') === '1000000,50000000' && !asked.sent.has('end') && !asked.sent.has('cases'),
    asked.url);
  const headers = await page.$$eval('#variants thead th', (ths) => ths.map((th) => th.textContent));
  check('the table shows the API\'s top rows with their missing, hwe_p and f columns',
    api.variants.length === 5 && headers.slice(-3).join(',') === 'missing,hwe_p,f'
      && sameRows(asked.rows, api.variants.map((v) => [...variantCells(v), ...analyticsCells(v)])),
    `${JSON.stringify(headers)}; ${JSON.stringify(asked.rows.slice(0, 2))}`);
  checkTimings(asked, 'analytics query');
  const [counted] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/genotypes/ceu/count')),
    page.click('#genotype-count')]);
  const countBody = await counted.json();
  await page.waitForFunction(() => document.querySelector('#genotype-timings').textContent.startsWith('count:'));
  const countSent = new URL(counted.url()).searchParams;
  const listed = await genotypeJson('segment=1&segment=17&zygosity=any&type=snv&af=0.05,&start=1000000,50000000');
  check('Count asks /count with the filters and bracket but not stats, top or limit, and says what it answers',
    counted.status() === 200 && countSent.get('type') === 'snv' && countSent.get('start') === '1000000,50000000'
      && !countSent.has('stats') && !countSent.has('top') && !countSent.has('limit')
      && countBody.variants === listed.count && listed.count > 5
      && (await page.textContent('#genotype-timings')).startsWith(`count: ${grouped(countBody.variants)} variants`),
    `${counted.url()} -> ${JSON.stringify(countBody)}; variants lists ${listed.count}`);

  // 7. a source still loading and one that failed, as /api/sources reports them (a fixture: real loads of the
  // bundled data finish too fast to catch). The page keeps polling while anything loads.
  let polls = 0;
  await page.route('**/api/sources', async (route) => {
    polls++;
    const response = await route.fetch();
    const body = await response.json();
    body.ready = false;
    const ce = body.sources.find((s) => s.id === 'ce_ws199');
    for (const k of ['version', 'records', 'bytesRead', 'heapBytes', 'references', 'loadMillis', 'loadedAt',
      'defaultLocus', 'sequence', 'capabilities', 'links']) {
      delete ce[k];
    }
    Object.assign(ce, {state: 'loading',
      progress: {records: 1234, bytesRead: 420, totalBytes: 1000, fraction: 0.42, elapsedMillis: 900}});
    body.sources.push({id: 'broken', title: 'A corrupt file', description: '', format: 'gff3',
      coordinates: {authority: '', version: '', taxid: null, source: 'Chromosome', label: 'unknown,Chromosome'},
      state: 'failed', error: 'broken.gff3:3: end 250 < start 300', failedAt: new Date().toISOString(),
      genotypes: false});
    await route.fulfill({response, json: body});
  });
  await page.goto(base);
  await page.waitForSelector('#sources tr[data-source="broken"]');
  const loadingText = await page.textContent('#sources tr[data-source="ce_ws199"] td.status');
  check('a loading source shows its progress', loadingText.includes('loading 42%')
    && loadingText.includes('1,234 records so far')
    && await page.isVisible('#sources tr[data-source="ce_ws199"] progress'), loadingText);
  const failedText = await page.textContent('#sources tr[data-source="broken"] td.status');
  check('a failed source shows why', failedText.includes('failed')
    && failedText.includes('broken.gff3:3: end 250 < start 300'), failedText);
  check('a source that is not loaded offers no genome view',
    await page.locator('#sources tr[data-source="ce_ws199"] button.view').count() === 0
    && await page.locator('#sources tr[data-source="broken"] button.view').count() === 0);
  await page.waitForFunction(() => window.dasgrid.browser && window.dasgrid.current.id === 'dmel');
  const before = polls;
  // wait (up to the usual timeout) for the page's own refresh; how soon it comes is not checked
  for (let waited = 0; polls <= before && waited < TIMEOUT; waited += 200) {
    await page.waitForTimeout(200);
  }
  check('the status refreshes while a source is loading', polls > before, `${polls - before} more polls`);
  await page.screenshot({path: join(out, 'home-loading-failed.png'), fullPage: true});
  // the fixture is this server's: a poll in flight finishes before the route goes
  await page.unrouteAll({behavior: 'wait'});

  // 8. on a second server: a cohort with a gene annotation, in one assembly with an annotation source
  if (args['genes-base']) {
    await geneAndAssemblyChecks(page, args['genes-base'].replace(/\/?$/, '/'));
  }

  check('the page loaded nothing from other hosts', external.length === 0, external.join(' '));
  check('the page raised no script errors', pageErrors.length === 0, pageErrors.join(' | '));
  // the page keeps polling /api/sources: let a poll in flight finish before the context closes under it
  await page.unrouteAll({behavior: 'wait'});
} catch (e) {
  check('the browser test ran to the end', false, e.stack || String(e));
  const page = context && context.pages()[0];
  if (page) {
    await page.screenshot({path: join(out, 'failure.png'), fullPage: true}).catch(() => {});
  }
} finally {
  if (context) {
    await context.close();
  }
  rmSync(userDataDir, {recursive: true, force: true});
}

const failed = checks.filter((c) => !c.ok);
writeFileSync(join(out, 'checks.json'), JSON.stringify(checks, null, 2));
// not the "N passed, M failed" shape: that line belongs to the test runner that reads this output
console.log(`browser checks: ${checks.length - failed.length} ok, ${failed.length} not ok`);
process.exit(failed.length === 0 ? 0 : 1);
