import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { NotificationPreferences, NotificationsPage } from '@comptoir/contracts';
import {
  cardFixture,
  CARD_FIXTURE_PASSWORD,
  type CardFixture,
} from '../apps/server/src/testing/card-fixtures.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shootBoth } = screenshots('notifications');

const said = async (locator: Locator): Promise<string> =>
  ((await locator.textContent()) ?? '').replace(/\s+/g, ' ');

describe('Notifications (docs/product/profile-and-security.md#notifications): live toasts, the bell’s count, the list, e-mail preferences', () => {
  let server: TestServer;
  let browser: Browser;
  let app: ComptoirApp;
  let card: CardFixture;
  let operator: Awaited<ReturnType<typeof operatorApi>>;

  const bell = (name: string | RegExp) => app.page.getByRole('banner').getByRole('link', { name });
  const toast = (text: string) => app.page.getByRole('alert').filter({ hasText: text });
  const items = () => app.page.getByTestId('notification');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser(DESKTOP)]);
    card = await cardFixture(server.server.ctx, { funding: 20_000 });
    operator = await operatorApi(server.url, server.demoOperator);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    app = new ComptoirApp(page, server.url);
    await app.login(card.email, CARD_FIXTURE_PASSWORD);
    await app.waitForPath('/');
    await app.balanceCard.waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a credit and a card payment each show one toast and raise the bell’s count, live', async () => {
    await bell('Notifications').waitFor();
    // Marks this document: a reload would make a new one without the mark.
    await app.page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    await operator.creditIncomingTransfer({
      iban: card.account.iban ?? '',
      amount: 1_234,
      debtorName: 'Ada Lovelace',
    });
    await toast('Virement reçu').waitFor();
    expect(await said(toast('Virement reçu'))).toContain('Virement reçu : + 12,34 € d’Ada Lovelace');
    // One toast for the credit, not two.
    expect(await toast('Ada Lovelace').count()).toBe(1);
    await bell('Notifications, 1 non lue').waitFor();

    const payment = await operator.authorizeCard({
      pan: card.pan,
      expiry: card.expiry,
      cvv: card.cvv,
      amount: 980,
      merchant: 'Café du Port',
      channel: 'in_store',
    });
    expect(payment.approved).toBe(true);
    await toast('Café du Port').waitFor();
    expect(await said(toast('Café du Port'))).toContain('Paiement par carte : 9,80 € chez Café du Port');
    expect(await toast('Café du Port').count()).toBe(1);
    await bell('Notifications, 2 non lues').waitFor();
    expect(await app.page.getByTestId('notification-count').textContent()).toBe('2');
    await shootBoth(app.page, 'dashboard-bell');
    expect(await app.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  });

  it('the list shows them newest first, unread; « Tout marquer comme lu » drops the count', async () => {
    await app.page.setViewportSize(DESKTOP);
    await bell('Notifications, 2 non lues').click();
    await app.waitForPath('/notifications');
    await app.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await expect.poll(() => items().count()).toBe(2);
    expect(await bell('Notifications, 2 non lues').getAttribute('aria-current')).toBe('page');
    expect(await said(items().nth(0))).toContain('Paiement par carte : 9,80 € chez Café du Port');
    expect(await said(items().nth(1))).toContain('Virement reçu : + 12,34 € d’Ada Lovelace');
    expect(await items().nth(0).getAttribute('data-status')).toBe('unread');
    await shootBoth(app.page, 'notifications-unread');
    await expectAccessible(app.page, '/notifications', 'main');
    await expectAccessible(app.page, 'header', 'header');

    // A new one arrives while the list is open: it shows at the top without a reload.
    await app.page.setViewportSize(PHONE);
    const declined = await operator.authorizeCard({
      pan: card.pan,
      expiry: card.expiry,
      cvv: card.cvv === '000' ? '001' : '000', // any but the card's own
      amount: 500,
      merchant: 'Mauvais Code',
      channel: 'online',
    });
    expect(declined.approved).toBe(false);
    await expect.poll(() => items().count()).toBe(3);
    // A refusal's toast leads with its reason, in red.
    const refusal = toast('Paiement refusé : date d’expiration ou cryptogramme incorrect');
    await refusal.waitFor();
    expect(await said(refusal)).toContain('— 5,00 € chez Mauvais Code');
    expect(await said(items().nth(0))).toContain('Paiement par carte refusé : 5,00 € chez Mauvais Code');
    await bell('Notifications, 3 non lues').waitFor();
    await shootBoth(app.page, 'notifications-live');

    await app.page.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await bell('Notifications').waitFor();
    await expect
      .poll(() => app.page.locator('[data-testid="notification"][data-status="unread"]').count())
      .toBe(0);
    expect(await app.page.getByTestId('notification-count').count()).toBe(0);
    expect(await app.page.getByTestId('notifications-unread').textContent()).toBe('Tout est lu');
    const page = await app.apiGet<NotificationsPage>('/api/notifications');
    expect(page.unreadCount).toBe(0);
    expect(page.items.every((n) => n.readAt !== null)).toBe(true);
    await shootBoth(app.page, 'notifications-read');
  });

  it('opening a notification marks it read and leads to its screen', async () => {
    await app.page.setViewportSize(DESKTOP);
    await operator.creditIncomingTransfer({
      iban: card.account.iban ?? '',
      amount: 5_000,
      debtorName: 'Grace Hopper',
    });
    await bell('Notifications, 1 non lue').waitFor();
    await expect.poll(() => items().count()).toBe(4);
    await items().nth(0).getByRole('link', { name: 'Voir mes opérations' }).click();
    await app.waitForPath('/');
    await bell('Notifications').waitFor();
    await app.operations.filter({ hasText: 'Grace Hopper' }).waitFor();
  });

  it('the e-mail preferences are two switches in Profil, saved on the server', async () => {
    await app.page.getByRole('link', { name: 'Profil' }).first().click();
    await app.waitForPath('/profil');
    const onCredit = app.page.getByRole('switch', { name: 'E-mail à chaque crédit' });
    const onCard = app.page.getByRole('switch', { name: 'E-mail à chaque paiement par carte' });
    await onCredit.waitFor();
    await expect.poll(() => onCredit.isEnabled()).toBe(true);
    expect(await onCredit.isChecked()).toBe(false);
    expect(await onCard.isChecked()).toBe(false);

    await onCredit.focus();
    await app.page.keyboard.press('Space');
    await toast('Préférences enregistrées').waitFor();
    await expect
      .poll(
        async () =>
          (await app.apiGet<NotificationPreferences>('/api/me/notification-preferences')).emailOnCredit,
      )
      .toBe(true);
    expect(await onCredit.isChecked()).toBe(true);

    await app.page.reload();
    await app.page.getByRole('switch', { name: 'E-mail à chaque crédit' }).waitFor();
    await expect
      .poll(() => app.page.getByRole('switch', { name: 'E-mail à chaque crédit' }).isChecked())
      .toBe(true);
    expect(
      await app.page.getByRole('switch', { name: 'E-mail à chaque paiement par carte' }).isChecked(),
    ).toBe(false);
    await app.page
      .getByRole('heading', { name: 'Notifications', level: 2, exact: true })
      .scrollIntoViewIfNeeded();
    await shootBoth(app.page, 'profile-preferences');
    await expectAccessible(app.page, '/profil', 'main');
  });
});
