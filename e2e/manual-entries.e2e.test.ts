import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import type { ManualEntry } from '@comptoir/contracts';
import { makeCustomer, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { createOperator } from '../apps/server/src/modules/operators/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficeAdminPages } from './pages/backoffice-admin-pages.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';
import { ManualEntryPanel } from './pages/manual-entry-pages.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { freshTotpCode } from './pages/totp.ts';
import { labelled } from './pages/onboarding-pages.ts';
import { screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Screenshots to look at: the back office at 1280 px, the customer at 360 px. */
const { folder, shoot } = screenshots('manual-entries');

/** A POST from inside the page (the operator's cookies and the anti-CSRF header): status and body. */
const inPagePost = (page: Page, path: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'comptoir' },
      body: '{}',
    });
    return { status: response.status, body: (await response.json()) as { detail?: string } };
  }, path);

describe('Manual entries with four eyes, and closing a customer (docs/product/back-office.md#customers)', () => {
  let server: TestServer;
  let browser: Browser;
  let customer: TestCustomer;
  let applicant: TestCustomer;
  let compliance: { email: string; password: string; totpSecret: string };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser({ width: 1280, height: 900 })]);
    const ctx = server.server.ctx;
    customer = await makeCustomer(ctx, { firstName: 'Louise', lastName: 'Michel' });
    applicant = await makeCustomer(ctx, { status: 'pending_review', firstName: 'Jean', lastName: 'Valjean' });
    const password = 'Guichet-Sécurisé-2024';
    const created = await createOperator(ctx, {
      email: `conformite.${Date.now()}@exemple.test`,
      password,
      role: 'compliance',
      name: 'Claire Conformité',
    });
    compliance = { email: created.operator.email, password, totpSecret: created.totpSecret };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an entry above the threshold waits, its maker cannot approve it, another operator does; the customer sees « Régularisation »; the account is closed; an applicant is erased', async () => {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    onTestFailed(async () => {
      await page.screenshot({ path: join(folder, 'failure.png'), fullPage: true }).catch(() => undefined);
    });

    // A compliance operator (the maker) works through the API; the demo admin in the browser.
    const api = await operatorApi(server.url, compliance);
    const made = await api.post<ManualEntry>(`/api/backoffice/customers/${customer.id}/manual-entries`, {
      amount: 60_000,
      direction: 'credit',
      reason: 'Geste commercial incident carte',
      glAccount: 'gl:adjustments',
    });
    expect(made.status).toBe(201);
    expect(made.body.status).toBe('pending');
    // The maker cannot approve their own entry.
    const own = await api.post<{ detail: string }>(`/api/backoffice/manual-entries/${made.body.id}/approve`);
    expect(own).toEqual({
      status: 403,
      body: expect.objectContaining({ detail: 'Vous ne pouvez pas approuver votre propre écriture.' }),
    });

    const bo = new BackOfficePages(page, server.url);
    const panel = new ManualEntryPanel(bo);
    const admin = server.demoOperator;
    await bo.login(admin.email, admin.password, () => freshTotpCode(admin.totpSecret));
    await bo.manage(customer.email);
    const pending = panel.entry('Geste commercial incident carte');
    await pending.waitFor();
    expect(await pending.getAttribute('data-status')).toBe('pending');
    // The panel says why it waits.
    expect(await pending.getByTestId('bo-manual-entry-approval-reason').textContent()).toMatch(
      /^Soumise à approbation : le montant dépasse 500,00\s€\.$/,
    );
    await shoot(page, 'pending-for-checker', { part: panel.section });
    await expectAccessible(page, 'manual entries', '[data-testid="bo-manual-entries"]');

    // A second, different operator approves: the entry is posted.
    await pending.getByRole('button', { name: 'Approuver' }).click();
    await bo.toast('Écriture approuvée et passée.').waitFor();
    await panel.section.locator('[data-testid="bo-manual-entry"][data-status="posted"]').waitFor();

    // Below the threshold, an entry is posted at once (« Transaction ajoutée avec succès ! »); this
    // one is the checker's own, above it: it waits, and its maker is offered no approval.
    await panel.add({ amount: '600', direction: 'Débit', reason: 'Solde de clôture' });
    await bo.toast('Transaction enregistrée : elle attend l’approbation d’un second opérateur.').waitFor();
    const ownEntry = panel.entry('Solde de clôture');
    await ownEntry.getByTestId('bo-manual-entry-own').waitFor();
    expect(await ownEntry.getByRole('button', { name: 'Approuver' }).count()).toBe(0);
    const refused = await inPagePost(
      page,
      `/api/backoffice/manual-entries/${await entryId('Solde de clôture')}/approve`,
    );
    expect(refused.status).toBe(403);
    await panel.add({ amount: '12,34', direction: 'Crédit', reason: 'Remboursement de frais' });
    await bo.toast('Transaction ajoutée avec succès !').waitFor();
    await shoot(page, 'manual-entries', { part: panel.section });

    // The customer sees both credits as « Régularisation » with their reasons (360 px).
    const customerPage = await browser.context.newPage();
    await customerPage.setViewportSize({ width: 360, height: 740 });
    const app = new ComptoirApp(customerPage, server.url);
    await app.login(customer.email, customer.password);
    await app.expectDashboard();
    const adjustment = app.operations.filter({ hasText: 'Geste commercial incident carte' });
    await adjustment.waitFor();
    expect(await adjustment.textContent()).toContain('Régularisation');
    expect((await adjustment.getByTestId('operation-amount').textContent())?.replace(/\s+/g, ' ')).toContain(
      '600,00',
    );
    await shoot(customerPage, 'customer-regularisation');
    await customerPage.close();

    // Closing needs a zero balance: the compliance operator approves the closing debit, then the small credit is
    // taken back at once (below the threshold).
    expect(
      (await api.post(`/api/backoffice/manual-entries/${await entryId('Solde de clôture')}/approve`)).status,
    ).toBe(200);
    const takeBack = await api.post<ManualEntry>(`/api/backoffice/customers/${customer.id}/manual-entries`, {
      amount: 1_234,
      direction: 'debit',
      reason: 'Reprise avant clôture',
      glAccount: 'gl:adjustments',
    });
    expect(takeBack.body.status).toBe('posted');

    await bo.closePanel();
    await bo.manage(customer.email);
    await shoot(page, 'danger-zone', { part: panel.dangerZone });
    await expectAccessible(page, 'danger zone', '[data-testid="bo-danger-zone"]');
    await panel.prepareClosing(customer.email);
    await shoot(page, 'close-dialog', { part: panel.closeDialog });
    await panel.confirmClosing();
    await bo.toast('Compte clôturé').waitFor();
    await panel.dangerZone.waitFor({ state: 'detached' });
    await bo.panel.getByText('Clôturé', { exact: true }).first().waitFor();
    await shoot(page, 'closed', { part: panel.section });
    await bo.closePanel();

    // An applicant never approved, with no ledger history, is erased (admin), the e-mail named.
    await bo.manage(applicant.email);
    await panel.dangerZone.getByRole('button', { name: 'Supprimer l’utilisateur' }).click();
    const eraseDialog = bo.confirmDialog('Supprimer l’utilisateur');
    await eraseDialog.getByText(applicant.email).waitFor();
    await eraseDialog.getByLabel('Saisissez l’adresse e-mail du client pour confirmer').fill(applicant.email);
    await shoot(page, 'erase-dialog', { part: eraseDialog });
    await eraseDialog.getByRole('button', { name: 'Supprimer l’utilisateur' }).click();
    await bo.toast('Utilisateur supprimé avec succès').waitFor();
    await bo.panel.waitFor({ state: 'detached' });
    const gone = await server.server.ctx.db.query('select 1 from customers where id = $1', [applicant.id]);
    expect(gone.rows).toEqual([]);

    // Sandbox tools: an incoming SEPA transfer to the demo customer's IBAN, through the form.
    const demo = await server.server.ctx.db.query<{ iban: string }>(
      `select a.iban from ledger_accounts a join customers c on c.id = a.customer_id
        where lower(c.email) = lower($1) and a.kind = 'customer_main'`,
      [server.demoCustomer.email],
    );
    await new BackOfficeAdminPages(page).goTo('Outils sandbox');
    const tools = page.getByTestId('bo-incoming-transfer');
    await labelled(tools, 'IBAN du compte à créditer').fill(demo.rows[0]!.iban);
    await labelled(tools, 'Montant en €').fill('10,50');
    await labelled(tools, 'Nom du débiteur').fill('Ada Lovelace');
    await labelled(tools, 'IBAN du débiteur').fill('DE89370400440532013000');
    await labelled(tools, 'Motif').fill('Remboursement');
    await tools.getByRole('button', { name: 'Simuler le virement' }).click();
    await page
      .getByTestId('bo-incoming-transfer-outcome')
      .filter({ hasText: /^Virement crédité \(opération st-\d{8}\)$/ })
      .waitFor();
    await page.getByTestId('bo-sandbox-transfers').scrollIntoViewIfNeeded();
    await shoot(page, 'sandbox-transfers', { part: page.getByTestId('bo-sandbox-transfers') });
    await expectAccessible(page, 'sandbox transfer tools', '[data-testid="bo-sandbox-transfers"]');
    const status = await server.server.ctx.db.query<{ status: string }>(
      'select status from customers where id = $1',
      [customer.id],
    );
    expect(status.rows[0]?.status).toBe('closed');
  });

  /** The id of the customer's entry with this reason. */
  async function entryId(reason: string): Promise<string> {
    const { rows } = await server.server.ctx.db.query<{ id: string }>(
      'select id from manual_entries where customer_id = $1 and reason = $2',
      [customer.id, reason],
    );
    if (!rows[0]) throw new Error(`no entry « ${reason} »`);
    return rows[0].id;
  }
});
