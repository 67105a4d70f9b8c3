import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { cardFixture, CARD_FIXTURE_PASSWORD } from '../apps/server/src/testing/card-fixtures.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { SpacesScreen } from './pages/spaces-page.ts';
import { DESKTOP, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Spaces of any kind (the euro amounts use narrow no-break spaces) as plain ones. */
const plain = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

const { shootBoth } = screenshots('espaces');

describe('Espaces (docs/product/accounts-and-spaces.md#espaces): create with a goal, move in and back out, close', () => {
  let server: TestServer;
  let browser: Browser;
  let screen: SpacesScreen;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser(DESKTOP)]);
    // A customer whose main account holds 1 000,00 €.
    const customer = await cardFixture(server.server.ctx, { funding: 100_000 });
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    screen = new SpacesScreen(page, server.url);
    await screen.login(customer.email, CARD_FIXTURE_PASSWORD);
    await screen.waitForPath('/');
    await screen.section.waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists no Espace at first, right under the balance card', async () => {
    await screen.page.getByTestId('spaces-empty').waitFor();
    expect(await screen.mainBalance()).toBe('1 000,00 €');
    await expectAccessible(screen.page, 'Accueil sans Espace');
    await shootBoth(screen.page, 'accueil-sans-espace');
  });

  it('creates an Espace with a goal: listed with its balance and progress', async () => {
    await screen.section.getByRole('button', { name: 'Créer un Espace' }).click();
    const dialog = screen.dialog('Créer un Espace');
    await expectAccessible(screen.page, 'Créer un Espace', '[role="dialog"]');
    await shootBoth(screen.page, 'creer-un-espace');
    // A goal with three decimals is refused on the spot.
    await dialog.getByLabel('Nom de l’Espace').fill('Vacances');
    await dialog.getByLabel('Objectif (facultatif)').fill('12,345');
    await dialog.getByRole('button', { name: 'Créer un Espace' }).click();
    await dialog.getByText('L’objectif doit être un montant entre 1 € et 1 000 000 €').waitFor();
    await dialog.getByLabel('Objectif (facultatif)').fill('500');
    await dialog.getByRole('button', { name: 'Créer un Espace' }).click();
    await dialog.waitFor({ state: 'detached' });

    const card = screen.space('Vacances');
    await card.waitFor();
    expect(await screen.balanceOf('Vacances')).toBe('0,00 €');
    const bar = card.getByRole('progressbar', { name: 'Objectif de l’Espace Vacances' });
    expect(plain(await bar.getAttribute('aria-valuetext'))).toBe('0,00 € sur 500,00 €');
    const accounts = await screen.apiGet<Account[]>('/api/accounts');
    expect(accounts.map((a) => [a.type, a.iban, a.goal])).toEqual([
      ['individual', expect.stringMatching(/^LU/), null],
      ['space', null, 50_000],
    ]);
  });

  it('moves money in, then part of it back out: both balances change on screen', async () => {
    // A second tab of the same session, left alone: the move reaches it live (docs/product/accounts-and-spaces.md#live-updates).
    const other = new SpacesScreen(await browser.context.newPage(), server.url);
    await other.page.goto(`${server.url}/`);
    await expect.poll(() => other.balanceOf('Vacances'), { timeout: 10_000 }).toBe('0,00 €');
    await screen.move('Vacances', 'Alimenter', '120');
    await expect.poll(() => screen.balanceOf('Vacances')).toBe('120,00 €');
    await expect.poll(() => screen.mainBalance()).toBe('880,00 €');
    await expect.poll(() => other.balanceOf('Vacances'), { timeout: 10_000 }).toBe('120,00 €');
    await expect.poll(() => other.mainBalance(), { timeout: 10_000 }).toBe('880,00 €');
    await other.page.close();
    const bar = screen.space('Vacances').getByRole('progressbar');
    expect(plain(await bar.getAttribute('aria-valuetext'))).toBe('120,00 € sur 500,00 €');
    expect(await bar.getAttribute('aria-valuenow')).toBe('24');
    // The main account's operations read where the money went.
    await screen.operations.filter({ hasText: 'Vers l’Espace Vacances' }).first().waitFor();
    await expectAccessible(screen.page, 'Accueil avec un Espace');
    await shootBoth(screen.page, 'accueil-avec-espace');

    // More than the Espace holds is refused before anything is sent.
    await screen.space('Vacances').getByRole('button', { name: 'Retirer' }).click();
    const dialog = screen.dialog('Retirer de l’Espace Vacances');
    await dialog.getByLabel('Montant').fill('500');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Le montant dépasse le solde disponible' }).waitFor();
    await shootBoth(screen.page, 'retirer-trop');
    await dialog.getByLabel('Montant').fill('20,50');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => screen.balanceOf('Vacances')).toBe('99,50 €');
    await expect.poll(() => screen.mainBalance()).toBe('900,50 €');
  });

  it('« Accueil » with an Espace loads its « … » menu only once shown: its button first, the menu on a click', async () => {
    // A browser of its own, with the same session: nothing cached, every script of the load fetched.
    const fresh = await launchBrowser(DESKTOP);
    try {
      await fresh.context.addCookies(await browser.context.cookies(server.url));
      const page = fresh.context.pages()[0] ?? (await fresh.context.newPage());
      // The moment the first Espace card is in the page, noted by the page itself (no race with the
      // screen's deferred work, which starts a second later).
      await page.addInitScript(() => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="space"]')) return;
          (window as unknown as { firstScreenAt: number }).firstScreenAt = performance.now();
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      const other = new SpacesScreen(page, server.url);
      await page.goto(`${server.url}/`);
      await other.space('Vacances').getByRole('button', { name: 'Actions pour l’Espace Vacances' }).click();
      await page.getByRole('menuitem', { name: 'Modifier' }).waitFor();
      const scripts = await page.evaluate(() => {
        const firstScreenAt = (window as unknown as { firstScreenAt: number }).firstScreenAt;
        const all = performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
        const path = (entry: PerformanceEntry) => new URL(entry.name).pathname;
        return {
          beforeFirstScreen: all.filter((entry) => entry.startTime < firstScreenAt).map(path),
          all: all.map(path),
        };
      });
      const menuCode = /SpaceCardMenu-|floating-ui|Popover-/;
      // The dropdown's code (the menu, Popover, @floating-ui) was no part of the first screen…
      expect(scripts.beforeFirstScreen.length).toBeGreaterThan(0);
      expect(scripts.beforeFirstScreen.filter((path) => menuCode.test(path))).toEqual([]);
      // …and came for the menu, which opened.
      expect(scripts.all.some((path) => /SpaceCardMenu-/.test(path))).toBe(true);
    } finally {
      await fresh.close();
    }
  });

  it('shows the Espace’s own page with its operations; closing waits for a zero balance', async () => {
    await screen.space('Vacances').getByRole('link', { name: 'Vacances', exact: true }).click();
    await screen.page.getByRole('heading', { name: 'Espace Vacances', level: 1 }).waitFor();
    expect(screen.path()).toMatch(/^\/espaces\/\d+$/);
    const ops = screen.operations;
    await expect.poll(() => ops.count()).toBe(2);
    expect(await ops.first().textContent()).toContain('Vers le compte principal');
    expect(await ops.nth(1).textContent()).toContain('Depuis le compte principal');
    const close = screen.page.getByRole('button', { name: 'Fermer l’Espace' });
    expect(await close.isDisabled()).toBe(true);
    await screen.page.getByText('Pour fermer l’Espace, son solde doit être nul').waitFor();
    await expectAccessible(screen.page, 'Page d’un Espace');
    await shootBoth(screen.page, 'page-espace');

    // Everything back out, then close.
    await screen.page.getByRole('button', { name: 'Retirer' }).click();
    const dialog = screen.dialog('Retirer de l’Espace Vacances');
    await dialog.getByLabel('Montant').fill('99,50');
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => plain(await screen.page.getByTestId('space-balance').textContent()))
      .toBe('0,00 €');
    await expect.poll(() => close.isDisabled()).toBe(false);
    await close.click();
    const confirm = screen.dialog('Fermer l’Espace Vacances ?');
    await shootBoth(screen.page, 'fermer-espace');
    await confirm.getByRole('button', { name: 'Fermer l’Espace' }).click();
    await screen.waitForPath('/');
    await screen.page.getByTestId('spaces-empty').waitFor();
    await expect.poll(() => screen.mainBalance()).toBe('1 000,00 €');
    const accounts = await screen.apiGet<Account[]>('/api/accounts');
    expect(accounts.map((a) => a.kind)).toEqual(['main']);
  });

  it('renames an Espace and removes its goal from « Modifier »', async () => {
    await screen.createSpace('Impôts', '1 200');
    await screen.actionsOf('Impôts').click();
    await screen.page.getByRole('menuitem', { name: 'Modifier' }).click();
    const dialog = screen.dialog('Modifier l’Espace');
    expect(await dialog.getByLabel('Objectif (facultatif)').inputValue()).toBe('1200');
    await dialog.getByLabel('Nom de l’Espace').fill('Impôts 2027');
    await dialog.getByLabel('Objectif (facultatif)').fill('');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await screen.space('Impôts 2027').getByText('Pas d’objectif').waitFor();
    await shootBoth(screen.page, 'accueil-espace-modifie');
  });
});
