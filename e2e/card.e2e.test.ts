import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { SCA_TOKEN_HEADER, type Card, type CardChannel } from '@comptoir/contracts';
import { groupedPan, maskedPan } from '@comptoir/core';
import { grantScaToken } from '../apps/server/src/modules/sca/__tests__/testing.ts';
import {
  cardFixture,
  CARD_FIXTURE_PASSWORD,
  type CardFixture,
} from '../apps/server/src/testing/card-fixtures.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { expectAccessible, apiPost } from './pages/page-checks.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { BackOfficeAdminPages } from './pages/backoffice-admin-pages.ts';
import { CardScreen } from './pages/card-pages.ts';
import { operatorApi } from './pages/operator-api.ts';
import { freshTotpCode } from './pages/totp.ts';
import { TotpWallet } from './pages/totp-wallet.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Screenshots to look at (the issue asks for 360 px and 1280 px of each state). */
const { folder, shoot, shootBoth } = screenshots('carte');

const notReloaded = (page: Page): Promise<boolean | undefined> =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded);

describe('Card (docs/product/cards.md): reveal for 60 s, lock enforced live, limits, channels, opposition', () => {
  let server: TestServer;
  let browser: Browser;
  let screen: CardScreen;
  let card: CardFixture;
  let operator: Awaited<ReturnType<typeof operatorApi>>;
  const wallet = new TotpWallet();

  const liveCard = async (): Promise<Card> => {
    const cards = await screen.apiGet<Card[]>('/api/cards');
    const active = cards.find((c) => c.status === 'active');
    if (!active) throw new Error('no active card');
    return active;
  };

  const pay = (
    amount: number,
    merchant: string,
    channel: CardChannel = 'in_store',
    agreementReference?: string,
  ) =>
    operator.authorizeCard({
      pan: card.pan,
      expiry: card.expiry,
      cvv: card.cvv,
      amount,
      merchant,
      channel,
      ...(agreementReference ? { agreementReference } : {}),
    });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser(DESKTOP)]);
    const ctx = server.server.ctx;
    // A customer approved with a funded account and the card approval issued (number known here
    // to play the merchant's terminal; the screen only ever shows it through the reveal).
    card = await cardFixture(ctx, { funding: 50_000 });
    operator = await operatorApi(server.url, server.demoOperator);

    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    screen = new CardScreen(page, server.url);
    // The page's clock is Playwright's from the start: the 60 s of the reveal pass without waiting.
    await page.clock.install();
    await screen.login(card.email, CARD_FIXTURE_PASSWORD);
    await screen.waitForPath('/');

    // Two authenticator apps, enrolled through the API the profile uses (its screens are SCA's test).
    for (let i = 0; i < 2; i++) {
      const headers: Record<string, string> = {};
      if (i > 0) {
        headers[SCA_TOKEN_HEADER] = await grantScaToken(ctx, card.customerId, 'factor_enrolment', {
          method: 'totp',
        });
      }
      const { secret } = await apiPost<{ secret: string }>(page, '/api/sca/totp/enroll', {}, headers);
      const step = TotpWallet.currentStep();
      await apiPost(page, '/api/sca/totp/confirm', {
        code: TotpWallet.codeAt(secret, step),
        name: `App ${i}`,
      });
      wallet.add(secret, step);
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach((context) => {
    onTestFailed(async () => {
      const path = join(folder, `failure-${context.task.name.replace(/\W+/g, '-').slice(0, 40)}.png`);
      mkdirSync(folder, { recursive: true });
      await screen.page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.log(`screenshot: ${path}`);
    });
  });

  it('shows the masked number, reveals the details after strong authentication, hides them after 60 s', async () => {
    const last4 = card.pan.slice(-4);
    await screen.openCard();
    await screen.visual.waitFor();
    expect(await screen.printed('number')).toBe(maskedPan(last4));
    expect(await screen.printed('cvv')).toBe('•••');
    expect(await screen.printed('last-name')).toBe('Martin');
    // Nothing of the number is in the page but the last four digits.
    expect(await screen.page.content()).not.toContain(card.pan);
    await shootBoth(screen.page, 'card-masked');
    await expectAccessible(screen.page, '/carte', 'main');

    await screen.showDetails.click();
    await screen.revealDialog.waitFor();
    await screen.confirmReveal(await wallet.code());
    await screen.visual.and(screen.page.locator('[data-revealed="true"]')).waitFor();
    expect(await screen.printed('number')).toBe(groupedPan(card.pan));
    expect(await screen.printed('cvv')).toBe(card.cvv);
    expect(await screen.printed('expires-end')).toBe(card.expiry);
    expect(await screen.countdown.textContent()).toMatch(/^Masqué dans (60|59) s$/);
    // The details live in the component only: not in storage.
    const stored = await screen.page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(card.pan);
    await shootBoth(screen.page, 'card-revealed');

    // The page's clock also runs on its own (the screenshots above take seconds on a loaded
    // machine): 30 s later, the countdown shows 30 s less than it did just before.
    const before = Number(/(\d+) s$/.exec((await screen.countdown.textContent()) ?? '')?.[1]);
    await screen.page.clock.runFor(30_000);
    const afterJump = [0, 1, 2, 3].map((late) => `Masqué dans ${before - 30 - late} s`);
    await screen.countdown.filter({ hasText: new RegExp(`^(${afterJump.join('|')})$`) }).waitFor();
    expect(await screen.printed('number')).toBe(groupedPan(card.pan));
    await screen.page.clock.runFor(30_000);
    await screen.visual.and(screen.page.locator('[data-revealed="false"]')).waitFor();
    expect(await screen.printed('number')).toBe(maskedPan(last4));
    expect(await screen.printed('cvv')).toBe('•••');
    await expect(screen.hideDetails.count()).resolves.toBe(0);
    expect(await screen.page.content()).not.toContain(card.pan);
  });

  it('lock: an authorisation is declined and the customer sees it live; unlock: approved, « En cours »', async () => {
    await screen.page.setViewportSize(DESKTOP);
    await screen.openCard();
    await screen.page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    await screen.toggle('Verrouiller temporairement');
    await screen.lockedNotice.filter({ hasText: 'Votre carte est bloquée' }).waitFor();
    await expect.poll(async () => (await liveCard()).locked).toBe(true);
    expect(await screen.switchOf('Verrouiller temporairement').isChecked()).toBe(true);
    await shootBoth(screen.page, 'card-locked');
    await expectAccessible(screen.page, '/carte locked', 'main');
    await screen.page.setViewportSize(DESKTOP);

    const declined = await pay(1_250, 'Boulangerie Dupont');
    expect(declined).toMatchObject({ approved: false, reason: 'card_locked' });
    await screen.toast('Paiement refusé : Votre carte est bloquée').waitFor();
    const declinedRow = screen.activity.filter({ hasText: 'Boulangerie Dupont' }).first();
    await declinedRow.waitFor();
    expect(await declinedRow.getAttribute('data-kind')).toBe('declined');
    expect(await declinedRow.getByTestId('card-activity-reason').textContent()).toBe(
      'Paiement refusé : Votre carte est bloquée',
    );

    await screen.toggle('Verrouiller temporairement');
    await screen.lockedNotice.waitFor({ state: 'detached' });
    await expect.poll(async () => (await liveCard()).locked).toBe(false);

    const approved = await pay(1_250, 'Café de la Gare');
    expect(approved).toMatchObject({ approved: true });
    await screen.toast('Café de la Gare').waitFor();
    const toast = (await screen.toast('Café de la Gare').textContent())?.replace(/\s+/g, ' ');
    expect(toast).toContain('Paiement par carte : 12,50 € chez Café de la Gare');
    const approvedRow = screen.activity.filter({ hasText: 'Café de la Gare' });
    await approvedRow.filter({ hasText: 'En cours' }).waitFor();
    // The used amount counts it, without a reload.
    await screen.page.getByText(/12,50\s€ utilisés sur 7 jours glissants/).waitFor();

    // The operations list has it « En cours », reached through the app's own navigation.
    await screen.page.getByRole('link', { name: 'Accueil' }).first().click();
    const operation = screen.operations.filter({ hasText: 'Café de la Gare' });
    await operation.waitFor();
    expect(await operation.getAttribute('data-status')).toBe('pending');
    expect(await notReloaded(screen.page)).toBe(true);
  });

  it('limits and channels are saved on release and enforced by the server', async () => {
    await screen.page.setViewportSize(PHONE);
    await screen.openCard();
    const weekly = screen.slider('Plafond hebdomadaire');
    await weekly.waitFor();
    expect(await weekly.getAttribute('aria-valuenow')).toBe('40');

    // Keyboard: each arrow moves 10 €. A weekly limit above the monthly one (40 €) is explained
    // under the sliders and not saved…
    await weekly.focus();
    await screen.page.keyboard.press('ArrowRight');
    await screen.page.keyboard.press('ArrowRight');
    const conflict = screen.page.getByTestId('card-limits-conflict');
    await conflict
      .filter({ hasText: 'Le plafond hebdomadaire ne peut pas dépasser le plafond mensuel' })
      .waitFor();
    await shoot(screen.page, 'card-limits-conflict');
    expect(await liveCard()).toMatchObject({ weeklyLimit: 4_000, monthlyLimit: 4_000 });
    // …until the monthly one is raised: that release saves both.
    const monthly = screen.slider('Plafond mensuel');
    await monthly.focus();
    for (let i = 0; i < 6; i++) await screen.page.keyboard.press('ArrowRight');
    await expect
      .poll(async () => {
        const { weeklyLimit, monthlyLimit } = await liveCard();
        return { weeklyLimit, monthlyLimit };
      })
      .toEqual({ weeklyLimit: 6_000, monthlyLimit: 10_000 });
    await conflict.waitFor({ state: 'detached' });
    await screen.toggle('Retraits');
    await expect.poll(async () => (await liveCard()).channels.atm).toBe(false);

    await screen.page.reload();
    await screen.slider('Plafond hebdomadaire').waitFor();
    expect(await screen.slider('Plafond hebdomadaire').getAttribute('aria-valuenow')).toBe('60');
    expect(await screen.switchOf('Retraits').isChecked()).toBe(false);
    expect(await screen.switchOf('Paiements en ligne').isChecked()).toBe(true);

    // Enforced: a withdrawal is refused; 12,50 € spent + 50 € goes over the 60 € of the week.
    expect(await pay(2_000, 'DAB Gare du Nord', 'atm')).toMatchObject({
      approved: false,
      reason: 'channel_disabled',
    });
    // (In store: online, 50 € would first need 3-D Secure, above the low-value exemption.)
    expect(await pay(5_000, 'Fnac', 'in_store')).toMatchObject({ approved: false, reason: 'weekly_limit' });
    await screen.toast('Paiement refusé : plafond hebdomadaire atteint').waitFor();
    await screen.activity
      .filter({ hasText: 'Fnac' })
      .filter({ hasText: 'Paiement refusé : plafond hebdomadaire atteint' })
      .waitFor();
  });

  it('« Paiements récurrents »: switched off, a merchant’s recurring payment is declined live; on again, approved', async () => {
    await screen.page.setViewportSize(PHONE);
    await screen.openCard();
    const recurring = screen.switchOf('Paiements récurrents');
    await recurring.waitFor();
    // On by default, with what it covers said under it.
    expect(await recurring.isChecked()).toBe(true);
    await screen.page
      .getByTestId('card-settings')
      .getByText('Abonnements et paiements qu’un commerçant débite de lui-même.')
      .waitFor();

    await screen.toggle('Paiements récurrents');
    await expect.poll(async () => (await liveCard()).channels.recurring).toBe(false);
    await screen.page.reload();
    await screen.switchOf('Paiements récurrents').waitFor();
    expect(await screen.switchOf('Paiements récurrents').isChecked()).toBe(false);
    // The other channels are as they were: online on, withdrawals off (the test before).
    expect(await screen.switchOf('Paiements en ligne').isChecked()).toBe(true);
    expect(await screen.switchOf('Retraits').isChecked()).toBe(false);

    // The card's agreement with the merchant, which the holder's first payment there, authenticated
    // through 3-D Secure, makes (card-authentications/agreements.test.ts): set here directly, on a
    // payment of the card.
    const first = await pay(100, 'Kiosque du coin');
    const streamflix = 'agr_streamflix_e2e';
    await server.server.ctx.db.query(
      `insert into card_agreements (reference, card_id, merchant, authorization_id, created_at)
       values ($1, $2, 'Streamflix', $3, now())`,
      [streamflix, card.cardId, first.authorizationId],
    );

    // The merchant charges the stored card on its own: declined, and the customer sees it live.
    expect(await pay(999, 'Streamflix', 'recurring', streamflix)).toMatchObject({
      approved: false,
      reason: 'channel_disabled',
    });
    const declinedMessage = 'Paiement refusé : ce type de paiement est désactivé sur votre carte';
    await screen.toast(declinedMessage).waitFor();
    const declinedRow = screen.activity.filter({ hasText: 'Streamflix' }).first();
    await declinedRow.waitFor();
    expect(await declinedRow.getAttribute('data-kind')).toBe('declined');
    expect(await declinedRow.textContent()).toContain('Paiement récurrent');
    expect(await declinedRow.getByTestId('card-activity-reason').textContent()).toBe(declinedMessage);
    await shootBoth(screen.page, 'card-recurring-off');

    await screen.toggle('Paiements récurrents');
    await expect.poll(async () => (await liveCard()).channels.recurring).toBe(true);
    expect(await pay(999, 'Streamflix', 'recurring', streamflix)).toMatchObject({ approved: true });
    await screen.activity.filter({ hasText: 'Streamflix' }).filter({ hasText: 'En cours' }).waitFor();
    expect(await screen.switchOf('Paiements récurrents').isChecked()).toBe(true);
    await shootBoth(screen.page, 'card-recurring-on');
  });

  it('an error reads « Erreur : {message} » under the card and clears after 5 s', async () => {
    await screen.openCard();
    // The server refusing the lock (as it would for a card cancelled meanwhile in another tab).
    await screen.page.route('**/api/cards/*/lock', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'card_not_active',
          detail: 'Cette carte n’est plus active.',
        }),
      }),
    );
    await screen.toggle('Verrouiller temporairement');
    await screen.error.filter({ hasText: 'Erreur : Cette carte n’est plus active.' }).waitFor();
    await screen.page.unroute('**/api/cards/*/lock');
    await screen.page.clock.runFor(4_000);
    expect(await screen.error.textContent()).toContain('Erreur : Cette carte n’est plus active.');
    await screen.page.clock.runFor(1_100);
    await screen.error.filter({ hasText: 'Erreur' }).waitFor({ state: 'detached' });
    expect(await screen.switchOf('Verrouiller temporairement').isChecked()).toBe(false);
  });

  it('opposition names the last four digits and cancels the card; « Créer une carte » issues a new one', async () => {
    await screen.page.setViewportSize(PHONE);
    await screen.openCard();
    const before = await liveCard();
    await screen.deleteButton.click();
    await screen.deleteDialog.waitFor();
    expect((await screen.deleteDialog.getByTestId('card-delete-body').textContent())?.trim()).toBe(
      `La carte se terminant par ${before.last4} sera supprimée définitivement.`,
    );
    await shoot(screen.page, 'card-delete-confirmation');
    await screen.deleteDialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await screen.toast('Carte supprimée').waitFor();
    await screen.deleteDialog.waitFor({ state: 'detached' });
    await screen.createButton.waitFor();
    expect(await screen.showDetails.isDisabled()).toBe(true);
    const cards = await screen.apiGet<Card[]>('/api/cards');
    expect(cards.find((c) => c.id === before.id)?.status).toBe('cancelled');
    // The merchant's terminal hears it too.
    expect(await pay(100, 'Monoprix')).toMatchObject({ approved: false, reason: 'card_cancelled' });
    await shootBoth(screen.page, 'card-none');

    await screen.page.setViewportSize(PHONE);
    await screen.createButton.click();
    await screen.showDetails.and(screen.page.locator(':enabled')).waitFor();
    const fresh = await liveCard();
    expect(fresh.id).not.toBe(before.id);
    expect(await screen.printed('number')).toBe(maskedPan(fresh.last4));
    expect(fresh.weeklyLimit).toBe(4_000);
    // The new card comes without the deletion's confirmation: nothing opens by itself…
    await screen.toast('Votre nouvelle carte est prête').waitFor();
    expect(await screen.page.getByRole('dialog').count()).toBe(0);
    // …and asked for, it names the new card.
    await screen.deleteButton.click();
    await screen.deleteDialog.waitFor();
    expect((await screen.deleteDialog.getByTestId('card-delete-body').textContent())?.trim()).toBe(
      `La carte se terminant par ${fresh.last4} sera supprimée définitivement.`,
    );
    await screen.deleteDialog.getByRole('button', { name: 'Annuler' }).click();
    await screen.deleteDialog.waitFor({ state: 'detached' });
    expect((await liveCard()).id).toBe(fresh.id);
  });
});

