import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import strings from '../apps/web/src/i18n/fr/marketing.json';
import { MARKETING_ROUTES, type PageKey } from '../apps/web/src/marketing/routes.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const m = strings.marketing;
const BANNER = 'Banque fictive de démonstration — aucun service bancaire réel.';

/** The `<h1>` of each marketing page. */
const HEADINGS: Record<PageKey, string> = {
  home: m.home.hero.title,
  cartedigital: m.card.hero.title,
  virements: m.transfers.hero.title,
  prelevements: m.debits.hero.title,
  compteshome: m.account.hero.title,
  offre: m.offer.hero.title,
  agregation: m.aggregation.hero.title,
  valeurs: m.values.hero.title,
  blog: m.blog.hero.title,
  faq: m.faq.hero.title,
  temoignagesclient: m.testimonials.hero.title,
  contact: m.contact.hero.title,
  privacy: m.privacy.hero.title,
};

class MarketingSite {
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(message.text());
    });
    page.on('pageerror', (error) => this.errors.push(String(error)));
  }

  async open(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
    await this.hydrated();
  }

  /** The marketing entry marks the document once it runs; hydration follows in the same task. */
  async hydrated(): Promise<void> {
    await this.page.waitForFunction(() => document.documentElement.classList.contains('js'));
    await this.page.waitForLoadState('networkidle');
  }

  path(): string {
    return new URL(this.page.url()).pathname;
  }

  heading(text: string) {
    return this.page.getByRole('heading', { level: 1, name: text });
  }

  get burger() {
    return this.page.getByRole('button', { name: /^(Ouvrir|Fermer) le menu$/ });
  }

  get mobileMenu() {
    return this.page.locator('#menu-mobile');
  }

  get loginButton() {
    return this.page.getByRole('button', { name: 'Connexion' });
  }

  async expanded(button: ReturnType<Page['getByRole']>): Promise<string | null> {
    return button.getAttribute('aria-expanded');
  }
}

