import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { DirectDebitClaim } from '@comptoir/contracts';
import { addDays, businessDayOnOrAfter, parisDate } from '@comptoir/core';
import { makeCustomer, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { createOperator } from '../apps/server/src/modules/operators/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficeAdminPages } from './pages/backoffice-admin-pages.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';
import { DirectDebitPages } from './pages/direct-debit-pages.ts';
import { operatorApi } from './pages/operator-api.ts';
import { apiPost, expectAccessible } from './pages/page-checks.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { freshTotpCode } from './pages/totp.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot, shootBoth } = screenshots('backoffice-direct-debits');
const plain = (text: string | null) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('Direct debits in the back office (docs/direct-debits.md#back-office)', () => {
  let server: TestServer;
  let operatorBrowser: Browser;
  let customerBrowser: Browser;
  let customer: TestCustomer;
  let iban: string;
  let bo: BackOfficePages;
  let screens: BackOfficeAdminPages;
  let dd: DirectDebitPages;
  let app: ComptoirApp;
  const compliance = {
    email: 'prelevements@e2e.test',
    password: 'Guichet-Sécurisé-2024',
    totpSecret: '',
  };

  beforeAll(async () => {
    [server, operatorBrowser, customerBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(DESKTOP),
      launchBrowser(PHONE),
    ]);
    const ctx = server.server.ctx;
    customer = await makeCustomer(ctx, { firstName: 'Louise', lastName: 'Girard' });
    const created = await createOperator(ctx, {
      ...compliance,
      role: 'compliance',
      name: 'Claire Conformité',
    });
    compliance.totpSecret = created.totpSecret;
    const accounts = await ctx.db.query<{ iban: string }>(
      `select iban from ledger_accounts where customer_id = $1 and kind = 'customer_main'`,
      [customer.id],
    );
    iban = accounts.rows[0]!.iban;
    // Money on the account, so the collection is booked rather than returned AM04.
    await (
      await operatorApi(server.url, server.demoOperator)
    ).creditIncomingTransfer({
      iban,
      amount: 50_000,
      debtorName: 'Employeur SA',
    });
    const operatorPage = operatorBrowser.context.pages()[0] ?? (await operatorBrowser.context.newPage());
    bo = new BackOfficePages(operatorPage, server.url);
    screens = new BackOfficeAdminPages(operatorPage);
    dd = new DirectDebitPages(operatorPage);
    app = new ComptoirApp(
      customerBrowser.context.pages()[0] ?? (await customerBrowser.context.newPage()),
      server.url,
    );
  }, 300_000);

  beforeEach(() => {
    onTestFailed(async () => {
      await shoot(bo.page, 'failed-operator').catch(() => undefined);
      await shoot(app.page, 'failed-customer').catch(() => undefined);
    });
  });

  afterAll(async () => {
    await operatorBrowser?.close();
    await customerBrowser?.close();
    await server?.stop();
  });

  it('an operator announces and presents a collection, the customer contests it, compliance accepts, the customer sees the credit', async () => {
    const today = parisDate(new Date());
    const dueDate = businessDayOnOrAfter(addDays(today, 1));

    // The demo admin announces a collection through « Outils sandbox »: a bad Creditor Identifier
    // first, refused by the server under its field in French.
    const admin = server.demoOperator;
    await bo.login(admin.email, admin.password, () => freshTotpCode(admin.totpSecret));
    await screens.goTo('Outils sandbox');
    await dd.announceForm.scrollIntoViewIfNeeded();
    await dd.announce({
      iban,
      creditorId: 'FR00ZZZ123456',
      creditorName: 'Energie Verte',
      mandateId: 'RUM-2026-0042',
      mandateSignedOn: '2026-01-15',
      sequence: 'FRST : premier prélèvement d’un mandat',
      amount: '89,40',
      dueDate,
      remittanceInfo: 'Facture 2026-11',
    });
    await expect
      .poll(() => dd.fieldDescription('Identifiant créancier (ICS)'))
      .toContain('Identifiant créancier SEPA (ICS) invalide.');
    expect(await dd.field('Identifiant créancier (ICS)').getAttribute('aria-invalid')).toBe('true');
    await dd.announceForm.scrollIntoViewIfNeeded();
    await shootBoth(bo.page, 'sandbox-field-error');

    await dd.field('Identifiant créancier (ICS)').fill('FR72ZZZ123456');
    await dd.submitAnnouncement();
    const announced = dd.announced('announced');
    await announced.waitFor();
    expect(plain(await announced.textContent())).toContain('89,40 € au profit d’Energie Verte');
    const collectionId = (await announced.getAttribute('data-collection')) ?? '';
    expect(collectionId).not.toBe('');
    await announced.scrollIntoViewIfNeeded();
    await shootBoth(bo.page, 'sandbox-announced');
    await expectAccessible(bo.page, 'sandbox direct debits', '[data-testid="bo-sandbox-direct-debits"]');

    await announced.getByRole('button', { name: 'Présenter maintenant' }).click();
    const booked = dd.announced('booked');
    await booked.waitFor();
    expect(await booked.textContent()).toMatch(/Débité \(opération st-\d+\)/);
    await booked.scrollIntoViewIfNeeded();
    await shoot(bo.page, 'sandbox-presented', { fullPage: false });

    // The customer contests it through the API, with their session and the anti-CSRF header.
    await app.login(customer.email, customer.password);
    await app.expectDashboard();
    const reason = 'Je n’ai jamais signé de mandat avec Energie Verte.';
    const claim = await apiPost<DirectDebitClaim>(
      app.page,
      `/api/direct-debits/collections/${collectionId}/claims`,
      {
        reason,
      },
    );
    expect(claim.status).toBe('pending');

    // A compliance operator decides in the queue.
    await bo.page.getByRole('button', { name: 'Déconnexion' }).click();
    await bo.login(compliance.email, compliance.password, () => freshTotpCode(compliance.totpSecret));
    await screens.goTo('Contestations de prélèvements');
    expect(bo.page.url()).toContain('vue=contestations');
    const pending = dd.claim('pending');
    await pending.waitFor();
    const card = plain(await pending.textContent());
    expect(card).toContain('Energie Verte · 89,40 €');
    expect(card).toContain('Louise Girard');
    expect(await pending.getByTestId('bo-claim-reason').textContent()).toBe(reason);
    await shootBoth(bo.page, 'claims-pending');
    await expectAccessible(bo.page, 'claims queue');

    await pending.getByRole('button', { name: 'Accepter' }).click();
    const dialog = dd.decisionDialog('Accepter la contestation');
    await dialog.waitFor();
    expect(plain(await dialog.textContent())).toContain(
      '89,40 € seront recrédités sur le compte de Louise Girard',
    );
    // The note is required: the contract's own words.
    await dialog.getByRole('button', { name: 'Accepter et recréditer' }).click();
    await dialog.getByText('Indiquez le motif de la décision, que le client lira.').waitFor();
    await shootBoth(bo.page, 'claim-accept-dialog');
    await expectAccessible(bo.page, 'claim decision dialog', '[role=dialog]');
    await dialog
      .getByLabel('Motif, que le client lira')
      .fill('Aucun mandat signé n’a été présenté par le créancier.');
    await dialog.getByRole('button', { name: 'Accepter et recréditer' }).click();
    await bo.toast('Contestation acceptée : le montant est recrédité.').waitFor();
    await bo.page.getByTestId('bo-claims-empty').waitFor();

    await dd.filterClaims('Acceptées');
    const accepted = dd.claim('accepted');
    await accepted.waitFor();
    expect(await accepted.getByTestId('bo-claim-decision').textContent()).toContain(
      'Aucun mandat signé n’a été présenté par le créancier.',
    );
    expect(await accepted.getByTestId('bo-claim-decision').textContent()).toContain(compliance.email);
    await shootBoth(bo.page, 'claims-accepted');

    // The customer's file: the mandate, the collection refunded after the accepted claim, the rules.
    await accepted.getByRole('button', { name: 'Ouvrir le dossier de Louise Girard' }).click();
    await bo.panel.waitFor();
    const section = dd.section(bo.panel);
    const collection = section.locator('[data-testid="bo-direct-debit-collection"][data-status="booked"]');
    await collection.waitFor();
    expect(plain(await collection.textContent())).toContain('89,40 €');
    expect(await collection.getByTestId('bo-direct-debit-refund').textContent()).toMatch(
      /^Remboursé le .+ · Contestation acceptée$/,
    );
    const mandate = section.locator('[data-testid="bo-direct-debit-mandate"]');
    expect(await mandate.textContent()).toContain('RUM-2026-0042');
    expect(await mandate.textContent()).toContain('FR72ZZZ123456');
    expect(await section.getByTestId('bo-direct-debit-rules').textContent()).toContain(
      'Le client accepte les prélèvements.',
    );
    await section.scrollIntoViewIfNeeded();
    await shoot(bo.page, 'customer-direct-debits', { part: section });
    await bo.page.setViewportSize(PHONE);
    await shoot(bo.page, 'customer-direct-debits', { part: section });
    await bo.page.setViewportSize(DESKTOP);
    await expectAccessible(bo.page, 'customer direct debits', '[data-testid="bo-direct-debits"]');

    // The customer's operations show the debit and its credit back.
    await app.page.reload();
    await app.expectDashboard();
    const creditBack = app.operations.filter({ hasText: 'Energie Verte' }).filter({
      has: app.page.getByTestId('operation-amount').filter({ hasText: /\+\s*89,40/ }),
    });
    await creditBack.waitFor();
    await expect.poll(() => app.operations.filter({ hasText: 'Energie Verte' }).count()).toBe(2);
    await shootBoth(app.page, 'customer-operations');
  }, 300_000);
});
