import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { NotificationsPage } from '@comptoir/contracts';
import { makeCustomer, signIn, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { createOperator } from '../apps/server/src/modules/operators/index.ts';
import {
  payee,
  sendTransfer,
  transferToken,
} from '../apps/server/src/modules/transfers/__tests__/testing.ts';
import { customerAccounts } from '../apps/server/src/ledger/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { MonitoringPages } from './pages/monitoring-pages.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { freshTotpCode } from './pages/totp.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Pictures to look at: the case as found, then declared, at 360 and 1280 px. */
const { folder, shootBoth } = screenshots('transaction-monitoring');

const CUSTOMER_NAME = 'Bastien Passant';
const CREDIT = 200_000;
/** Two transfers out, 85 % of the credit: the second crosses the pass-through's 80 %. */
const SENT = [90_000, 80_000];
const NARRATIVE =
  'Les 2 000 € reçus d’une société inconnue repartent le jour même vers un compte à l’étranger.';

/** What the customer must never read: the monitoring, its case, its report. */
const TIP_OFF = /surveillance|soupçon|déclaration|signalement|compte de passage/i;

const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

describe('Transaction monitoring (docs/monitoring.md): a pass-through case, a report proposed by one operator and approved by another', () => {
  let server: TestServer;
  let complianceBrowser: Browser;
  let adminBrowser: Browser;
  let compliance: MonitoringPages;
  let admin: MonitoringPages;
  let customer: TestCustomer;
  let customerCookie: string;
  let complianceOperator: { email: string; password: string; totpSecret: string };

  beforeAll(async () => {
    [server, complianceBrowser, adminBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(DESKTOP),
      launchBrowser(PHONE),
    ]);
    const { ctx, app } = server.server;

    const password = 'Guichet-Sécurisé-2024';
    const created = await createOperator(ctx, {
      email: `conformite.${Date.now()}@exemple.test`,
      password,
      role: 'compliance',
      name: 'Claire Conformité',
    });
    complianceOperator = { email: created.operator.email, password, totpSecret: created.totpSecret };

    // Money in through the sandbox rail, like any incoming SEPA transfer…
    customer = await makeCustomer(ctx, { firstName: 'Bastien', lastName: 'Passant' });
    const account = (await customerAccounts(ctx.db, customer.id)).find((a) => a.kind === 'customer_main');
    if (!account?.iban) throw new Error('no main account');
    const demoApi = await operatorApi(server.url, server.demoOperator);
    await demoApi.creditIncomingTransfer({
      iban: account.iban,
      amount: CREDIT,
      debtorName: 'Société Écran SARL',
    });

    // …and most of it out again at once: instant transfers, each confirmed by strong authentication.
    const abroad = await payee(ctx, customer.id, {
      name: 'Erika Mustermann',
      iban: 'DE55370400440532014000',
    });
    customerCookie = await signIn(app, customer);
    for (const amount of SENT) {
      const sent = await sendTransfer(
        app,
        customerCookie,
        { accountId: String(account.id), beneficiaryId: abroad.id, amount, type: 'instant' },
        { sca: await transferToken(ctx, customer.id, amount, abroad) },
      );
      if (sent.statusCode !== 201) throw new Error(`transfer answered ${sent.statusCode}: ${sent.body}`);
    }

    const pageOf = async (b: Browser) => b.context.pages()[0] ?? (await b.context.newPage());
    compliance = new MonitoringPages(await pageOf(complianceBrowser));
    admin = new MonitoringPages(await pageOf(adminBrowser));
  }, 120_000);

  afterAll(async () => {
    await complianceBrowser?.close();
    await adminBrowser?.close();
    await server?.stop();
  });

  /** The customer's case, once the `transaction-monitoring` job has opened it. */
  async function caseStatus(): Promise<string | null> {
    const { rows } = await server.server.ctx.db.query<{ status: string; decision: string | null }>(
      'select status, decision from monitoring_cases where customer_id = $1',
      [customer.id],
    );
    return rows[0] ? [rows[0].status, rows[0].decision].filter(Boolean).join(':') : null;
  }

  it('compliance (1280 px) finds the pass-through case, reads its operations and proposes a report', async () => {
    const page = compliance.page;
    onTestFailed(async () => {
      await page
        .screenshot({ path: join(folder, 'failure-compliance.png'), fullPage: true })
        .catch(() => undefined);
    });
    await expect.poll(caseStatus, { timeout: 30_000 }).toBe('open');

    await new BackOfficePages(page, server.url).login(
      complianceOperator.email,
      complianceOperator.password,
      () => freshTotpCode(complianceOperator.totpSecret),
    );
    await compliance.open();
    const card = compliance.caseOf(CUSTOMER_NAME);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('open');
    expect(oneLine(await card.getByTestId('bo-monitoring-rules').textContent())).toBe('Compte de passage');
    expect(oneLine(await card.getByTestId('bo-monitoring-hit-count').textContent())).toBe('1 constat');

    const view = await compliance.examine(CUSTOMER_NAME);
    const hit = view.locator('[data-testid="bo-monitoring-hit"][data-rule="pass_through"]');
    await hit.getByRole('heading', { level: 4, name: 'Compte de passage' }).waitFor();
    expect(oneLine(await hit.getByTestId('bo-monitoring-hit-summary').textContent())).toBe(
      'Crédit de 2 000,00 € puis 1 700,00 € virés en moins de 24 h (85 %).',
    );
    // The credit, then the two transfers: signed cents, in euros with their sign.
    const rows = hit
      .getByRole('table', { name: 'Opérations du constat « Compte de passage »' })
      .getByTestId('bo-monitoring-operation');
    expect(await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-amount'))))).toEqual([
      CREDIT,
      ...SENT.map((amount) => -amount),
    ]);
    const cells = (await rows.nth(0).getByRole('cell').allTextContents()).map(oneLine);
    expect(cells[2]).toBe('+ 2 000,00 €');
    expect(cells[3]).toBe('Société Écran SARL');
    expect(oneLine(await rows.nth(1).textContent())).toContain('− 900,00 €');
    expect(oneLine(await rows.nth(1).textContent())).toContain('DE55 3704 0044 0532 0140 00');
    expect(oneLine(await view.getByTestId('bo-monitoring-customer').textContent())).toContain(CUSTOMER_NAME);

    await shootBoth(page, 'case-open');
    await expectAccessible(page, 'Surveillance, an open case');

    await compliance.proposeReport(NARRATIVE);
    await compliance.toast('Déclaration proposée : un autre opérateur doit l’approuver.').waitFor();
    await compliance.page
      .locator('[data-testid="bo-monitoring-case-view"][data-status="report_proposed"]')
      .waitFor();
    await view.getByTestId('bo-monitoring-own-proposal').waitFor();
    expect(await view.getByRole('button', { name: 'Approuver la déclaration' }).count()).toBe(0);
    expect(oneLine(await view.getByTestId('bo-monitoring-proposal').textContent())).toContain(
      `Exposé : ${oneLine(NARRATIVE)}`,
    );
    expect(await caseStatus()).toBe('report_proposed');
  });

  it('an admin (360 px) approves it: the case is declared, its PDF opens, and the customer is told nothing', async () => {
    const page = admin.page;
    onTestFailed(async () => {
      await page
        .screenshot({ path: join(folder, 'failure-admin.png'), fullPage: true })
        .catch(() => undefined);
    });
    const demo = server.demoOperator;
    await new BackOfficePages(page, server.url).login(demo.email, demo.password, () =>
      freshTotpCode(demo.totpSecret),
    );
    await admin.open();
    const card = admin.caseOf(CUSTOMER_NAME);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('report_proposed');
    const view = await admin.examine(CUSTOMER_NAME);
    // On a phone the operations are a stacked list, not a table.
    await view.getByRole('list', { name: 'Opérations du constat « Compte de passage »' }).waitFor();

    await admin.approveReport('Approuvée après lecture des opérations.');
    await admin.toast('Déclaration approuvée : le dossier est clos.').waitFor();
    await page.locator('[data-testid="bo-monitoring-case-view"][data-decision="report"]').waitFor();
    expect(await caseStatus()).toBe('closed:report');
    expect(oneLine(await view.getByTestId('bo-monitoring-decided').textContent())).toContain(
      'Déclaration approuvée le',
    );

    // The report's PDF, as the link downloads it with the operator's session.
    const pdfLink = view.getByRole('link', { name: 'Déclaration (PDF)' });
    const href = await pdfLink.getAttribute('href');
    const pdf = await page.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      const head = new Uint8Array(await response.arrayBuffer()).slice(0, 5);
      return {
        status: response.status,
        disposition: response.headers.get('content-disposition') ?? '',
        head: String.fromCharCode(...head),
      };
    }, href ?? '');
    expect(pdf).toMatchObject({ status: 200, head: '%PDF-' });
    expect(pdf.disposition).toMatch(/^attachment/);
    await view.getByRole('link', { name: 'Déclaration (JSON)' }).waitFor();

    await shootBoth(page, 'case-declared');
    await expectAccessible(page, 'Surveillance, a declared case');

    // The closed cases list it as declared.
    await view.getByRole('link', { name: 'Retour aux dossiers' }).click();
    await admin.show('Clos');
    const closed = admin.caseOf(CUSTOMER_NAME);
    await closed.waitFor();
    expect(oneLine(await closed.textContent())).toContain('Clos — déclaré');
    await shootBoth(page, 'closed-list');

    // The customer is never told: nothing in their notifications nor their mail.
    const notifications = await server.server.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: customerCookie },
    });
    expect(notifications.statusCode).toBe(200);
    const kinds = (notifications.json<NotificationsPage>().items ?? []).map((n) => n.kind);
    expect(kinds).toContain('credit');
    expect(notifications.body).not.toMatch(TIP_OFF);
    const mails = await server.server.ctx.db.query<{ subject: string; text_body: string }>(
      'select subject, text_body from mail_outbox where lower(to_address) = lower($1)',
      [customer.email],
    );
    expect(mails.rows.map((m) => `${m.subject} ${m.text_body}`).join(' ')).not.toMatch(TIP_OFF);
  });
});
