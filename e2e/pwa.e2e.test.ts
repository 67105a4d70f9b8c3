import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLABLE_APP } from '@comptoir/contracts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BACKOFFICE_PATH } from './pages/backoffice-pages.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';
import { InstallableApp } from './pages/installable-app.ts';
import { expectAccessible } from './pages/page-checks.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Set SCREENSHOTS=<folder> to keep pictures of the offline page and the update prompt. */
const SHOTS = process.env.SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

describe('the installable app', () => {
  let server: TestServer;
  let browser: Browser;
  let app: ComptoirApp;
  let installable: InstallableApp;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    app = new ComptoirApp(page, server.url);
    installable = new InstallableApp(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is installable: a valid manifest with its icons, and a service worker controlling the page', async () => {
    await app.open('/connexion');
    await app.loginHeading.waitFor();
    expect(await installable.controller()).toBe(new URL(INSTALLABLE_APP.serviceWorker, server.url).href);
    expect(await installable.registrations()).toEqual([new URL('/', server.url).href]);

    const check = await installable.installability();
    expect(check.manifestUrl).toBe(new URL(INSTALLABLE_APP.manifest, server.url).href);
    expect(check.manifestErrors).toEqual([]);
    expect(check.errors).toEqual([]);
    const manifest = check.manifest as {
      name: string;
      lang: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Comptoir', lang: 'fr', display: 'standalone' });

    // Every icon loads, at the size the manifest says.
    const sizes = await app.page.evaluate(
      (icons) =>
        Promise.all(
          icons.map(
            (icon) =>
              new Promise<string>((resolve, reject) => {
                const image = new Image();
                image.onload = () => resolve(`${image.naturalWidth}x${image.naturalHeight}`);
                image.onerror = () => reject(new Error(icon.src));
                image.src = icon.src;
              }),
          ),
        ),
      manifest.icons,
    );
    expect(sizes).toEqual(manifest.icons.map((icon) => icon.sizes));
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('can be installed from the public site too, which registers no worker of its own', async () => {
    const visitor = await launchBrowser({ width: 360, height: 740 });
    try {
      const page = visitor.context.pages()[0] ?? (await visitor.context.newPage());
      const response = await page.goto(new URL('/faq', server.url).href);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('load');
      await page.waitForTimeout(1000);
      const site = new InstallableApp(page);
      const check = await site.installability();
      expect(check.manifestUrl).toBe(new URL(INSTALLABLE_APP.manifest, server.url).href);
      expect(check.manifestErrors).toEqual([]);
      expect(check.errors).toEqual([]);
      // The public pages stay light: the app's files are fetched only once the app is opened.
      expect(await site.registrations()).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('keeps no answer of the API in any cache after a signed-in visit', async () => {
    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
    for (const path of ['/carte', '/virementshome', '/rib', '/profil', '/']) {
      await app.page
        .getByRole('link', { name: path === '/' ? 'Accueil' : /./ })
        .first()
        .waitFor();
      await app.open(path);
      await app.page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await app.expectDashboard();

    const cached = await installable.cachedUrls();
    const urls = Object.values(cached).flat();
    expect(Object.keys(cached).every((name) => name.includes('precache'))).toBe(true);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) {
      const { pathname } = new URL(url);
      expect(pathname, url).not.toMatch(/^\/(api|dev)\//);
      expect(pathname, url).not.toMatch(new RegExp(`^${BACKOFFICE_PATH}`));
      expect(pathname, url).toMatch(
        /^\/(assets\/|icons\/|favicon\.svg|offline\.(html|js)|manifest\.webmanifest)/,
      );
    }
  });

  it('shows the offline page for a page it cannot load, and never an API answer from a cache', async () => {
    await app.open('/');
    await installable.controller();
    await browser.context.setOffline(true);
    try {
      const response = await app.page.goto(new URL('/profil', server.url).href);
      expect(response?.fromServiceWorker()).toBe(true);
      await app.page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' }).waitFor();
      expect(app.path()).toBe('/profil');
      expect(await app.page.title()).toBe('Hors ligne — Comptoir');
      await expectAccessible(app.page, 'offline page');
      if (SHOTS) {
        for (const width of [360, 1280]) {
          await app.page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
          await app.page.screenshot({ path: `${SHOTS}/offline-${width}.png`, fullPage: true });
        }
        await app.page.setViewportSize({ width: 1280, height: 800 });
      }

      // The API is the network's only: offline, a call fails rather than answering from a cache.
      const api = await app.page.evaluate(async () => {
        try {
          return (await fetch('/api/me', { credentials: 'same-origin' })).status;
        } catch {
          return 'network error';
        }
      });
      expect(api).toBe('network error');

      // « Réessayer » asks for the same address again (and gets the offline page again, still offline).
      await app.page.evaluate(() => {
        (window as unknown as { beforeRetry: boolean }).beforeRetry = true;
      });
      await Promise.all([
        app.page.waitForEvent('load'),
        app.page.getByRole('link', { name: 'Réessayer' }).click(),
      ]);
      await app.page.getByRole('heading', { level: 1, name: 'Vous êtes hors ligne' }).waitFor();
      expect(app.path()).toBe('/profil');
      expect(
        await app.page.evaluate(() => (window as unknown as { beforeRetry?: boolean }).beforeRetry),
      ).toBeUndefined();
    } finally {
      await browser.context.setOffline(false);
    }

    // Back online, the offline page reloads the address by itself.
    await app.page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    expect(app.path()).toBe('/profil');
  });

  it('leaves the back office alone: never registered there, and its pages never pass through the worker', async () => {
    // In this browser the worker is installed (scope /), yet back-office pages come from the network.
    const response = await app.page.goto(new URL(BACKOFFICE_PATH, server.url).href);
    expect(response?.fromServiceWorker()).toBe(false);
    await app.page.getByRole('heading', { level: 1, name: 'Espace opérateur' }).waitFor();

    // An operator's own browser: no service worker at all.
    const operator = await launchBrowser();
    try {
      const page = operator.context.pages()[0] ?? (await operator.context.newPage());
      await page.goto(new URL(BACKOFFICE_PATH, server.url).href);
      await page.getByRole('heading', { level: 1, name: 'Espace opérateur' }).waitFor();
      await page.waitForTimeout(1000);
      expect(await new InstallableApp(page).registrations()).toEqual([]);
    } finally {
      await operator.close();
    }
  });

  it('offers a new version with « Nouvelle version disponible — Recharger », then runs it', async () => {
    // A browser that still runs the previous release's worker (another script URL: in headless
    // Chromium driven over the DevTools protocol, a worker updated in place at the same URL was seen
    // not to take over after SKIP_WAITING, so the release is told apart by its URL).
    const customer = await launchBrowser();
    try {
      const page = customer.context.pages()[0] ?? (await customer.context.newPage());
      const site = new ComptoirApp(page, server.url);
      const worker = new InstallableApp(page);
      const previous = new URL(`${INSTALLABLE_APP.serviceWorker}?version=precedente`, server.url).href;
      const current = new URL(INSTALLABLE_APP.serviceWorker, server.url).href;
      await site.open('/faq'); // the public pages register no worker
      await page.evaluate((url) => navigator.serviceWorker.register(url, { scope: '/' }), previous);
      expect(await worker.controller()).toBe(previous);

      // The app registers this release's worker: installed, it waits, and the app says so.
      await site.login(server.demoCustomer.email, server.demoCustomer.password);
      await site.expectDashboard();
      const prompt = page.getByTestId('update-prompt');
      await prompt.waitFor({ timeout: 15_000 });
      expect(await page.getByRole('status').filter({ has: prompt }).textContent()).toBe(
        'Nouvelle version disponibleRecharger',
      );
      expect(
        await page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting?.scriptURL,
        ),
      ).toBe(current);
      expect(await worker.controller()).toBe(previous);
      await expectAccessible(page, 'update prompt');
      if (SHOTS) {
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
          await page.screenshot({ path: `${SHOTS}/update-prompt-${width}.png` });
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }

      // « Recharger » activates the waiting worker, then the page loads again under it.
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      const clicked = Date.now();
      await Promise.all([
        page.waitForEvent('load'),
        prompt.getByRole('button', { name: 'Recharger' }).click(),
      ]);
      // Reloaded on the worker taking over, not on the fallback timer.
      expect(Date.now() - clicked).toBeLessThan(3500);
      await site.expectDashboard();
      expect(
        await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
      ).toBeUndefined();
      expect(await worker.controller()).toBe(current);
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/');
          return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
        }),
      ).toEqual({ waiting: null, active: 'activated' });
      await page.waitForTimeout(500);
      expect(await page.getByTestId('update-prompt').count()).toBe(0);
    } finally {
      await customer.close();
    }
  });
});
