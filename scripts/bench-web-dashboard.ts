// The signed-in customer's dashboard (« Mes opérations »), part of `npm run bench:web`: the gzipped
// JavaScript requested until the dashboard is shown, and Lighthouse 12 mobile on it with the session
// cookie, through the deployed front (scripts/bench-web-site.ts), for two customers: one whose
// history holds transfers only, and the demo customer, who uses the bank (card payments, direct
// debits, an Espace, notifications). The reference page's run is printed first: this machine's
// floor. Targets (docs/customer-area.md#performance): JS ≤ 200 KB gzip for both; Lighthouse
// performance ≥ 90 for the first; ≥ 80 and total blocking time ≤ 600 ms for the demo customer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { freePort } from '../apps/server/src/testing/server-process.ts';
import { chromium, type Page } from 'playwright-core';
import { directUrl, startBenchSite, type BenchSite } from './bench-web-site.ts';
import { makeCustomer, PASSWORD } from '../apps/server/src/testing/customers.ts';
import { customerAccounts, glAccount, importPostedHistory } from '../apps/server/src/ledger/index.ts';
import { syntheticHistory } from '../apps/server/src/testing/operation-history.ts';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DASHBOARD_JS_BUDGET = 200 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The dashboard is shown: its heading « Mes opérations » and the balance. */
const dashboardShown = async (page: Page) => {
  await page.getByRole('heading', { name: 'Mes opérations' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('balance-card').waitFor({ timeout: 60_000 });
};

/** A customer with three months of transfers only; returns their credentials. */
async function transfersOnlyCustomer(site: BenchSite): Promise<{ email: string; password: string }> {
  const ctx = site.server.server.ctx;
  const customer = await makeCustomer(ctx, { firstName: 'Inès', lastName: 'Faure' });
  const now = Date.now();
  const history = syntheticHistory(120, new Date(now - 90 * 86_400_000), new Date(now - 3_600_000));
  await ctx.db.tx(async (q) => {
    const [account] = await customerAccounts(q, customer.id);
    await importPostedHistory(q, account!.id, (await glAccount(q, 'gl:sepa-clearing')).id, history);
  });
  return { email: customer.email, password: PASSWORD };
}

/** Signs in through the front; returns the `Cookie` header of the session. */
async function signIn(site: BenchSite, credentials: { email: string; password: string }): Promise<string> {
  const base = site.site;
  const browser = await chromium.launch({ executablePath: CHROME, args: site.chromiumArgs });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${base}/connexion`);
    await page.getByLabel('Adresse e-mail').fill(credentials.email);
    await page.getByLabel('Mot de passe', { exact: false }).first().fill(credentials.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await dashboardShown(page);
    const cookies = await context.cookies(base);
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

/** Scripts requested by a cold load of `/` until the dashboard is shown (gzip -9 of each body). */
async function dashboardScripts(site: BenchSite, cookie: string, width: number) {
  const base = site.site;
  const browser = await chromium.launch({ executablePath: CHROME, args: site.chromiumArgs });
  try {
    const context = await browser.newContext({
      serviceWorkers: 'block',
      viewport: { width, height: 800 },
      extraHTTPHeaders: { Cookie: cookie },
    });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url());
    });
    await page.goto(`${base}/`);
    await dashboardShown(page);
    const shown = [...scripts];
    let bytes = 0;
    const sizes: { name: string; gz: number }[] = [];
    for (const url of shown) {
      const gz = gzipSync(Buffer.from(await (await fetch(directUrl(url, site.direct))).arrayBuffer()), {
        level: 9,
      }).length;
      bytes += gz;
      sizes.push({ name: new URL(url).pathname.replace(/^\/assets\//, ''), gz });
    }
    return { count: shown.length, bytes, sizes: sizes.sort((a, b) => b.gz - a.gz) };
  } finally {
    await browser.close();
  }
}

/** Lighthouse 12 mobile on the signed-in dashboard, the session cookie sent with every request (or on `url` itself, the reference page). */
async function dashboardLighthouse(
  url: string,
  cookie: string,
  runs: number,
  args: string[],
  isDashboard = true,
) {
  const profile = mkdtempSync(join(tmpdir(), 'comptoir-lighthouse-dashboard-'));
  const port = await freePort();
  const chrome = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    headless: true,
    args: [...args, `--remote-debugging-port=${port}`],
  });
  try {
    const results: { performance: number; lcp: number; fcp: number; tbt: number; cls: number }[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(isDashboard ? `${url}/` : url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
      if (runtimeError) {
        console.log(`  Lighthouse run ${i + 1} failed: ${runtimeError.code} ${runtimeError.message}`);
        continue;
      }
      if (isDashboard && new URL(finalDisplayedUrl).pathname !== '/')
        throw new Error(`Lighthouse ended on ${finalDisplayedUrl}, not the dashboard`);
      const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      results.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        lcp: value('largest-contentful-paint'),
        fcp: value('first-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
      });
    }
    const m = (key: keyof (typeof results)[number]) => median(results.map((r) => r[key]));
    return {
      performance: m('performance'),
      lcp: m('lcp'),
      fcp: m('fcp'),
      tbt: m('tbt'),
      cls: m('cls'),
      each: results.map((r) => r.performance),
    };
  } finally {
    await chrome.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** What each customer's dashboard is held to (docs/customer-area.md#performance). */
interface DashboardTargets {
  jsBytes: number;
  performance: number;
  /** Total blocking time, ms; none when the score alone is the target. */
  tbtMs?: number;
}
const TRANSFERS_ONLY_TARGETS: DashboardTargets = { jsBytes: DASHBOARD_JS_BUDGET, performance: 90 };
/** A customer who uses the bank (card payments, direct debits, Espaces, notifications). */
const BUSY_CUSTOMER_TARGETS: DashboardTargets = {
  jsBytes: DASHBOARD_JS_BUDGET,
  performance: 80,
  tbtMs: 600,
};

type LighthouseFigures = Awaited<ReturnType<typeof dashboardLighthouse>>;
const line = (lh: LighthouseFigures) =>
  `performance ${lh.performance} (runs: ${lh.each.join(', ')}), LCP ${Math.round(lh.lcp)} ms, FCP ${Math.round(lh.fcp)} ms,` +
  ` TBT ${Math.round(lh.tbt)} ms, CLS ${lh.cls.toFixed(3)}`;

/** One customer's dashboard: its scripts at 360 and 1280 px and Lighthouse through the front. */
async function measureDashboard(
  site: BenchSite,
  who: string,
  credentials: { email: string; password: string },
  targets: DashboardTargets,
  runs: number,
): Promise<void> {
  const cookie = await signIn(site, credentials);
  console.log(`\nSigned-in dashboard (« Mes opérations ») of ${who}: cold load, service worker blocked`);
  const mobile = await dashboardScripts(site, cookie, 360);
  const desktop = await dashboardScripts(site, cookie, 1280);
  for (const { name, gz } of mobile.sizes) console.log(`  ${name.padEnd(40)} ${kb(gz).padStart(9)}`);
  const lh = await dashboardLighthouse(site.site, cookie, runs, site.chromiumArgs);
  console.log(`Lighthouse mobile, median of ${runs}, through nginx (TLS, HTTP/2): ${line(lh)}`);
  const worst = Math.max(mobile.bytes, desktop.bytes);
  console.log(
    `  JS until shown: ${kb(mobile.bytes)} in ${mobile.count} scripts at 360 px, ` +
      `${kb(desktop.bytes)} in ${desktop.count} at 1280 px — target ≤ ${kb(targets.jsBytes)} gzip: ${met(worst <= targets.jsBytes)}`,
  );
  console.log(
    `  Lighthouse performance ${lh.performance} — target ≥ ${targets.performance}: ${met(lh.performance >= targets.performance)}`,
  );
  if (targets.tbtMs !== undefined)
    console.log(
      `  total blocking time ${Math.round(lh.tbt)} ms — target ≤ ${targets.tbtMs} ms: ${met(lh.tbt <= targets.tbtMs)}`,
    );
}

/**
 * Two customers' dashboards, each signed in through the deployed front: one whose history holds
 * transfers only, and the demo customer, who uses the bank (card payments, direct debits, an
 * Espace, notifications). Beside them, the reference page's Lighthouse run: this machine's floor.
 */
export async function benchDashboard(site: BenchSite, runs: number): Promise<void> {
  const reference = await dashboardLighthouse(site.reference, '', runs, site.chromiumArgs, false);
  console.log(`\nReference page, Lighthouse mobile, median of ${runs}: ${line(reference)}`);
  await measureDashboard(
    site,
    'a customer with transfers only',
    await transfersOnlyCustomer(site),
    TRANSFERS_ONLY_TARGETS,
    runs,
  );
  await measureDashboard(
    site,
    'the demo customer (cards, direct debits, Espaces, notifications)',
    site.server.demoCustomer,
    BUSY_CUSTOMER_TARGETS,
    runs,
  );
}

// `npx tsx scripts/bench-web-dashboard.ts [--runs N]`: the dashboard alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { execFileSync } = await import('node:child_process');
  const root = new URL('..', import.meta.url).pathname;
  execFileSync(process.execPath, [join(root, 'scripts/build-web-if-stale.mjs')], { stdio: 'inherit' });
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 3) : 3;
  const site = await startBenchSite();
  try {
    await benchDashboard(site, runs);
  } finally {
    await site.stop();
  }
}
