import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MARKETING_ROUTES } from '../apps/web/src/marketing/routes.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** WCAG 2.1 A and AA (docs/product/marketing-site.md). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page): Promise<string[]> {
  // Blocks below the first screen are skipped by `content-visibility: auto` until they come near;
  // render them all, so that axe checks every colour on the page. Through each element's style (the
  // page's CSP admits no style element without its nonce, a test's included).
  await page.evaluate(() => {
    for (const block of document.querySelectorAll<HTMLElement>('main > *')) {
      block.style.setProperty('content-visibility', 'visible', 'important');
    }
  });
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact ?? ''}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe('accessibility of the public pages (axe, WCAG 2.1 AA)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (path: string, width: number) => {
    await page.setViewportSize({ width, height: width < 900 ? 740 : 800 });
    await page.goto(new URL(path, server.url).toString());
    await page.waitForFunction(() => document.documentElement.classList.contains('js'));
    await page.waitForLoadState('networkidle');
  };

  describe.each([1280, 360])('at %i px', (width) => {
    it.each(MARKETING_ROUTES.map((r) => r.path))('%s has no violation', async (path) => {
      await open(path, width);
      expect(await violations(page)).toEqual([]);
    });
  });

  it('has none with the burger menu open', async () => {
    await open('/', 360);
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.locator('#menu-mobile').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('has none with a menu and « Connexion » open', async () => {
    await open('/', 1280);
    await page.getByRole('button', { name: 'À propos' }).click();
    await page.locator('#menu-about').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Connexion' }).click();
    await page.locator('#menu-login').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('has none on the contact form showing its errors', async () => {
    await open('/contact', 360);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.locator('#contact-name-error').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('has none on the FAQ with every answer open', async () => {
    await open('/faq', 1280);
    await page.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
    expect(await violations(page)).toEqual([]);
  });
});
