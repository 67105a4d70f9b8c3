import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account, OperationsPage } from '@comptoir/contracts';
import { formatEuros, formatSignedEuros } from '@comptoir/core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';

const { shoot } = screenshots('foundation');

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

describe('foundation: sign-in, dashboard, routes, sign-out', () => {
  let server: TestServer;
  let browser: Browser;
  let app: ComptoirApp;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    await browser.context.clearCookies();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    app = new ComptoirApp(page, server.url);
  });

  it('shows the balance card and the operations, which add up to the booked balance', async () => {
    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();

    const accounts = await app.apiGet<Account[]>('/api/accounts');
    const main = accounts.find((account) => account.kind === 'main');
    expect(main).toBeDefined();

    // Every operation, through every cursor page.
    const all: OperationsPage['items'] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: OperationsPage = await app.apiGet<OperationsPage>(
        `/api/accounts/${main!.id}/transactions?limit=100${query}`,
      );
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);

    const postedSum = all
      .filter((operation) => operation.status === 'posted')
      .reduce((sum, operation) => sum + BigInt(operation.amount), 0n);
    expect(postedSum).toBe(BigInt(main!.bookedBalance));

    // The card shows the booked balance, in fr-FR euros.
    await expect
      .poll(() => app.balanceCard.textContent())
      .toContain(formatEuros(BigInt(main!.bookedBalance)));
    expect(await app.balanceCard.textContent()).toContain('Compte principal');

    // The list shows the newest operations, with their signed amounts.
    const amounts = app.page.getByTestId('operation-amount');
    await expect.poll(() => amounts.count()).toBe(Math.min(20, all.length));
    const shown = await amounts.allTextContents();
    expect(shown).toEqual(
      all.slice(0, shown.length).map((operation) => formatSignedEuros(BigInt(operation.amount))),
    );
  });

  it('signed out, /, /connexion and /inscription1 log no console error and no failed request', async () => {
    const { page } = app;
    // Leave whatever an earlier test left open (a signed-in page's live stream ends with the page).
    await page.goto('about:blank');
    const problems: string[] = [];
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    };
    const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
    const onFailed = (request: { url(): string }) => problems.push(`failed: ${request.url()}`);
    const onResponse = (response: { status(): number; url(): string }) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    };
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    page.on('requestfailed', onFailed);
    page.on('response', onResponse);
    // Deferred work starts after a quiet moment, and leaving earlier would abort it. In the app (the
    // service worker's registration, the screens fetched for later) it starts up to four seconds
    // after the load: settled means workbox-window fetched, then the network quiet again. On a public
    // page the hydration's scripts are asked for once the page has painted, which on a busy machine
    // can come after a quiet half-second: settled means hydrated (`html.js`), then quiet again.
    const settle = async (inApp: boolean) => {
      await page.waitForLoadState('networkidle');
      if (inApp)
        await page.waitForFunction(() =>
          performance.getEntriesByType('resource').some((entry) => entry.name.includes('workbox-window')),
        );
      else await page.locator('html.js').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
    };
    try {
      await app.open('/');
      await app.expectHome();
      await settle(false);
      await app.open('/connexion');
      await app.loginHeading.waitFor();
      await settle(true);
      await app.open('/inscription1');
      await page.getByLabel('Pays de résidence').waitFor();
      await settle(true);
    } finally {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
    }
    expect(problems).toEqual([]);
  });

  it('at 360 px the header, « Déconnexion » included, fits the screen', async () => {
    await app.page.setViewportSize(PHONE);
    try {
      await app.login(server.demoCustomer.email, server.demoCustomer.password);
      await app.expectDashboard();
      const signOut = app.page.getByRole('banner').getByRole('button', { name: 'Déconnexion' });
      const box = await signOut.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(await app.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await shoot(app.page, 'customer-header', { fullPage: false });
    } finally {
      await app.page.setViewportSize(DESKTOP);
    }
  });

  it('says « Identifiants incorrects. » for a wrong password', async () => {
    await app.login(server.demoCustomer.email, 'pas-le-bon-mot-de-passe');
    await expect.poll(() => app.loginError.textContent()).toContain('Identifiants incorrects.');
    expect(app.path()).toBe('/connexion');
  });

  it('sends an unknown path to the dashboard when signed in', async () => {
    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
    await app.open('/cette-page-n-existe-pas');
    await app.expectDashboard();
  });

  it('sends an unknown path to the home page when signed out', async () => {
    await app.open('/cette-page-n-existe-pas');
    await app.expectHome();
  });

  it('accepts paths whatever their case: /Connexion', async () => {
    await app.open('/Connexion');
    await app.waitForPath('/connexion');
    await app.loginHeading.waitFor();
    await app.submitLogin(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
  });

  it('signs out to the home page', async () => {
    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
    await app.signOut();
    await app.expectHome();
    // Really signed out: the API says so and the customer area is gone.
    const status = await app.page.evaluate(async () => (await fetch('/api/me')).status);
    expect(status).toBe(401);
    await app.open('/profil');
    await app.expectHome();
  });
});
