// `npm run bench:web`: how fast and light the public site is, measured on the real server behind
// deploy/nginx's front (TLS, HTTP/2), as deployed (scripts/bench-web-site.ts).
// Lighthouse 12 (mobile: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown) on /,
// /cartedigital and /contact — the median of N runs (`-- --runs 5`, default 3) — then the gzipped
// JavaScript every marketing page actually requests, and axe (WCAG 2.1 AA) on each page. The same
// Lighthouse runs on the reference page (bench-web-site.ts) come first: each page's LCP is printed
// with how much it adds to the reference's, the part that is the page's own.
// Targets (docs/marketing-site.md), each printed with its measured value and whether it is met:
// performance, accessibility, best practices and SEO 100, LCP ≤ 1.0 s, CLS < 0.05, JS ≤ 50 KB gzip
// per page, 0 axe violations. A benchmark, not a test: it prints.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import lighthouse from 'lighthouse';
import { freePort } from '../apps/server/src/testing/server-process.ts';
import { chromium } from 'playwright-core';
import { benchDashboard } from './bench-web-dashboard.ts';
import { directUrl, startBenchSite } from './bench-web-site.ts';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_PAGES = ['/', '/cartedigital', '/contact'];
const MARKETING_PATHS = [
  '/',
  '/cartedigital',
  '/virements',
  '/prelevements',
  '/compteshome',
  '/offre',
  '/agregation',
  '/valeurs',
  '/blog',
  '/faq',
  '/temoignagesclient',
  '/contact',
  '/politiques-de-confidentialite',
];
/** The public site's targets; each measure is printed against its own. */
const TARGET = { score: 100, lcpMs: 1000, cls: 0.05, jsBytes: 50 * 1024 } as const;
const targets: { what: string; target: string; measured: string; met: boolean }[] = [];
const check = (what: string, target: string, measured: string, met: boolean) =>
  targets.push({ what, target, measured, met });
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 3) : 3;

const root = new URL('..', import.meta.url).pathname;
execFileSync(process.execPath, [join(root, 'scripts/build-web-if-stale.mjs')], { stdio: 'inherit' });

const site = await startBenchSite();
const base = site.site;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (value: string | number, width: number) => String(value).padStart(width);

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  cls: number;
  fcp: number;
  tbt: number;
  si: number;
  benchmarkIndex: number;
  failed: string[];
}

// Lighthouse drives the browser through its DevTools port.
const profile = mkdtempSync(join(tmpdir(), 'comptoir-lighthouse-'));
const debuggingPort = await freePort();
const chrome = await chromium.launchPersistentContext(profile, {
  executablePath: CHROME,
  headless: true,
  args: [...site.chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
});

/** RUNS Lighthouse runs of `url`. */
async function lighthouseRuns(url: string): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, environment } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    runs.push({
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      fcp: value('first-contentful-paint'),
      tbt: value('total-blocking-time'),
      si: value('speed-index'),
      benchmarkIndex: environment.benchmarkIndex,
      failed: Object.values(categories)
        .filter((c) => c.id !== 'performance')
        .flatMap((c) => c.auditRefs)
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    });
  }
  return runs;
}

const medianOf = (runs: Run[]) => (key: keyof Omit<Run, 'failed'>) => median(runs.map((r) => r[key]));

