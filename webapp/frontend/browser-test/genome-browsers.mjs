// Browser test of the exports and ready-made configs, run by GenomeBrowsersIT against a server on the bundled data:
//   node browser-test/genome-browsers.mjs --base http://127.0.0.1:PORT --out DIR
// Opens, in Debian's Chromium driven headless by playwright-core, two pages served from another origin (so every
// read of /files/* is a cross-origin range request, as from a browser on any site): igv.js 3.8.10 loading
// /igv/session.json, and the JBrowse 2 linear genome view (@jbrowse/react-linear-genome-view 2.18.0, its UMD
// build with React 18) loading /jbrowse/config.json. Each must draw the dmel features of 2L:1..27772 and the
// ceu variants of 1:1105366..1200000, checked against the DAS answers for the same ranges. Saves screenshots
// and checks.json in DIR; exits non-zero if any check failed.
import {chromium} from 'playwright-core';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {createServer} from 'node:http';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
if (!args.base || !args.out) {
  console.error('usage: node genome-browsers.mjs --base URL --out DIR');
  process.exit(2);
}
const base = args.base.replace(/\/$/, '');
const out = args.out;
mkdirSync(out, {recursive: true});
const TIMEOUT = 120_000;
const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, '..', 'node_modules');

const checks = [];
function check(name, ok, detail) {
  checks.push({name, ok: Boolean(ok), detail: detail ?? ''});
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ' — ' + detail : ''}`);
}

const DMEL = {ref: '2L', start: 1, end: 27772};
const CEU = {ref: '1', start: 1105366, end: 1200000};

/** The DAS GFF3 lines of a segment (1-based, inclusive), as the independent answer. */
async function dasGff3(source, r) {
  const text = await (await fetch(`${base}/das/${source}/features?segment=${r.ref}:${r.start},${r.end}&format=gff3`)).text();
  return text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
}

/** The VCF records (CHROM:POS:REF) of a segment, from the DAS answer, which has one line per ALT allele. */
async function dasVariants(source, r) {
  const text = await (await fetch(`${base}/das/${source}/features?segment=${r.ref}:${r.start},${r.end}&format=vcf`)).text();
  const records = new Set(text.split('\n').filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t')).map((c) => `${c[0]}:${c[1]}:${c[3]}`));
  return records;
}

const files = {
  '/igv.min.js': join(modules, 'igv/dist/igv.min.js'),
  '/react.js': join(modules, 'react/umd/react.production.min.js'),
  '/react-dom.js': join(modules, 'react-dom/umd/react-dom.production.min.js'),
  '/jbrowse-lgv.js': join(modules, '@jbrowse/react-linear-genome-view/dist/react-linear-genome-view.umd.production.min.js'),
  '/igv.html': join(here, 'pages/igv.html'),
  '/jbrowse.html': join(here, 'pages/jbrowse.html')
};

// the test pages' own origin: another port on this machine, so every read of the server is cross-origin (CORS),
// yet in the same (loopback) address space, which Chromium's local-network checks require
const pages = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  const file = files[path];
  if (!file) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, {'Content-Type': path.endsWith('.html') ? 'text/html' : 'text/javascript'});
  res.end(readFileSync(file));
});
await new Promise((resolve) => pages.listen(0, '127.0.0.1', resolve));
const PAGES = `http://127.0.0.1:${pages.address().port}`;

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
    viewport: {width: 1400, height: 900}
  });
  const ranges = [];
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol.startsWith('http') && !['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) {
      external.push(r.url());
    }
    if (r.url().includes('/files/') && r.headers()['range']) {
      ranges.push(r.url());
    }
  });
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') {
      console.log('page console error: ' + m.text());
    }
  });

  // ---- igv.js ----
  await page.goto(`${PAGES}/igv.html?session=${encodeURIComponent(base + '/igv/session.json')}`
    + `&locus=${DMEL.ref}:${DMEL.start}-${DMEL.end}`);
  await page.waitForFunction(() => window.result !== undefined, null, {timeout: TIMEOUT});
  const igvDmel = await page.evaluate(() => window.result);
  const dmelLines = await dasGff3('dmel', DMEL);
  const dasIds = new Set(dmelLines.map((c) => /(?:^|;)ID=([^;]*)/.exec(c[8])?.[1]).filter(Boolean).map(decodeURIComponent));
  check('igv.js loads /igv/session.json (genome BDGP_5, the dmel gff3 track)', igvDmel.ok && igvDmel.genome === 'BDGP_5'
    && igvDmel.tracks.includes('dmel'), JSON.stringify({ok: igvDmel.ok, error: igvDmel.error, genome: igvDmel.genome, tracks: igvDmel.tracks}));
  const igvIds = (igvDmel.features || []).flatMap((f) => [f.id, ...(f.parts || [])]).filter(Boolean);
  const missing = igvIds.filter((id) => !dasIds.has(id));
  check('igv.js draws dmel features of 2L:1-27772 from the gff3 export, each one DAS gives for the range',
    igvIds.length > 20 && missing.length === 0, `${igvDmel.features?.length} igv.js features (${igvIds.length} ids), ${dasIds.size} DAS ids, not in DAS: ${missing.slice(0, 5)}`);
  check('igv.js shows the gene CG11023 (FBgn0031208)', igvIds.includes('FBgn0031208') || (igvDmel.features || []).some((f) => f.name === 'CG11023'));
  check('igv.js drew the dmel track on its canvas', igvDmel.pixels > 500, `${igvDmel.pixels} drawn pixels`);
  await page.screenshot({path: join(out, 'igv-dmel.png'), fullPage: true});

  await page.goto(`${PAGES}/igv.html?session=${encodeURIComponent(base + '/igv/session.json?assembly=NCBI_36')}`
    + `&locus=${CEU.ref}:${CEU.start}-${CEU.end}`);
  await page.waitForFunction(() => window.result !== undefined, null, {timeout: TIMEOUT});
  const igvCeu = await page.evaluate(() => window.result);
  const ceuRecords = await dasVariants('ceu', CEU);
  const igvVariants = new Set((igvCeu.features || []).map((f) => `${f.chr}:${f.pos}:${f.ref}`));
  check('igv.js loads the NCBI_36 session with the ceu vcf track', igvCeu.ok && igvCeu.tracks.includes('ceu'),
    JSON.stringify({ok: igvCeu.ok, error: igvCeu.error, tracks: igvCeu.tracks}));
  check('igv.js shows the ceu variants of 1:1105366-1200000, the records DAS gives',
    igvVariants.size > 0 && igvVariants.size === ceuRecords.size && [...ceuRecords].every((r) => igvVariants.has(r)),
    `${igvVariants.size} igv.js variants, ${ceuRecords.size} DAS records`);
  check('igv.js drew the ceu track', igvCeu.pixels > 100, `${igvCeu.pixels} drawn pixels`);
  await page.screenshot({path: join(out, 'igv-ceu.png'), fullPage: true});

  // ---- JBrowse 2 ----
  for (const [label, assembly, track, r, shot] of [
    ['dmel', 'BDGP_5', 'dmel', DMEL, 'jbrowse-dmel.png'],
    ['ceu', 'NCBI_36', 'ceu', CEU, 'jbrowse-ceu.png']]) {
    await page.goto(`${PAGES}/jbrowse.html?config=${encodeURIComponent(base + '/jbrowse/config.json')}`
      + `&assembly=${assembly}&track=${track}&loc=${r.ref}:${r.start}..${r.end}`);
    await page.waitForFunction(() => window.result !== undefined, null, {timeout: TIMEOUT});
    const jb = await page.evaluate(() => window.result);
    check(`JBrowse 2 loads /jbrowse/config.json and opens ${assembly} with the ${track} track`, jb.ok,
      JSON.stringify({error: jb.error, tracks: jb.tracks})
      + (jb.forced ? ' (its density estimate timed out on this busy machine: force-loaded, as a person would)' : ''));
    // JBrowse fetches whole blocks, which may reach past the range: compare what overlaps it (0-based, half-open)
    const inRange = jb.features.filter((f) => f.refName === r.ref && f.start < r.end && f.end > r.start - 1);
    if (label === 'dmel') {
      const names = new Set(inRange.map((f) => f.name).filter(Boolean));
      const ids = inRange.map((f) => f.id).filter(Boolean);
      const notInDas = ids.filter((id) => !dasIds.has(id));
      // the top-level features (no Parent) DAS gives: JBrowse draws each, its children inside it
      const topLevel = new Set(dmelLines.filter((c) => !/(?:^|;)Parent=/.test(c[8]))
        .map((c) => decodeURIComponent(/(?:^|;)ID=([^;]*)/.exec(c[8])?.[1] || '')).filter(Boolean));
      const notDrawn = [...topLevel].filter((id) => !ids.includes(id));
      check('JBrowse 2 draws dmel features of 2L:1..27772 from the gff3 export, each one DAS gives for the range',
        ids.length > 20 && notInDas.length === 0, `${inRange.length} drawn features, not in DAS: ${notInDas.slice(0, 5)}`);
      check('JBrowse 2 draws every top-level feature DAS gives for 2L:1..27772', notDrawn.length === 0,
        `${topLevel.size} top-level DAS features, not drawn: ${notDrawn.slice(0, 5)}`);
      check('JBrowse 2 shows the gene CG11023 (FBgn0031208)', ids.includes('FBgn0031208') || names.has('CG11023'),
        [...names].slice(0, 10).join(', '));
    } else {
      const drawn = new Set(inRange.map((f) => `${f.refName}:${f.start + 1}:${f.ref}`));
      check('JBrowse 2 draws the ceu variants of 1:1105366..1200000, the records DAS gives',
        drawn.size > 0 && drawn.size === ceuRecords.size && [...ceuRecords].every((x) => drawn.has(x)),
        `${drawn.size} JBrowse variants, ${ceuRecords.size} DAS records`);
    }
    check(`JBrowse 2 rendered the ${track} track (SVG/canvas in the page)`, jb.drawn > 0, `${jb.drawn} drawn elements`);
    await page.screenshot({path: join(out, shot), fullPage: true});
  }

  check('the browsers read the exports with range requests', ranges.length > 0, `${ranges.length} range requests`);
  check('no request left the machine', external.length === 0, external.slice(0, 3).join(' '));
  check('no uncaught errors in the pages', pageErrors.length === 0, pageErrors.slice(0, 3).join(' | '));
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
  pages.close();
}

const failed = checks.filter((c) => !c.ok);
writeFileSync(join(out, 'checks.json'), JSON.stringify(checks, null, 2));
console.log(`browser checks: ${checks.length - failed.length} ok, ${failed.length} not ok`);
process.exit(failed.length === 0 ? 0 : 1);
