import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertContactMessage } from '../apps/server/src/modules/contact/__tests__/testing.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { BackOfficeAdminPages } from './pages/backoffice-admin-pages.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { freshTotpCode } from './pages/totp.ts';
import { screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot } = screenshots('backoffice-admin');

describe('Back office administration (docs/product/back-office.md#roles): operators invited and enrolled, roles, audit log, contact inbox', () => {
  let server: TestServer;
  let adminBrowser: Browser;
  let supportBrowser: Browser;
  let admin: BackOfficePages;
  let adminScreens: BackOfficeAdminPages;
  let support: BackOfficePages;
  let supportScreens: BackOfficeAdminPages;
  const supportEmail = `support.${Date.now().toString(36)}@exemple.test`;
  let supportSecret = '';
  let supportPassword = '';

  beforeAll(async () => {
    [server, adminBrowser, supportBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(),
      launchBrowser({ width: 360, height: 740 }),
    ]);
    const adminPage = adminBrowser.context.pages()[0] ?? (await adminBrowser.context.newPage());
    const supportPage = supportBrowser.context.pages()[0] ?? (await supportBrowser.context.newPage());
    admin = new BackOfficePages(adminPage, server.url);
    adminScreens = new BackOfficeAdminPages(adminPage);
    support = new BackOfficePages(supportPage, server.url);
    supportScreens = new BackOfficeAdminPages(supportPage);
  });

  afterAll(async () => {
    await adminBrowser?.close();
    await supportBrowser?.close();
    await server?.stop();
  });

  it('an admin invites a support operator: « Invitation envoyée », no secret on the admin’s screen; the tabs hold on one row', async () => {
    const op = server.demoOperator;
    await admin.login(op.email, op.password, () => freshTotpCode(op.totpSecret));
    const entries = [
      'Utilisateurs',
      'Messages de contact',
      'Contestations de prélèvements',
      'Criblage',
      'Surveillance',
      'Journal d’audit',
      'Opérateurs',
      'Outils sandbox',
      'Boutique de test',
    ];
    for (const entry of entries) {
      await expect.poll(() => adminScreens.navEntry(entry).count()).toBe(1);
    }
    // At 1280 px every tab sits on the first row, « Boutique de test » included.
    const tops = await Promise.all(
      entries.map(async (entry) => (await adminScreens.navEntry(entry).boundingBox())?.y),
    );
    expect(new Set(tops).size, `tab tops: ${tops.join(', ')}`).toBe(1);
    await shoot(admin.page, 'customers-admin');

    await adminScreens.goTo('Opérateurs');
    expect(admin.page.url()).toContain('vue=operateurs');
    const sent = await adminScreens.inviteOperator({
      email: supportEmail,
      name: 'Agent Support',
      role: 'support',
    });
    expect(await sent.textContent()).toMatch(/^Invitation envoyée.*Un lien a été envoyé à support\./);
    await expect.poll(() => adminScreens.operatorRow(supportEmail).textContent()).toContain('Invité');
    expect(await adminScreens.operatorRow(supportEmail).textContent()).toContain('Renvoyer l’invitation');
    await shoot(admin.page, 'operator-invited');
    await expectAccessible(admin.page, 'back office, operator invited');

    // A reload keeps the view (it is in the URL).
    await admin.page.reload();
    await admin.page.getByRole('heading', { level: 1, name: 'Opérateurs' }).waitFor();
    await shoot(admin.page, 'operators');
    await expectAccessible(admin.page, 'back office, operators');
  });

  it('the invited operator follows the mailed link: chooses a password, enrols TOTP; the link then serves no more', async () => {
    // The invitation, as the sandbox mailbox shows it.
    const mailbox = `/dev/mailbox?to=${encodeURIComponent(supportEmail)}`;
    await support.page.goto(new URL(mailbox, server.url).toString());
    const mail = support.page
      .getByRole('article')
      .filter({ hasText: 'Invitation à l’espace d’administration' });
    const href = await mail.getByRole('link', { name: 'Ouvrir le lien' }).getAttribute('href');
    const link = new URL(href!);
    const enrolmentUrl = new URL(`${link.pathname}${link.search}`, server.url).toString();
    await support.page.goto(enrolmentUrl);
    await supportScreens.enrolment.getByTestId('bo-enrolment-secret').waitFor();
    await expect
      .poll(() => supportScreens.enrolment.locator('svg title').textContent())
      .toBe('Code QR de votre secret TOTP');
    await shoot(support.page, 'enrolment');
    await expectAccessible(support.page, 'back office, enrolment at 360 px');
    supportPassword = 'Guichet-Sécurisé-2024';
    supportSecret = await supportScreens.enrol(supportPassword, (secret) => freshTotpCode(secret));
    expect(supportSecret).toMatch(/^[A-Z2-7]{32}$/);
    await shoot(support.page, 'enrolment-done');

    // Used once: opening it again says so, in French.
    await support.page.goto(enrolmentUrl);
    await expect
      .poll(() => supportScreens.enrolment.getByRole('alert').textContent())
      .toContain('Ce lien a déjà servi');
    await shoot(support.page, 'enrolment-used');
    await expectAccessible(support.page, 'back office, enrolment link used');

    await adminScreens.goTo('Utilisateurs');
    await adminScreens.goTo('Opérateurs');
    await expect.poll(() => adminScreens.operatorRow(supportEmail).textContent()).toContain('Actif');
    expect(await admin.page.content()).not.toContain(supportSecret);
  });

  it('the support operator signs in with TOTP and sees neither « Opérateurs » nor review actions', async () => {
    await support.login(supportEmail, supportPassword, () => freshTotpCode(supportSecret));
    await supportScreens.nav.waitFor();
    await expect.poll(() => supportScreens.navEntry('Messages de contact').count()).toBe(1);
    for (const hidden of [
      'Opérateurs',
      'Journal d’audit',
      'Outils sandbox',
      'Boutique de test',
      'Contestations de prélèvements',
      'Criblage',
      'Surveillance',
    ]) {
      expect(await supportScreens.navEntry(hidden).count()).toBe(0);
    }
    await shoot(support.page, 'support-customers');
    await expectAccessible(support.page, 'back office, support at 360 px');

    // A customer's file opens read-only: no documents, no decision, no edit form.
    await support.manage(server.demoCustomer.email);
    await support.identity('email').waitFor();
    expect(await support.panel.getByRole('button', { name: 'Approuver', exact: true }).count()).toBe(0);
    expect(await support.panel.getByTestId('bo-documents').count()).toBe(0);
    expect(await support.panel.getByTestId('bo-edit').count()).toBe(0);
    await shoot(support.page, 'support-panel');
    await support.panel
      .getByRole('button', { name: /Fermer/ })
      .first()
      .click();
    await support.panel.waitFor({ state: 'hidden' });

    // The server decides anyway: the operators list answers 403 to support.
    const status = await support.page.evaluate(async () => (await fetch('/api/backoffice/operators')).status);
    expect(status).toBe(403);
  });

  it('deactivating the support operator ends their session at once', async () => {
    await adminScreens.operatorRow(supportEmail).getByRole('button', { name: 'Désactiver' }).click();
    await adminScreens.confirm();
    await expect.poll(() => adminScreens.operatorRow(supportEmail).textContent()).toContain('Désactivé');

    // The support operator's next call finds no session: back to the login.
    await supportScreens.navEntry('Messages de contact').click();
    await support.loginHeading.waitFor();
    const status = await support.page.evaluate(async () => (await fetch('/api/backoffice/auth/me')).status);
    expect(status).toBe(401);
  });

  it('the audit-log viewer filters by action and « Vérifier la chaîne » finds it intact', async () => {
    await adminScreens.goTo('Journal d’audit');
    await expect.poll(() => adminScreens.auditRows.count()).toBeGreaterThan(0);
    await adminScreens.filterAudit('Action', 'operator.deactivated');
    await expect.poll(() => adminScreens.auditRows.count()).toBe(1);
    expect(await adminScreens.auditRows.first().textContent()).toContain(
      supportEmail.length > 0 ? 'operator.deactivated' : '',
    );
    // Today in the browser's time zone (Europe/Paris): the date field is the operator's own day.
    const today = await admin.page.evaluate(() => new Date().toLocaleDateString('sv'));
    await adminScreens.filterAudit('Du', today);
    await expect.poll(() => adminScreens.auditRows.count()).toBe(1);

    await admin.page.getByRole('button', { name: 'Vérifier la chaîne' }).click();
    await expect.poll(() => adminScreens.chainResult.textContent()).toMatch(/^Chaîne intacte/);
    await shoot(admin.page, 'audit-log');
    await expectAccessible(admin.page, 'back office, audit log');
  });

  it('the contact inbox marks a message handled', async () => {
    const { id } = await insertContactMessage(server.server.ctx.db, {
      name: 'Camille Martin',
      company: 'Boulangerie Martin',
      email: 'camille.martin@exemple.test',
      message: 'Bonjour, je souhaite ouvrir un compte professionnel.\nMerci de me rappeler.',
      receivedAt: new Date(),
    });
    await adminScreens.goTo('Messages de contact');
    const card = adminScreens.contactMessage(String(id));
    await card.getByText('Camille Martin · Boulangerie Martin').click();
    await card.getByRole('button', { name: 'Marquer comme traité' }).waitFor();
    await shoot(admin.page, 'contact-inbox');
    await expectAccessible(admin.page, 'back office, contact inbox');
    await card.getByRole('button', { name: 'Marquer comme traité' }).click();
    await card.waitFor({ state: 'detached' });
    await admin.page.getByText('Traités', { exact: true }).click();
    await expect.poll(() => adminScreens.contactMessage(String(id)).textContent()).toContain('Traité');

    await admin.page.setViewportSize({ width: 360, height: 740 });
    await shoot(admin.page, 'contact-inbox-handled');
    await admin.page.setViewportSize({ width: 1280, height: 800 });
  });
});