try {
  console.log(`\nLighthouse 12, mobile, median of ${RUNS} run(s), against ${base}`);
  console.log('page            perf  a11y  b.p.   seo    LCP ms     CLS   FCP ms  TBT ms  LCP over ref.');
  const reference = medianOf(await lighthouseRuns(site.reference));
  // Its scores say nothing of the site: only its timings are printed.
  console.log(
    `${'(reference)'.padEnd(14)} ${pad('', 23)} ${pad(Math.round(reference('lcp')), 9)} ${pad(reference('cls').toFixed(3), 7)}` +
      ` ${pad(Math.round(reference('fcp')), 8)} ${pad(Math.round(reference('tbt')), 7)}`,
  );
  for (const path of LIGHTHOUSE_PAGES) {
    const runs = await lighthouseRuns(`${base}${path}`);
    const m = medianOf(runs);
    const over = Math.round(m('lcp') - reference('lcp'));
    console.log(
      `${path.padEnd(14)} ${pad(m('performance'), 5)} ${pad(m('accessibility'), 5)} ${pad(m('bestPractices'), 5)} ${pad(m('seo'), 5)}` +
        ` ${pad(Math.round(m('lcp')), 9)} ${pad(m('cls').toFixed(3), 7)} ${pad(Math.round(m('fcp')), 8)} ${pad(Math.round(m('tbt')), 7)}` +
        ` ${pad(`${over >= 0 ? '+' : ''}${over} ms`, 14)}`,
    );
    for (const [label, key] of [
      ['performance', 'performance'],
      ['accessibility', 'accessibility'],
      ['best practices', 'bestPractices'],
      ['SEO', 'seo'],
    ] as const)
      check(`${path} ${label}`, `${TARGET.score}`, `${m(key)}`, m(key) >= TARGET.score);
    check(`${path} LCP`, `≤ ${TARGET.lcpMs} ms`, `${Math.round(m('lcp'))} ms`, m('lcp') <= TARGET.lcpMs);
    check(`${path} CLS`, `< ${TARGET.cls}`, m('cls').toFixed(3), m('cls') < TARGET.cls);
    const failed = [...new Set(runs.flatMap((r) => r.failed))];
    if (failed.length > 0) console.log(`               audits below 100 %: ${failed.join(', ')}`);
    console.log(
      `               (Speed Index ${Math.round(m('si'))} ms; this machine's benchmark index ${Math.round(m('benchmarkIndex'))})`,
    );
  }
  console.log(
    `(reference): ${site.reference}, a heading and a paragraph with no style and no script, through a front of\n` +
      `its own with the same configuration: about the least any page reached that way costs on this machine.`,
  );
} finally {
  await chrome.close();
  rmSync(profile, { recursive: true, force: true });
}

// JavaScript each page requests (gzip -9 of each script body), and axe.
const browser = await chromium.launch({ executablePath: CHROME, args: site.chromiumArgs });
try {
  console.log('\nJavaScript requested (gzip) and axe WCAG 2.1 AA violations, at 360 px');
  console.log('page                              scripts   JS gzip   axe');
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  let worst = 0;
  for (const path of MARKETING_PATHS) {
    const scripts = new Set<string>();
    const onRequest = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    };
    page.on('request', onRequest);
    await page.goto(`${base}${path}`);
    await page.locator('html.js').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    let bytes = 0;
    for (const url of scripts)
      bytes += gzipSync(Buffer.from(await (await fetch(directUrl(url, site.direct))).arrayBuffer()), {
        level: 9,
      }).length;
    worst = Math.max(worst, bytes);
    check(`${path} JS gzip`, `≤ ${kb(TARGET.jsBytes)}`, kb(bytes), bytes <= TARGET.jsBytes);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    check(`${path} axe violations`, '0', `${axe.violations.length}`, axe.violations.length === 0);
    console.log(
      `${path.padEnd(32)} ${pad(scripts.size, 8)} ${pad(kb(bytes), 9)} ${pad(axe.violations.length, 5)}`,
    );
  }
  console.log(`\nHeaviest page: ${kb(worst)} of gzipped JavaScript (budget ${kb(TARGET.jsBytes)}).`);
  const width = Math.max(...targets.map((t) => t.what.length));
  console.log(`\nTargets: ${targets.filter((t) => t.met).length} of ${targets.length} met`);
  for (const t of targets)
    console.log(
      `${t.what.padEnd(width)}  target ${t.target.padEnd(9)}  measured ${t.measured.padStart(9)}  ${t.met ? 'met' : 'NOT MET'}`,
    );
} finally {
  await browser.close();
}

try {
  await benchDashboard(site, RUNS);
} finally {
  await site.stop();
}
