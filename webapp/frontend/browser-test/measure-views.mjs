// Time from opening a genome view to its features drawn, in Debian's Chromium (headless, playwright-core), for
// docs/bench-log: the JBrowse 2 linear genome view on /jbrowse/config.json with the exports served by DasGrid or
// by nginx (the same files; --nginx), and igv.js on the exports (/igv/session.json) against the home page's own
// view (igv.js over the DAS features command as JSON). Rounds alternate between the variants.
//   node browser-test/measure-views.mjs --base http://127.0.0.1:PORT [--nginx http://127.0.0.1:PORT2] [--rounds 5]
//     [--only TEXT]
import {chromium} from 'playwright-core';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {createServer} from 'node:http';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
const base = args.base.replace(/\/$/, '');
const nginx = args.nginx ? args.nginx.replace(/\/$/, '') : null;
const rounds = Number(args.rounds || 5);
const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, '..', 'node_modules');
const files = {
  '/igv.min.js': join(modules, 'igv/dist/igv.min.js'),
  '/react.js': join(modules, 'react/umd/react.production.min.js'),
  '/react-dom.js': join(modules, 'react-dom/umd/react-dom.production.min.js'),
  '/jbrowse-lgv.js': join(modules, '@jbrowse/react-linear-genome-view/dist/react-linear-genome-view.umd.production.min.js'),
  '/igv.html': join(here, 'pages/igv.html'),
  '/jbrowse.html': join(here, 'pages/jbrowse.html')
};
const config = await (await fetch(base + '/jbrowse/config.json')).text();
const pages = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  if (path === '/config-nginx.json' && nginx) {
    res.writeHead(200, {'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*'});
    res.end(config.replaceAll(base + '/files/', nginx + '/files/'));
    return;
  }
  const file = files[path];
  if (!file) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {'Content-Type': path.endsWith('.html') ? 'text/html' : 'text/javascript'});
  res.end(readFileSync(file));
});
await new Promise((resolve) => pages.listen(0, '127.0.0.1', resolve));
const PAGES = `http://127.0.0.1:${pages.address().port}`;

const allVariants = {
  'JBrowse 2, DasGrid /files': `${PAGES}/jbrowse.html?config=${encodeURIComponent(base + '/jbrowse/config.json')}&assembly=BDGP_5&track=dmel&loc=2L:1..27772`,
  ...(nginx ? {'JBrowse 2, nginx': `${PAGES}/jbrowse.html?config=${encodeURIComponent(PAGES + '/config-nginx.json')}&assembly=BDGP_5&track=dmel&loc=2L:1..27772`} : {}),
  'igv.js, DasGrid /files (session)': `${PAGES}/igv.html?session=${encodeURIComponent(base + '/igv/session.json')}&locus=2L:1-27772`,
  'igv.js, home page (DAS JSON)': `${base}/#source=dmel&locus=2L:1-27772`
};
// --only TEXT keeps the variants whose name contains TEXT (e.g. igv.js)
const variants = Object.fromEntries(Object.entries(allVariants).filter(([k]) => !args.only || k.includes(args.only)));
const dir = mkdtempSync(join(tmpdir(), 'dasgrid-chromium-'));
const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
const context = await chromium.launchPersistentContext(dir, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  viewport: {width: 1400, height: 900}
});
try {
  const page = context.pages()[0] || await context.newPage();
  for (let r = 0; r < rounds + 1; r++) {
    for (const [name, u] of Object.entries(variants)) {
      await page.goto('about:blank');
      await context.clearCookies();
      const t0 = Date.now();
      await page.goto(u, {waitUntil: 'commit', timeout: 60000});
      if (name.includes('home page')) {
        await page.waitForFunction(() => {
          const b = window.dasgrid && window.dasgrid.browser;
          const t = b && b.findTracks((x) => x.name === 'dmel features')[0];
          return t && t.trackView.viewports.every((v) => !v.loading) && t.getInViewFeatures().length > 0;
        }, null, {timeout: 60000, polling: 20});
      } else {
        await page.waitForFunction(() => window.result !== undefined, null, {timeout: 60000, polling: 20});
        const ok = await page.evaluate(() => window.result.ok && (window.result.features.length > 0));
        if (!ok) throw new Error(name + ': ' + JSON.stringify(await page.evaluate(() => window.result.error)));
      }
      console.error(`round ${r}: ${name}: ${Date.now() - t0} ms`);
      if (r > 0) times[name].push(Date.now() - t0); // round 0 warms caches and the JIT
    }
  }
} finally {
  await context.close();
  rmSync(dir, {recursive: true, force: true});
  pages.close();
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log('| view | median ms | runs (ms) |');
console.log('|---|---|---|');
for (const [name, t] of Object.entries(times)) {
  console.log(`| ${name} | ${median(t)} | ${t.join(', ')} |`);
}
