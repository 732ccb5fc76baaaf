// igv.js reading DasGrid's htsget, run by HtsgetBrowserIT against a server on the bundled data:
//   node browser-test/htsget-track.mjs --base http://127.0.0.1:PORT --out DIR
// Opens a page of the server in Debian's Chromium (headless, through playwright-core), makes an igv.js browser
// there with one variant track read through /htsget/variants/ceu (igv.js asks for class=header, then a ticket
// per range, fetches and concatenates the blocks and unzips them itself), checks the variants it shows against
// the DAS features of the same range, saves a screenshot in DIR and exits non-zero if any check failed.
import {chromium} from 'playwright-core';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
if (!args.base || !args.out) {
  console.error('usage: node htsget-track.mjs --base URL --out DIR');
  process.exit(2);
}
const base = args.base.replace(/\/?$/, '/');
const out = args.out;
mkdirSync(out, {recursive: true});
const TIMEOUT = 60_000;
const LOCUS = {chr: '1', start: 46294000, end: 46752000};

const checks = [];
function check(name, ok, detail) {
  checks.push({name, ok: Boolean(ok), detail: detail ?? ''});
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ' — ' + detail : ''}`);
}

/** The positions of the VCF records DAS returns for the locus (independent of htsget). */
async function dasPositions() {
  const segment = `${LOCUS.chr}:${LOCUS.start},${LOCUS.end}`;
  const xml = await (await fetch(`${base}das/ceu/features?segment=${segment}`)).text();
  return [...new Set([...xml.matchAll(/<START>(\d+)<\/START>/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

const userDataDir = mkdtempSync(join(tmpdir(), 'dasgrid-chromium-'));
const htsgetRequests = [];
let context;
try {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    viewport: {width: 1200, height: 500}
  });
  context.on('request', (r) => {
    if (r.url().includes('/htsget/')) {
      htsgetRequests.push(r.url());
    }
  });
  const page = context.pages()[0] || await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  // the home page serves igv.js; its own view is replaced by one browser with the htsget track alone
  await page.goto(base);
  await page.waitForFunction(() => window.igv && window.igv.createBrowser);
  await page.evaluate(async ({base, locus}) => {
    document.body.innerHTML = '<div id="htsget" style="width: 1150px"></div>';
    window.htsgetBrowser = await igv.createBrowser(document.getElementById('htsget'), {
      reference: {id: 'ceu', name: 'ceu', format: 'chromsizes', fastaURL: `${base}api/sources/ceu/chrom.sizes`},
      locus: `${locus.chr}:${locus.start}-${locus.end}`,
      loadDefaultGenomes: false,
      showCytobands: false,
      showIdeogram: false,
      tracks: [{name: 'ceu (htsget)', type: 'variant', format: 'vcf', sourceType: 'htsget',
        url: `${base}htsget/variants/ceu`, visibilityWindow: 2000000, displayMode: 'EXPANDED'}]
    });
  }, {base, locus: LOCUS});
  await page.waitForFunction(() => {
    const t = window.htsgetBrowser.findTracks((x) => x.name === 'ceu (htsget)')[0];
    return t && t.trackView.viewports.every((v) => !v.loading) && t.getInViewFeatures().length > 0;
  }, null, {timeout: TIMEOUT});
  const shown = await page.evaluate(({locus}) => {
    const t = window.htsgetBrowser.findTracks((x) => x.name === 'ceu (htsget)')[0];
    return [...new Set(t.getInViewFeatures().map((v) => v.start + 1)
      .filter((p) => p >= locus.start && p <= locus.end))].sort((a, b) => a - b);
  }, {locus: LOCUS});
  const expected = await dasPositions();
  check('DAS has variants in the locus', expected.length > 0, `${expected.length}`);
  check('igv.js shows the same variants through htsget as DAS lists', JSON.stringify(shown) === JSON.stringify(expected),
    `igv ${JSON.stringify(shown)} das ${JSON.stringify(expected)}`);
  check('igv.js asked for the header ticket', htsgetRequests.some((u) => u.includes('class=header')),
    htsgetRequests.join(' '));
  check('igv.js asked for a region ticket and fetched blocks',
    htsgetRequests.some((u) => u.includes('referenceName=1')) && htsgetRequests.some((u) => u.includes('/htsget/blocks/')),
    htsgetRequests.join(' '));
  const drawn = await page.evaluate(() => {
    const t = window.htsgetBrowser.findTracks((x) => x.name === 'ceu (htsget)')[0];
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
  });
  check('the variants are drawn on the track', drawn > 100, `${drawn} pixels`);
  await page.screenshot({path: join(out, 'htsget-ceu.png'), fullPage: true});
} catch (e) {
  check('the browser test ran to the end', false, e.stack || String(e));
  const page = context && context.pages()[0];
  if (page) {
    await page.screenshot({path: join(out, 'htsget-failure.png'), fullPage: true}).catch(() => {});
  }
} finally {
  if (context) {
    await context.close();
  }
  rmSync(userDataDir, {recursive: true, force: true});
}

const failed = checks.filter((c) => !c.ok);
writeFileSync(join(out, 'htsget-checks.json'), JSON.stringify(checks, null, 2));
console.log(`browser checks: ${checks.length - failed.length} ok, ${failed.length} not ok`);
process.exit(failed.length === 0 ? 0 : 1);
