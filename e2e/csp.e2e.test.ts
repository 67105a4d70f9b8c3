import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Records every CSP violation a page reports (init scripts are not subject to the policy). */
const recordViolations = (context: BrowserContext) =>
  context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });

/** The console's CSP reports of a page, beside the events. */
function watchViolations(page: Page): string[] {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return console;
}

/** Every violation the page met: the console's reports and the `securitypolicyviolation` events. */
const violations = async (page: Page, console: string[]) => [
  ...console,
  ...(await page.evaluate(() => window.cspViolations ?? [])),
];

/** The style-src of a document's policy: no 'unsafe-inline', and the nonce the page names when it names one. */
async function expectStrictStyles(page: Page, response: Response | null): Promise<void> {
  const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  const styleSrc = /(?:^|;)\s*style-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(styleSrc).toContain("'self'");
  expect(styleSrc).not.toContain('unsafe-inline');
  expect((await response?.allHeaders())?.['x-frame-options']).toBe('DENY');
  const nonce = await page
    .locator('meta[name="csp-nonce"]')
    .getAttribute('content', { timeout: 1000 })
    .catch(() => null);
  if (nonce !== null) expect(styleSrc.split(' ')).toContain(`'nonce-${nonce}'`);
}

/** The computed background of an element: Mantine's colours come from the CSS variables of its <style> element. */
const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** A variable that only Mantine's injected <style> element defines. */
const mantineVariable = (page: Page) =>
  page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );

describe('Content-Security-Policy: no inline style without the page’s nonce, every page still styled', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await recordViolations(browser.context);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the marketing home, without JavaScript and hydrated, styled by its inline stylesheet', async () => {
    // Some of the « open an account » links are buttons: coloured by the inline stylesheet.
    const heroBackground = async (page: Page) => {
      await page.locator('main').waitFor();
      const colours = await page
        .locator('main a[href="/inscription1"]')
        .evaluateAll((links) => links.map((link) => getComputedStyle(link).backgroundColor));
      return colours.filter((colour) => colour !== 'rgba(0, 0, 0, 0)');
    };

    // First, before the customer area registers the service worker (it would serve the scripts).
    const withoutScripts = await browser.context.newPage();
    await withoutScripts.route(/\.js(\?|$)/, (route) => route.abort());
    const noScriptConsole = watchViolations(withoutScripts);
    await expectStrictStyles(withoutScripts, await withoutScripts.goto(server.url));
    expect(await withoutScripts.evaluate(() => document.documentElement.classList.contains('js'))).toBe(
      false,
    );
    expect(await heroBackground(withoutScripts)).not.toEqual([]);
    expect(await violations(withoutScripts, noScriptConsole)).toEqual([]);
    await withoutScripts.close();

    const page = await browser.context.newPage();
    const console = watchViolations(page);
    await expectStrictStyles(page, await page.goto(server.url));
    await page.waitForFunction(() => document.documentElement.classList.contains('js'));
    await page.waitForLoadState('networkidle');
    expect(await heroBackground(page)).not.toEqual([]);
    expect(await violations(page, console)).toEqual([]);
    await page.close();
  });

  it('the customer area: Mantine’s style elements carry the nonce and apply', async () => {
    const page = await browser.context.newPage();
    const console = watchViolations(page);
    const app = new ComptoirApp(page, server.url);
    const response = await page.goto(new URL('/connexion', server.url).toString());
    await expectStrictStyles(page, response);
    await app.loginHeading.waitFor();
    const nonce = await page.locator('meta[name="csp-nonce"]').getAttribute('content');
    const styleNonces = await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((style) => style.nonce),
    );
    expect(styleNonces.length).toBeGreaterThan(0);
    expect(new Set(styleNonces)).toEqual(new Set([nonce]));
    // The primary button's colour is a CSS variable that Mantine's injected <style> defines.
    expect(await mantineVariable(page)).not.toBe('');
    expect(await background(page, 'button[type="submit"]')).not.toBe('rgba(0, 0, 0, 0)');

    await app.submitLogin(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
    expect(await mantineVariable(page)).not.toBe('');
    // A dialog holds the page still behind it with a style element of its own, nonce included.
    await page.getByRole('button', { name: 'Relevés' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(await violations(page, console)).toEqual([]);
    await page.close();
  });

  it('the back office’s sign-in', async () => {
    const page = await browser.context.newPage();
    const console = watchViolations(page);
    const office = new BackOfficePages(page, server.url);
    const response = await page.goto(new URL(office.path, server.url).toString());
    await expectStrictStyles(page, response);
    await office.loginHeading.waitFor();
    expect(await mantineVariable(page)).not.toBe('');
    expect(await background(page, 'button[type="submit"]')).not.toBe('rgba(0, 0, 0, 0)');
    expect(await violations(page, console)).toEqual([]);
    await page.close();
  });

  it('the API documentation, the offline page and the sandbox mailbox', async () => {
    const page = await browser.context.newPage();
    const console = watchViolations(page);
    await page.goto(new URL('/api/docs/', server.url).toString());
    await page.getByText('Comptoir API').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    // Online, the offline page's script reloads the address it stands for: read it without its script
    // (and without the service worker the customer area registered, which would serve it).
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
    });
    await page.route(/offline\.js/, (route) => route.abort());
    const offline = await page.goto(new URL('/offline.html', server.url).toString());
    expect(offline?.status()).toBe(200);
    // Its own inline stylesheet (allowed by hash) lays the page out.
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
    expect(await violations(page, console)).toEqual([]);
    await page.close();

    const mailbox = await browser.context.newPage();
    const mailboxConsole = watchViolations(mailbox);
    await mailbox.goto(new URL('/dev/mailbox', server.url).toString());
    // Its style attributes (style-src-attr) apply.
    expect(await mailbox.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(await violations(mailbox, mailboxConsole)).toEqual([]);
    await mailbox.close();
  });
});