describe('marketing site', () => {
  let server: TestServer;
  let browser: Browser;
  let site: MarketingSite;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signIn = async () => {
    await site.page.goto(new URL('/connexion', server.url).toString());
    await site.page.getByLabel('Adresse e-mail').fill(server.demoCustomer.email);
    await site.page.getByLabel('Mot de passe', { exact: false }).first().fill(server.demoCustomer.password);
    await site.page.getByRole('button', { name: 'Se connecter' }).click();
    await site.page.getByTestId('balance-card').waitFor();
  };

  beforeEach(async () => {
    await browser.context.clearCookies();
    for (const extra of browser.context.pages().slice(1)) await extra.close();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.unrouteAll();
    site = new MarketingSite(page, server.url);
  });

  describe('every route', () => {
    it.each(MARKETING_ROUTES.map((r) => [r.path, r.page] as const))(
      '%s renders its heading, the sandbox banner and « Ouvrir mon compte », without a console error',
      async (path, page) => {
        await site.open(path);
        await site.heading(HEADINGS[page]).waitFor();
        expect(await site.page.getByRole('heading', { level: 1 }).count()).toBe(1);
        await expect.poll(() => site.page.getByTestId('sandbox-banner').textContent()).toBe(BANNER);
        const openAccount = site.page.getByRole('main').getByRole('link', { name: /Ouvrir mon compte/ });
        expect(await openAccount.count()).toBeGreaterThanOrEqual(1);
        expect(await openAccount.first().getAttribute('href')).toBe('/inscription1');
        expect(site.errors).toEqual([]);
      },
    );

    it.each(MARKETING_ROUTES.map((r) => [r.path, r.page] as const))(
      '%s is complete HTML from the server: title, description, canonical, Open Graph, banner, heading',
      async (path, page) => {
        const response = await fetch(new URL(path, server.url));
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).toMatch(/^<!doctype html>\s*<html lang="fr">/);
        expect(html).toContain(`<title>${m.meta[page].title.replace('{name}', 'Comptoir')}</title>`);
        expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
        expect(html).toMatch(
          new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}"`),
        );
        expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
        expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/og-image\.jpg"/);
        expect(html).toContain(BANNER);
        expect(html).toContain(HEADINGS[page]);
        expect(html).toContain('id="comptoir-institution"');
        // The strict CSP holds: no inline script other than the JSON island.
        expect(html.match(/<script(?![^>]*(src=|type="application\/json"))/g)).toBeNull();
      },
    );

    it.each(MARKETING_ROUTES.map((r) => r.path))('%s has no broken image', async (path) => {
      await site.open(path);
      // Lazy images load only near the viewport, and a fast scroll can outrun that on a busy
      // machine: ask every image to load now, then check that each one decoded.
      await site.page
        .locator('img')
        .evaluateAll((images) =>
          (images as HTMLImageElement[]).forEach((image) => (image.loading = 'eager')),
        );
      await site.page.waitForLoadState('networkidle');
      await expect
        .poll(() =>
          site.page
            .locator('img')
            .evaluateAll((images) =>
              (images as HTMLImageElement[])
                .filter((image) => !image.complete || image.naturalWidth === 0)
                .map((image) => image.src),
            ),
        )
        .toEqual([]);
    });

    it('reads without JavaScript: the pre-rendered page is the page', async () => {
      await site.page.route('**/*.js', (route) => route.abort());
      await site.page.goto(new URL('/faq', server.url).toString());
      await site.heading(m.faq.hero.title).waitFor();
      expect(await site.page.getByText(BANNER).isVisible()).toBe(true);
      expect(await site.page.getByText('Quels documents dois-je fournir ?').isVisible()).toBe(true);
      expect(await site.page.locator('html').getAttribute('class')).toBeNull();
    });
  });

  describe('navigation', () => {
    it('shows home for an unknown path (404 for crawlers) and puts / in the address bar', async () => {
      const response = await site.page.goto(new URL('/cette-page-n-existe-pas', server.url).toString());
      expect(response?.status()).toBe(404);
      await site.hydrated();
      await site.heading(HEADINGS.home).waitFor();
      await site.page.waitForURL((url) => url.pathname === '/');
      expect(site.errors.filter((e) => !e.includes('404'))).toEqual([]);
    });

    it('accepts any case and shows the canonical path: /CarteDigital', async () => {
      await site.open('/CarteDigital');
      await site.heading(HEADINGS.cartedigital).waitFor();
      await site.page.waitForURL((url) => url.pathname === '/cartedigital');
    });

    it('moves between pages without reloading, starting each at the top with its own title', async () => {
      await site.open('/');
      await site.page.evaluate(() => {
        (window as unknown as { marker: string }).marker = 'same document';
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await expect.poll(() => site.page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await site.page.getByRole('contentinfo').getByRole('link', { name: 'Questions fréquentes' }).click();
      await site.heading(HEADINGS.faq).waitFor();
      expect(site.path()).toBe('/faq');
      await expect.poll(() => site.page.evaluate(() => window.scrollY)).toBe(0);
      expect(await site.page.title()).toBe(m.meta.faq.title.replace('{name}', 'Comptoir'));
      expect(await site.page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
        'same document',
      );
      // The title takes the focus, so a screen reader announces the new page.
      await expect.poll(() => site.page.evaluate(() => document.activeElement?.id)).toBe('titre');
      const canonical = await site.page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname).toBe('/faq');

      await site.page.goBack();
      await site.heading(HEADINGS.home).waitFor();
      expect(site.path()).toBe('/');
    });

    it('opens the three menus with the keyboard and follows a link', async () => {
      await site.open('/');
      const menu = site.page.getByRole('button', { name: 'Moyens de paiement' });
      await menu.focus();
      await site.page.keyboard.press('Enter');
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
      await site.page.keyboard.press('Escape');
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      await expect
        .poll(() => site.page.evaluate(() => document.activeElement?.textContent))
        .toBe('Moyens de paiement');

      await site.page.keyboard.press('ArrowDown');
      await expect
        .poll(() => site.page.evaluate(() => document.activeElement?.textContent))
        .toBe('Carte digitale');
      await site.page.keyboard.press('ArrowDown');
      await expect
        .poll(() => site.page.evaluate(() => document.activeElement?.textContent))
        .toBe('Virements');
      await site.page.keyboard.press('Enter');
      await site.heading(HEADINGS.virements).waitFor();
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

      for (const name of ['Comptes', 'À propos']) {
        const other = site.page.getByRole('button', { name });
        await other.click();
        await expect.poll(() => other.getAttribute('aria-expanded')).toBe('true');
      }
      // One menu at a time; a click elsewhere closes it.
      expect(await site.page.getByRole('button', { name: 'Comptes' }).getAttribute('aria-expanded')).toBe(
        'false',
      );
      await site.heading(HEADINGS.virements).click();
      await expect
        .poll(() => site.page.getByRole('button', { name: 'À propos' }).getAttribute('aria-expanded'))
        .toBe('false');
    });

    it('« Connexion » opens « Ouvrir un compte » and « Se connecter », by mouse and by keyboard', async () => {
      await site.open('/offre');
      const login = site.loginButton;
      expect(await login.getAttribute('aria-expanded')).toBe('false');
      await login.click();
      await expect.poll(() => login.getAttribute('aria-expanded')).toBe('true');
      const panel = site.page.locator(`#${await login.getAttribute('aria-controls')}`);
      expect(await panel.getByRole('link').allTextContents()).toEqual(['Ouvrir un compte', 'Se connecter']);
      expect(await panel.getByRole('link', { name: 'Ouvrir un compte' }).getAttribute('href')).toBe(
        '/inscription1',
      );
      expect(await panel.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/connexion');

      await site.page.keyboard.press('Escape');
      await expect.poll(() => login.getAttribute('aria-expanded')).toBe('false');
      await site.page.keyboard.press('Enter');
      await expect.poll(() => login.getAttribute('aria-expanded')).toBe('true');
      await site.page.keyboard.press('Tab');
      await site.page.keyboard.press('Tab');
      await expect
        .poll(() => site.page.evaluate(() => document.activeElement?.textContent))
        .toBe('Se connecter');
      await site.page.keyboard.press('Enter');
      // « Se connecter » is the app's sign-in page, a full page load.
      await site.page.waitForURL((url) => url.pathname === '/connexion');
      await site.page.getByRole('heading', { name: 'Connexion', level: 1 }).waitFor();
    });

    it('« Ouvrir mon compte » leads to the first sign-up step', async () => {
      await site.open('/cartedigital');
      await site.page
        .getByRole('main')
        .getByRole('link', { name: /Ouvrir mon compte/ })
        .first()
        .click();
      await site.page.waitForURL((url) => url.pathname === '/inscription1');
    });

    it('renders the same pages inside the app for a visitor whose session cookie has expired', async () => {
      await signIn();
      // The session ends on the server; the browser still holds its cookie.
      await server.server.ctx.db.query('delete from customer_sessions');
      await site.page.goto(new URL('/faq', server.url).toString());
      // The server sent the app (the cookie may be a session); the app finds none and shows the page.
      await site.heading(HEADINGS.faq).waitFor();
      expect(await site.page.locator('html').getAttribute('class')).toBeNull();
      expect(await site.page.title()).toBe(m.meta.faq.title.replace('{name}', 'Comptoir'));
      await site.page
        .getByRole('navigation', { name: 'Plan du site' })
        .getByRole('link', { name: 'Contact' })
        .click();
      await site.heading(HEADINGS.contact).waitFor();
      expect(site.path()).toBe('/contact');
      // The app's session check answers 401 (signed out): that is its only console message.
      expect(site.errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    });

    it('shows a signed-in customer their dashboard at /, not the marketing page', async () => {
      await signIn();
      await site.page.goto(new URL('/', server.url).toString());
      await site.page.getByTestId('balance-card').waitFor();
      expect(await site.page.getByTestId('sandbox-banner').count()).toBe(0);
    });
  });

  describe('burger menu (under 900 px)', () => {
    beforeEach(async () => {
      await site.page.setViewportSize({ width: 360, height: 740 });
    });

    const openBurger = async () => {
      await site.burger.click();
      await expect.poll(() => site.burger.getAttribute('aria-expanded')).toBe('true');
      expect(await site.mobileMenu.isVisible()).toBe(true);
    };
    const expectClosed = async () => {
      await expect.poll(() => site.burger.getAttribute('aria-expanded')).toBe('false');
      expect(await site.mobileMenu.isVisible()).toBe(false);
    };

    it('replaces the menus under 900 px and says whether it is open', async () => {
      await site.open('/');
      expect(await site.page.getByRole('button', { name: 'Moyens de paiement' }).isVisible()).toBe(false);
      expect(await site.burger.getAttribute('aria-controls')).toBe('menu-mobile');
      expect(await site.burger.getAttribute('aria-expanded')).toBe('false');
      await openBurger();
      expect(await site.mobileMenu.getByRole('link').count()).toBe(11);
      await site.burger.click();
      await expectClosed();
    });

    it('closes on a link click (and goes there)', async () => {
      await site.open('/');
      await openBurger();
      await site.mobileMenu.getByRole('link', { name: 'Carte digitale' }).click();
      await site.heading(HEADINGS.cartedigital).waitFor();
      await expectClosed();
    });

    it('closes on a scroll of more than 80 px, not less', async () => {
      await site.open('/faq');
      await openBurger();
      await site.page.evaluate(() => window.scrollBy(0, 40));
      await expect.poll(() => site.page.evaluate(() => window.scrollY)).toBe(40);
      // A scroll event was handled: still open under 80 px.
      await site.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(await site.burger.getAttribute('aria-expanded')).toBe('true');
      await site.page.evaluate(() => window.scrollBy(0, 60));
      await expectClosed();
    });

    it('closes on a click outside', async () => {
      await site.open('/contact');
      await openBurger();
      await site.page.getByTestId('sandbox-banner').click();
      await expectClosed();
    });

    it('closes on Escape and gives the focus back to the burger', async () => {
      await site.open('/');
      await openBurger();
      await site.page.keyboard.press('Escape');
      await expectClosed();
      expect(await site.page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(
        'menu-mobile',
      );
    });
  });

  describe('weight', () => {
    it.each(['/', '/cartedigital', '/contact', '/faq'])(
      '%s needs at most 100 KB of gzipped JavaScript, none of it from the app, the customer area or the back office',
      async (path) => {
        const scripts = new Set<string>();
        const onRequest = (request: Request) => {
          if (request.resourceType() === 'script') scripts.add(request.url());
        };
        site.page.on('request', onRequest);
        await site.open(path);
        site.page.off('request', onRequest);
        let total = 0;
        for (const url of scripts) {
          const body = Buffer.from(await (await fetch(url)).arrayBuffer());
          total += gzipSync(body, { level: 9 }).length;
          const text = body.toString('utf8');
          for (const foreign of ['mantine', '@tanstack', 'i18next', 'Mes opérations', 'TOTP', 'backoffice']) {
            expect(text, `${url} contains ${foreign}`).not.toContain(foreign);
          }
        }
        expect(scripts.size).toBeGreaterThan(0);
        expect(total).toBeLessThanOrEqual(100 * 1024);
      },
    );
  });
});