describe('Back office: « Outils sandbox » simulate a card payment, its clearing and a refund', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser(DESKTOP)]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('accepts a payment, debits it, refunds, and refuses a wrong cryptogram', async () => {
    const card = await cardFixture(server.server.ctx, { funding: 20_000 });
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const bo = new BackOfficePages(page, server.url);
    const { email, password, totpSecret } = server.demoOperator;
    await bo.login(email, password, () => freshTotpCode(totpSecret));
    await new BackOfficeAdminPages(page).goTo('Outils sandbox');

    const tools = page.getByTestId('bo-sandbox-tools');
    await tools.getByRole('heading', { name: 'Paiements par carte' }).waitFor();
    const form = tools.getByTestId('bo-card-authorization');
    const fill = async (values: { cvv: string; amount: string }) => {
      await form.getByLabel('Numéro de carte').fill(groupedPan(card.pan));
      await form.getByLabel('Expiration').fill(card.expiry);
      await form.getByLabel('Cryptogramme').fill(values.cvv);
      await form.getByLabel('Montant en €').fill(values.amount);
      await form.getByLabel('Commerçant').fill('Le Petit Zinc');
      await form.getByText('En magasin', { exact: true }).click();
      await form.getByRole('button', { name: 'Simuler le paiement' }).click();
    };

    const wrongCvv = card.cvv === '000' ? '001' : '000';
    await fill({ cvv: wrongCvv, amount: '20' });
    const outcome = form.getByTestId('bo-card-authorization-outcome');
    await outcome
      .filter({ hasText: 'Paiement refusé : date d’expiration ou cryptogramme incorrect' })
      .waitFor();

    await fill({ cvv: card.cvv, amount: '20,00' });
    await outcome.filter({ hasText: /^Paiement accepté \(autorisation .+\)$/ }).waitFor();
    await shootBoth(page, 'backoffice-sandbox-tools');
    await expectAccessible(page, 'Outils sandbox', '[data-testid="bo-sandbox-tools"]');
    await page.setViewportSize(DESKTOP);

    // The clearing form has the authorisation; a 15 % tip at most.
    const clearing = tools.getByTestId('bo-card-clearing');
    expect(await clearing.getByLabel('Autorisation').inputValue()).not.toBe('');
    await clearing.getByLabel('Montant en €').fill('23,00');
    await clearing.getByRole('button', { name: 'Débiter' }).click();
    await clearing
      .getByTestId('bo-card-clearing-outcome')
      .filter({ hasText: /Paiement débité : 23,00\s€/ })
      .waitFor();

    const refund = tools.getByTestId('bo-card-refund');
    await refund.getByLabel('Numéro de carte').fill(card.pan);
    await refund.getByLabel('Montant en €').fill('5');
    await refund.getByLabel('Commerçant').fill('Le Petit Zinc');
    await refund.getByRole('button', { name: 'Rembourser' }).click();
    await refund.getByTestId('bo-card-refund-outcome').filter({ hasText: 'Remboursement crédité' }).waitFor();

    // A bad amount is said before any call.
    await refund.getByLabel('Montant en €').fill('12,345');
    await refund.getByRole('button', { name: 'Rembourser' }).click();
    await refund
      .getByTestId('bo-card-refund-outcome')
      .filter({ hasText: 'Indiquez un montant positif' })
      .waitFor();
  });
});
