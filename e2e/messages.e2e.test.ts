import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { MailboxEntry } from '../apps/server/src/mail/mailbox.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { freshTotpCode } from './pages/totp.ts';
import { screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Screenshots to look at: the customer at 360 px, the back office at 1280 px. */
const { shoot } = screenshots('messages');

describe('Secure messages (docs/product/profile-and-security.md#profil): a round trip with the unread badge', () => {
  let server: TestServer;
  let phone: Browser;
  let desk: Browser;

  beforeAll(async () => {
    [server, phone, desk] = await Promise.all([
      startTestServer(),
      launchBrowser({ width: 360, height: 740 }),
      launchBrowser({ width: 1280, height: 800 }),
    ]);
  });
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
    await server?.stop();
  });

  it('operator writes → live badge → the customer reads and answers → the operator sees it; the mail has no content', async () => {
    const customerPage = phone.context.pages()[0] ?? (await phone.context.newPage());
    const operatorPage = desk.context.pages()[0] ?? (await desk.context.newPage());
    onTestFailed(async () => {
      await shoot(customerPage, 'failed-customer').catch(() => undefined);
      await shoot(operatorPage, 'failed-backoffice').catch(() => undefined);
    });
    const customer = new ComptoirApp(customerPage, server.url);
    const bo = new BackOfficePages(operatorPage, server.url);
    const { email } = server.demoCustomer;
    const secret = 'Bonjour, votre plafond a été relevé comme convenu (dossier 7731).';

    await customer.login(email, server.demoCustomer.password);
    await customer.expectDashboard();
    // The navigation's « Profil » entry carries the unread count (the badge's accessible name).
    const profileLink = (name: string) => customerPage.getByRole('link', { name, exact: true });
    await profileLink('Profil').waitFor();

    const op = server.demoOperator;
    await bo.login(op.email, op.password, () => freshTotpCode(op.totpSecret));
    await bo.manage(email);

    // The adviser: the operator chooses themself.
    const adviser = bo.panel.getByTestId('bo-adviser');
    await adviser.getByLabel('Conseiller attribué').click();
    await operatorPage.getByRole('option', { name: new RegExp(op.email.replace('.', '\\.')) }).click();
    await adviser.getByRole('button', { name: 'Enregistrer' }).click();
    await bo.toast('Conseiller enregistré.').waitFor();

    const thread = bo.panel.getByTestId('bo-messages');
    await thread.getByLabel('Message au client').fill(secret);
    await thread.getByRole('button', { name: 'Envoyer' }).click();
    await thread.getByTestId('message').filter({ hasText: secret }).waitFor();

    // The customer, still on the dashboard, sees the badge and a discreet notice without a reload.
    await profileLink('Profil 1 message non lu').waitFor();
    await customerPage.getByRole('alert').filter({ hasText: 'Nouveau message de votre banque' }).waitFor();
    await shoot(customerPage, 'customer-badge');

    await customerPage
      .getByRole('link', { name: /Profil/ })
      .last()
      .click();
    await customerPage.getByRole('heading', { name: 'Mon conseiller' }).waitFor();
    await customerPage.getByTestId('message').filter({ hasText: secret }).waitFor();
    await profileLink('Profil').waitFor();
    const adviserCard = customerPage.locator('section', {
      has: customerPage.getByRole('heading', { name: 'Mon conseiller' }),
    });
    expect(await adviserCard.getByRole('link', { name: op.email }).getAttribute('href')).toBe(
      `mailto:${op.email}`,
    );
    expect(await adviserCard.getByRole('link', { name: /^\+/ }).getAttribute('href')).toMatch(/^tel:\+\d+$/);

    const answer = 'Merci beaucoup, c’est parfait.';
    await customerPage.getByLabel('Votre message').fill(answer);
    expect(await customerPage.getByText('30 / 2 000 caractères').count()).toBe(1);
    await customerPage.getByRole('button', { name: 'Envoyer' }).click();
    await customerPage.getByTestId('message').filter({ hasText: answer }).waitFor();
    await customerPage.getByTestId('message-list').scrollIntoViewIfNeeded();
    await shoot(customerPage, 'customer-profile');
    await expectAccessible(customerPage, '/profil');

    // No operator event stream: the open thread reads itself again every 10 s.
    await thread.getByTestId('message').filter({ hasText: answer }).waitFor({ timeout: 25_000 });
    await thread.scrollIntoViewIfNeeded();
    // The full-screen panel scrolls inside itself: the window's own size is the shot.
    await shoot(operatorPage, 'backoffice-thread', { fullPage: false });
    await expectAccessible(operatorPage, 'manage panel', '[data-testid="bo-messages"]');

    // A message no operator has opened yet shows in the customers table.
    await bo.closePanel();
    await customerPage.getByLabel('Votre message').fill('Une dernière question : puis-je passer en agence ?');
    await customerPage.getByRole('button', { name: 'Envoyer' }).click();
    await customerPage.getByTestId('message').filter({ hasText: 'Une dernière question' }).waitFor();
    await operatorPage.reload();
    await bo.customersHeading.waitFor();
    await bo.rowOf(email).getByTestId('bo-unread-badge').filter({ hasText: '1 message non lu' }).waitFor();
    await shoot(operatorPage, 'backoffice-table', { fullPage: false });

    // The mail says a message is waiting, nothing of what it says.
    const response = await fetch(`${server.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const mails = (await response.json()) as MailboxEntry[];
    const notice = mails.find((m) => m.subject === 'Vous avez un nouveau message');
    expect(notice?.text).toContain('Vous avez un nouveau message.');
    for (const part of ['7731', 'plafond', op.email]) {
      expect(notice?.text).not.toContain(part);
      expect(notice?.html).not.toContain(part);
    }
  });
});
