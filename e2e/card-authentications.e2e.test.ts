import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { CardAuthentication } from '@comptoir/contracts';
import {
  cardFixture,
  CARD_FIXTURE_PASSWORD,
  type CardFixture,
} from '../apps/server/src/testing/card-fixtures.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { BackOfficeAdminPages } from './pages/backoffice-admin-pages.ts';
import { OnlinePaymentScreens, serviceWorkerPush, TestShop } from './pages/card-authentication-pages.ts';
import { expectAccessible, apiPost } from './pages/page-checks.ts';
import { freshTotpCode } from './pages/totp.ts';
import { TotpWallet } from './pages/totp-wallet.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot, shootBoth } = screenshots('paiements-en-ligne');

const oneLine = async (text: Promise<string | null>) => ((await text) ?? '').replace(/\s+/g, ' ');

describe('3-D Secure in the app (docs/product/cards.md#3-d-secure) and Web Push', () => {
  let server: TestServer;
  let operatorBrowser: Browser;
  let customerBrowser: Browser;
  let card: CardFixture;
  let app: OnlinePaymentScreens;
  let bo: BackOfficePages;
  let shop: TestShop;
  const wallet = new TotpWallet();

  const order = (amount: string, merchant: string, site?: string) => ({
    pan: card.pan,
    expiry: card.expiry,
    cvv: card.cvv,
    amount,
    merchant,
    ...(site ? { site } : {}),
  });

  beforeAll(async () => {
    [server, operatorBrowser, customerBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(DESKTOP),
      launchBrowser(DESKTOP),
    ]);
    card = await cardFixture(server.server.ctx, {
      funding: 50_000,
      weeklyLimit: 50_000,
      monthlyLimit: 100_000,
    });

    app = new OnlinePaymentScreens(
      customerBrowser.context.pages()[0] ?? (await customerBrowser.context.newPage()),
      server.url,
    );
    await app.login(card.email, CARD_FIXTURE_PASSWORD);
    await app.waitForPath('/');
    // An authenticator app, enrolled through the API the profile uses (its screens are SCA's test).
    const { secret } = await apiPost<{ secret: string }>(app.page, '/api/sca/totp/enroll', {});
    const step = TotpWallet.currentStep();
    await apiPost(app.page, '/api/sca/totp/confirm', {
      code: TotpWallet.codeAt(secret, step),
      name: 'Téléphone',
    });
    wallet.add(secret, step);

    const operatorPage = operatorBrowser.context.pages()[0] ?? (await operatorBrowser.context.newPage());
    bo = new BackOfficePages(operatorPage, server.url);
    shop = new TestShop(operatorPage);
    const admin = server.demoOperator;
    await bo.login(admin.email, admin.password, () => freshTotpCode(admin.totpSecret));
    await new BackOfficeAdminPages(operatorPage).goTo('Boutique de test');
  }, 180_000);

  beforeEach(() => {
    onTestFailed(async () => {
      await shoot(bo.page, 'failed-merchant').catch(() => undefined);
      await shoot(app.page, 'failed-customer').catch(() => undefined);
    });
  });

  afterAll(async () => {
    await operatorBrowser?.close();
    await customerBrowser?.close();
    await server?.stop();
  });

  it('a 35 € online payment: the customer confirms it live with a code, the merchant’s payment is accepted', async () => {
    await app.open('/rib');
    await app.page.getByRole('heading', { name: 'Mon RIB', level: 1 }).waitFor();

    await shop.pay(order('35,00', 'Librairie du Port', 'https://www.librairie-du-port.example/panier'));
    await shop.progress.filter({ hasText: 'En attente de la confirmation du client…' }).waitFor();
    await shootBoth(bo.page, 'boutique-en-attente');

    // Live, on whatever screen the customer has open.
    await app.dialog.waitFor();
    const text = await oneLine(app.dialog.textContent());
    expect(text).toContain('35,00 €');
    expect(text).toContain('Librairie du Port');
    expect(text).toContain('www.librairie-du-port.example');
    expect(text).toContain(`se terminant par ${card.pan.slice(-4)}`);
    expect(text).toMatch(/Temps restant : (10 min 00|9 min \d\d) s/);
    await shootBoth(app.page, 'dialogue');
    await expectAccessible(app.page, 'card authentication dialog', '[role="dialog"]');

    // The code's dialog names the same amount and merchant (dynamic linking).
    await app.dialog.getByRole('button', { name: 'Confirmer' }).click();
    await app.scaDialog.waitFor();
    const summary = await oneLine(app.scaDialog.getByTestId('card-authentication-sca-summary').textContent());
    expect(summary).toContain('35,00 €');
    expect(summary).toContain('chez Librairie du Port');
    await shootBoth(app.page, 'dialogue-code');
    await app.scaDialog.getByLabel('Code de vérification').fill(await wallet.code());
    await app.scaDialog.getByRole('button', { name: 'Valider' }).click();
    await app.scaDialog.waitFor({ state: 'detached' });
    await app.dialog.waitFor({ state: 'detached' });
    await app.toast('Paiement confirmé').waitFor();

    await shop.outcome.filter({ hasText: 'Paiement accepté' }).waitFor();
    expect(await shop.outcome.getAttribute('data-tone')).toBe('ok');
    expect(await oneLine(shop.outcome.textContent())).toContain('35,00 € chez Librairie du Port');
    await shootBoth(bo.page, 'boutique-acceptee');
  });

  it('a second one the customer refuses: the merchant’s payment is declined', async () => {
    await shop.pay(order('42,00', 'Disquaire Bleu'));
    await app.dialog.filter({ hasText: 'Disquaire Bleu' }).waitFor();
    await app.refuse();
    await app.toast('Paiement refusé').waitFor();

    await shop.outcome.filter({ hasText: 'Paiement refusé' }).waitFor();
    expect(await shop.outcome.getAttribute('data-tone')).toBe('refused');
    expect(await shop.outcome.textContent()).toContain('le client n’a pas confirmé ce paiement');
  });

  it('answered from /carte/paiements-en-ligne (phone): each answer is said at once and leaves « À confirmer »', async () => {
    await app.page.setViewportSize(PHONE);
    await app.openList();
    const waiting = app.page.getByRole('region', { name: 'À confirmer' });

    // Approved with the code: « Paiement confirmé », and the row is a recent, confirmed one.
    await shop.pay(order('36,50', 'Épicerie Lune'));
    await app.dialog.filter({ hasText: 'Épicerie Lune' }).waitFor();
    await waiting.getByText('Épicerie Lune').waitFor();
    await app.approve(await wallet.code());
    await app.dialog.waitFor({ state: 'detached' });
    await app.toast('Paiement confirmé : 36,50 € chez Épicerie Lune').waitFor();
    await shoot(app.page, 'liste-confirme');
    await app.listRows.filter({ hasText: 'Épicerie Lune' }).filter({ hasText: 'Confirmé' }).waitFor();
    expect(await waiting.count()).toBe(0);
    await shop.outcome.filter({ hasText: 'Paiement accepté' }).waitFor();

    // Refused: « Paiement refusé », and it leaves the waiting ones too.
    await shop.pay(order('44,00', 'Cave Soleil'));
    await app.dialog.filter({ hasText: 'Cave Soleil' }).waitFor();
    await app.refuse();
    await app.toast('Paiement refusé : 44,00 € chez Cave Soleil').waitFor();
    await app.listRows.filter({ hasText: 'Cave Soleil' }).filter({ hasText: 'Refusé' }).waitFor();
    expect(await waiting.count()).toBe(0);
    await shop.outcome.filter({ hasText: 'Paiement refusé' }).waitFor();
    await app.page.setViewportSize(DESKTOP);
  });

  it('/carte/paiements-en-ligne lists them; put aside, a pending one stays there; ?confirmer= opens it; decided elsewhere, the dialog says so', async () => {
    await app.open('/carte');
    await app.page.getByRole('link', { name: /Paiements en ligne à confirmer/ }).click();
    await app.page.getByRole('heading', { name: 'Paiements en ligne', level: 1 }).waitFor();
    await app.listRows.filter({ hasText: 'Librairie du Port' }).filter({ hasText: 'Confirmé' }).waitFor();
    await app.listRows.filter({ hasText: 'Disquaire Bleu' }).filter({ hasText: 'Refusé' }).waitFor();

    // A third one: its dialog opens on this screen too; « Plus tard » leaves it in the list.
    await shop.pay(order('58,90', 'Fromagerie Lenoir'));
    await app.dialog.filter({ hasText: 'Fromagerie Lenoir' }).waitFor();
    await app.dialog.getByRole('button', { name: 'Plus tard' }).click();
    await app.dialog.waitFor({ state: 'detached' });
    const pending = app.listRows.filter({ hasText: 'Fromagerie Lenoir' });
    await pending.filter({ hasText: 'Confirmer ou refuser' }).waitFor();
    expect(await pending.getAttribute('data-status')).toBe('pending');
    await shootBoth(app.page, 'liste');
    await expectAccessible(app.page, '/carte/paiements-en-ligne', 'main');

    // The link a push notification opens.
    const { items } = await app.apiGet<{ items: CardAuthentication[] }>('/api/card-authentications');
    const third = items.find((item) => item.merchant === 'Fromagerie Lenoir');
    expect(third?.status).toBe('pending');
    await app.openList(`?confirmer=${third?.id}`);
    await app.dialog.filter({ hasText: 'Fromagerie Lenoir' }).waitFor();

    // Refused from another device: this one says so at once.
    await apiPost(app.page, `/api/card-authentications/${third?.id}/refuse`, {});
    await app.dialog.filter({ hasText: 'Ce paiement a déjà été refusé depuis un autre appareil.' }).waitFor();
    await shoot(app.page, 'dialogue-decide-ailleurs');
    await app.dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await app.dialog.waitFor({ state: 'detached' });
    await pending.filter({ hasText: 'Refusé' }).waitFor();
    // An old link (a notification tapped late) says what became of it.
    await app.openList(`?confirmer=${third?.id}`);
    await app.dialog.filter({ hasText: 'Ce paiement a déjà été refusé.' }).waitFor();
    await app.dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await app.dialog.waitFor({ state: 'detached' });
    expect(new URL(app.page.url()).search).toBe('');
    await shop.outcome.filter({ hasText: 'Paiement refusé' }).waitFor();
  });

  it('/profil « Notifications push »; the service worker shows a pushed message as it is, and ignores a malformed one', async () => {
    await customerBrowser.context.grantPermissions(['notifications'], { origin: server.url });
    await app.open('/profil');
    await app.pushSection.waitFor();
    await app.pushSection.getByText('Cet appareil ne reçoit pas de notifications push.').waitFor();
    expect(
      await app.pushSection.getByLabel('Afficher les montants sur l’écran verrouillé').isDisabled(),
    ).toBe(true);
    await app.pushSection.scrollIntoViewIfNeeded();
    await shootBoth(app.page, 'profil-push');
    await shoot(app.page, 'profil-push-section', { part: app.pushSection });
    await app.page.setViewportSize(PHONE);
    await shoot(app.page, 'profil-push-section', { part: app.pushSection });
    await app.page.setViewportSize(DESKTOP);

    // Turning push on needs the browser's push service, which a headless test browser may not reach:
    // either it is on, or the section says why in French.
    await app.pushSection.getByRole('button', { name: 'Activer sur cet appareil' }).click();
    await app.pushSection
      .getByText(
        /Cet appareil reçoit les notifications push|Le service de notifications de votre navigateur n’a pas répondu/,
      )
      .first()
      .waitFor({ timeout: 30_000 });
    await shoot(app.page, 'profil-push-apres-activation', { part: app.pushSection });

    // The worker is active (the page's first load registered it) before messages are delivered to it.
    await app.page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    const push = await serviceWorkerPush(app.page, server.url);
    try {
      const payload = {
        title: 'Confirmer un paiement en ligne',
        body: '12,00 € chez Épicerie Fine : confirmez ou refusez ce paiement.',
        url: '/carte/paiements-en-ligne?confirmer=essai',
        tag: 'card-authentication-essai',
      };
      const shown = { title: payload.title, body: payload.body, tag: payload.tag, url: payload.url };
      // DevTools may drop a message that arrives while the worker starts: sent again until shown
      // (the same tag replaces the notification, so it is never shown twice).
      for (let attempt = 0; attempt < 5; attempt++) {
        await push.deliver(JSON.stringify(payload));
        const seen = await expect
          .poll(() => app.shownNotifications(), { timeout: 3_000 })
          .toContainEqual(shown)
          .then(() => true)
          .catch(() => false);
        if (seen) break;
      }
      expect(await app.shownNotifications()).toEqual([shown]);

      // A malformed message is not shown; the next good one is.
      await push.deliver('pas du JSON');
      await push.deliver(JSON.stringify({ title: 'Sans lien', body: 'x' }));
      const next = { ...payload, title: 'Paiement en ligne confirmé', tag: 'card-authentication-suivant' };
      await push.deliver(JSON.stringify(next));
      await expect
        .poll(async () => (await app.shownNotifications()).map((n) => n.title).sort(), { timeout: 15_000 })
        .toEqual(['Confirmer un paiement en ligne', 'Paiement en ligne confirmé']);

      // Refused in the browser: the section says so and how to change it.
      await push.setPermission('denied');
      await app.page.reload();
      await app.pushSection.getByText('Vous avez refusé les notifications dans votre navigateur').waitFor();
      await app.pushSection.scrollIntoViewIfNeeded();
      await shoot(app.page, 'profil-push-refusees', { part: app.pushSection });
    } finally {
      await push.close();
    }
  });
});
