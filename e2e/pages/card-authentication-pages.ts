import type { CDPSession, Locator, Page } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

/** The customer's side of 3-D Secure: the dialog on any screen, /carte/paiements-en-ligne, /profil's push section. */
export class OnlinePaymentScreens extends ComptoirApp {
  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Confirmer un paiement en ligne' });
  }

  get scaDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Valider le paiement en ligne' });
  }

  async approve(code: string): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Confirmer' }).click();
    await this.scaDialog.waitFor();
    await this.scaDialog.getByLabel('Code de vérification').fill(code);
    await this.scaDialog.getByRole('button', { name: 'Valider' }).click();
    await this.scaDialog.waitFor({ state: 'detached' });
  }

  async refuse(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Refuser' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  async openList(query = ''): Promise<void> {
    await this.open(`/carte/paiements-en-ligne${query}`);
    await this.page.getByRole('heading', { name: 'Paiements en ligne', level: 1 }).waitFor();
  }

  get listRows(): Locator {
    return this.page.getByTestId('online-payment');
  }

  get pushSection(): Locator {
    return this.page.getByTestId('push-section');
  }

  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }

  /** The titles (and bodies) of the notifications the service worker shows now. */
  shownNotifications(): Promise<{ title: string; body: string; tag: string; url: unknown }[]> {
    return this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url?: unknown } | null)?.url,
      }));
    });
  }
}

/**
 * The app's service worker as DevTools sees it: its registration id, and a push message delivered
 * to it as the browser's push service would (`ServiceWorker.deliverPushMessage`).
 */
export async function serviceWorkerPush(page: Page, origin: string) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on(
    'ServiceWorker.workerRegistrationUpdated',
    (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      for (const r of event.registrations) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
    },
  );
  await cdp.send('ServiceWorker.enable');
  const scope = new URL('/', origin).href;
  for (let i = 0; i < 100 && !registrations.has(scope); i++) await new Promise((r) => setTimeout(r, 100));
  const registrationId = registrations.get(scope);
  if (!registrationId) throw new Error(`no service worker registration for ${scope}`);
  return {
    deliver: (data: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(origin).origin, registrationId, data }),
    setPermission: (setting: 'granted' | 'denied' | 'prompt') =>
      cdp.send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting,
        origin: new URL(origin).origin,
      }),
    close: () => cdp.detach(),
  };
}

/** The back office's « Boutique de test »: the operator plays a merchant's site. */
export class TestShop {
  constructor(readonly page: Page) {}

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Boutique de test' });
  }

  async pay(order: {
    pan: string;
    expiry: string;
    cvv: string;
    amount: string;
    merchant: string;
    site?: string;
  }) {
    await this.form.getByLabel('Numéro de carte').fill(order.pan);
    await this.form.getByLabel('Expiration').fill(order.expiry);
    await this.form.getByLabel('CVV').fill(order.cvv);
    await this.form.getByLabel('Montant').fill(order.amount);
    await this.form.getByLabel('Nom du commerçant').fill(order.merchant);
    await this.form.getByLabel('Site du commerçant (facultatif)').fill(order.site ?? '');
    await this.form.getByRole('button', { name: 'Payer' }).click();
  }

  get progress(): Locator {
    return this.page.getByTestId('bo-test-shop-progress');
  }

  get outcome(): Locator {
    return this.page.getByTestId('bo-test-shop-outcome');
  }
}
