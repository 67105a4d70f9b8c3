import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  Account,
  FraudReport,
  IncomingTransferResponse,
  TotpEnrolment,
  Transfer,
} from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { makeCustomer, signIn, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { MUTATION } from '../apps/server/src/testing/test-basics.ts';
import { createOperator } from '../apps/server/src/modules/operators/index.ts';
import {
  payee,
  sendTransfer,
  transferToken,
} from '../apps/server/src/modules/transfers/__tests__/testing.ts';
import { customerAccounts, verifyLedger } from '../apps/server/src/ledger/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficeAdminPages } from './pages/backoffice-admin-pages.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { CustomerTotp } from './pages/customer-totp.ts';
import { labelled } from './pages/onboarding-pages.ts';
import { OperationsScreen } from './pages/operations-page.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { testPdf } from './pages/test-files.ts';
import { freshTotpCode } from './pages/totp.ts';
import { VirementsScreen } from './pages/virements-page.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Pictures to look at: the report, the queue, the decision and the warning, at 360 and 1280 px. */
const { folder, shootBoth } = screenshots('fraud-reports');

const FUNDING = 300_000;
const SENT = 120_000;
const MULE = { firstName: 'Marc', lastName: 'Mule' };
const MULE_NAME = `${MULE.firstName} ${MULE.lastName}`;
const VICTIM_NAME = 'Hélène Victime';

const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
/** « 1 200,00 € » as written with ordinary spaces (the formatter's are narrow no-break ones). */
const euros = (amount: number): string =>
  oneLine(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount / 100));

describe('Fraud reports (docs/fraud-reports.md): reported by customers, decided by compliance, refunded, the payee flagged', () => {
  let server: TestServer;
  let complianceBrowser: Browser;
  let victimBrowser: Browser;
  let thirdBrowser: Browser;
  let bo: Page;
  let victimApp: OperationsScreen;
  let victim: TestCustomer;
  let second: TestCustomer;
  let third: TestCustomer;
  let muleIban: string;
  let victimTransfer: Transfer;
  let secondTransfer: Transfer;
  let operator: { email: string; password: string; totpSecret: string };

  beforeAll(async () => {
    [server, complianceBrowser, victimBrowser, thirdBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(DESKTOP),
      launchBrowser(PHONE),
      launchBrowser(PHONE),
    ]);
    const { ctx, app: fastify } = server.server;
    const password = 'Guichet-Sécurisé-2024';
    const created = await createOperator(ctx, {
      email: `conformite.${Date.now()}@exemple.test`,
      password,
      role: 'compliance',
      name: 'Claire Conformité',
    });
    operator = { email: created.operator.email, password, totpSecret: created.totpSecret };

    const mainIban = async (customer: TestCustomer) => {
      const account = (await customerAccounts(ctx.db, customer.id)).find((a) => a.kind === 'customer_main');
      if (!account?.iban) throw new Error('no main account');
      return { id: String(account.id), iban: account.iban };
    };
    const mule = await makeCustomer(ctx, MULE);
    muleIban = (await mainIban(mule)).iban;
    victim = await makeCustomer(ctx, { firstName: 'Hélène', lastName: 'Victime' });
    second = await makeCustomer(ctx, { firstName: 'Paul', lastName: 'Dupé' });
    third = await makeCustomer(ctx, { firstName: 'Zoé', lastName: 'Prudente' });

    // Each victim is paid through the sandbox rail, then pays the mule, another Comptoir customer,
    // by instant transfer with strong authentication.
    const demoApi = await operatorApi(server.url, server.demoOperator);
    const payMule = async (customer: TestCustomer): Promise<Transfer> => {
      const account = await mainIban(customer);
      const credit = await demoApi.post<IncomingTransferResponse>('/api/sandbox/incoming-transfers', {
        iban: account.iban,
        amount: FUNDING,
        debtorName: 'Employeur SA',
        debtorIban: 'DE89370400440532013000',
        reference: 'Salaire',
      });
      expect(credit.status).toBe(201);
      const to = await payee(ctx, customer.id, { name: MULE_NAME, iban: muleIban });
      const sent = await sendTransfer(
        fastify,
        await signIn(fastify, customer),
        {
          accountId: account.id,
          beneficiaryId: to.id,
          amount: SENT,
          type: 'instant',
          reference: 'Securisation',
        },
        { sca: await transferToken(ctx, customer.id, SENT, to) },
      );
      expect(sent.statusCode, sent.body).toBe(201);
      const transfer = sent.json<Transfer>();
      expect(transfer.status).toBe('executed');
      return transfer;
    };
    victimTransfer = await payMule(victim);
    secondTransfer = await payMule(second);

    const pageOf = async (b: Browser) => b.context.pages()[0] ?? (await b.context.newPage());
    bo = await pageOf(complianceBrowser);
    victimApp = new OperationsScreen(await pageOf(victimBrowser), server.url);
  }, 120_000);

  afterAll(async () => {
    await complianceBrowser?.close();
    await victimBrowser?.close();
    await thirdBrowser?.close();
    await server?.stop();
  });

  const onFailure = (page: Page, name: string) =>
    onTestFailed(async () => {
      await page
        .screenshot({ path: join(folder, `failure-${name}.png`), fullPage: true })
        .catch(() => undefined);
    });
  const toast = (page: Page, text: string) =>
    page.locator('.mantine-Notification-root').filter({ hasText: text }).last();
  const card = (number: string) => bo.locator(`[data-testid="bo-fraud-report"][data-number="${number}"]`);
  const mainBalance = async () =>
    (await victimApp.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main')?.availableBalance;

  it('the customer (360 px) reports her transfer from « Mes opérations », with the police report as a PDF', async () => {
    const page = victimApp.page;
    onFailure(page, 'report');
    await victimApp.login(victim.email, victim.password);
    await victimApp.expectDashboard();
    expect(await mainBalance()).toBe(FUNDING - SENT);
    await page.locator(`[data-testid="operation-open"][data-number="${victimTransfer.number}"]`).click();
    await victimApp.detail.waitFor();
    await victimApp.detail.getByRole('button', { name: 'Signaler une fraude' }).click();

    const dialog = page.getByRole('dialog', { name: 'Signaler une fraude' });
    await dialog.waitFor();
    expect(oneLine(await dialog.textContent())).toContain(
      `Virement de ${euros(SENT)} à ${MULE_NAME} (n° ${victimTransfer.number})`,
    );
    // Nothing is sent until the form is complete: it says what is missing.
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await dialog.getByText('Décrivez ce qui s’est passé (20 caractères au moins).').waitFor();
    await dialog.getByText('Répondez à cette question.').waitFor();
    await dialog.getByText('Indiquez le numéro du dépôt de plainte.').waitFor();

    await labelled(dialog, 'Que s’est-il passé ?').fill(
      'Un faux conseiller de la banque m’a appelée et m’a fait virer mon épargne sur un « compte sécurisé ».',
    );
    await dialog.getByRole('radio', { name: 'Oui' }).check();
    await labelled(dialog, 'Numéro du dépôt de plainte').fill('PV 2025/00421');
    const pdf = testPdf('plainte.pdf');
    await dialog.locator('input[type=file]').setInputFiles(pdf);
    await shootBoth(page, 'customer-report-form');
    await expectAccessible(page, 'Signaler une fraude, the form');
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await toast(page, 'Signalement envoyé : nous l’examinons et vous tiendrons informé.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const status = victimApp.detail.getByTestId('fraud-report-status');
    await status.waitFor();
    expect(oneLine(await status.textContent())).toBe('Signalement de fraudeSignalement en cours d’examen');
    expect(await victimApp.detail.getByRole('button', { name: 'Signaler une fraude' }).count()).toBe(0);
    await shootBoth(page, 'customer-report-submitted');
    await expectAccessible(page, 'Operation detail, report submitted');
  });

  it('compliance (1280 px) finds it in « Fraudes signalées », opens the PDF and accepts it: the customer is refunded', async () => {
    onFailure(bo, 'accept');
    await new BackOfficePages(bo, server.url).login(operator.email, operator.password, () =>
      freshTotpCode(operator.totpSecret),
    );
    await new BackOfficeAdminPages(bo).navEntry('Fraudes').click();
    await bo.getByRole('heading', { level: 1, name: 'Fraudes signalées' }).waitFor();
    const report = card(victimTransfer.number);
    await report.waitFor();
    expect(await report.getAttribute('data-status')).toBe('submitted');
    expect(oneLine(await report.getByRole('heading', { level: 2 }).textContent())).toBe(VICTIM_NAME);
    await report.getByRole('heading', { level: 2 }).getByRole('link').waitFor();
    expect(oneLine(await report.getByTestId('bo-fraud-report-amount').textContent())).toBe(euros(SENT));
    expect(oneLine(await report.getByTestId('bo-fraud-report-payee').textContent())).toBe(
      `Bénéficiaire${MULE_NAME}${formatIban(muleIban)}`,
    );
    expect(oneLine(await report.getByTestId('bo-fraud-report-kind').textContent())).toBe(
      'NatureQuelqu’un s’est fait passer pour la banque',
    );
    expect(oneLine(await report.getByTestId('bo-fraud-report-police').textContent())).toContain(
      'n° PV 2025/00421',
    );
    expect(await report.getByTestId('bo-fraud-report-flagged').count()).toBe(0);

    // The police report: downloaded through the API (audited), a PDF.
    const [download] = await Promise.all([
      bo.waitForEvent('download'),
      report.getByRole('link', { name: 'Ouvrir le dépôt de plainte' }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shootBoth(bo, 'queue-submitted');
    await expectAccessible(bo, 'Fraudes signalées, one report to decide');

    // The note is required; accepting an impersonation claim says the whole amount is refunded.
    await report.getByRole('button', { name: 'Accepter' }).click();
    const dialog = bo.getByRole('dialog', { name: 'Accepter le signalement' });
    await dialog.waitFor();
    expect(oneLine(await dialog.textContent())).toContain(
      `Le montant total du virement, ${euros(SENT)}, sera remboursé à ${VICTIM_NAME}`,
    );
    const submit = dialog.getByRole('button', { name: 'Accepter et rembourser' });
    await submit.click();
    await dialog.getByText('La note est obligatoire.').waitFor();
    await labelled(dialog, 'Note').fill('Appel d’un faux conseiller confirmé par la plainte.');
    await shootBoth(bo, 'accept-dialog');
    await submit.click();
    await toast(bo, `Signalement accepté : ${euros(SENT)} remboursés au client.`).waitFor();
    await report.waitFor({ state: 'detached' });

    await bo
      .getByRole('radiogroup', { name: 'Signalements à afficher' })
      .getByText('Traitées', { exact: true })
      .click();
    const decided = card(victimTransfer.number);
    await decided.waitFor();
    expect(await decided.getAttribute('data-status')).toBe('accepted');
    expect(oneLine(await decided.getByTestId('bo-fraud-report-decision').textContent())).toMatch(
      /^Acceptée le .* par Claire Conformité ?Note : Appel d’un faux conseiller confirmé par la plainte\. ?Remboursement n° \S+$/,
    );
    await shootBoth(bo, 'queue-decided');
    await expectAccessible(bo, 'Fraudes signalées, decided');

    // The customer, live: the detail reads the refund, her balance is whole again.
    const page = victimApp.page;
    onFailure(page, 'refunded');
    const status = victimApp.detail.getByTestId('fraud-report-status');
    await expect
      .poll(async () => oneLine(await status.textContent()), { timeout: 15_000 })
      .toMatch(/^Signalement de fraudeFraude acceptée : remboursé \(n° \S+\)$/);
    const mine = await victimApp.apiGet<{ items: FraudReport[] }>('/api/fraud-reports');
    expect(mine.items[0]?.refundNumber).toBeTruthy();
    await page.keyboard.press('Escape');
    await victimApp.detail.waitFor({ state: 'hidden' });
    const refund = page.locator(
      `[data-testid="operation-open"][data-number="${mine.items[0]?.refundNumber}"]`,
    );
    await refund.waitFor({ timeout: 15_000 });
    expect(oneLine(await refund.textContent())).toContain(euros(SENT));
    await expect.poll(mainBalance, { timeout: 15_000 }).toBe(FUNDING);
    await expect
      .poll(async () => oneLine(await victimApp.balanceCard.textContent()), { timeout: 15_000 })
      .toContain(euros(FUNDING));
    await shootBoth(page, 'customer-refunded');
  });

  it('a second customer reports the same mule: compliance sees the IBAN flagged, exports it; a third customer (360 px) is warned and confirms', async () => {
    const { app: fastify } = server.server;
    const reported = await fastify.inject({
      method: 'POST',
      url: '/api/fraud-reports',
      headers: { ...MUTATION, cookie: await signIn(fastify, second) },
      payload: {
        transferId: secondTransfer.id,
        kind: 'other',
        description: 'Un vendeur en ligne a encaissé le paiement sans jamais livrer.',
        policeReportNumber: 'PV 2025/00588',
      },
    });
    expect(reported.statusCode, reported.body).toBe(201);

    onFailure(bo, 'flagged');
    await bo
      .getByRole('radiogroup', { name: 'Signalements à afficher' })
      .getByText('À traiter', { exact: true })
      .click();
    const report = card(secondTransfer.number);
    await report.waitFor();
    expect(oneLine(await report.getByTestId('bo-fraud-report-flagged').textContent())).toBe(
      'IBAN signalé par 2 clients',
    );
    expect(oneLine(await report.getByTestId('bo-fraud-report-police').textContent())).toContain(
      'Aucun fichier joint',
    );
    await shootBoth(bo, 'queue-flagged');
    await expectAccessible(bo, 'Fraudes signalées, a flagged IBAN');
    const [csv] = await Promise.all([
      bo.waitForEvent('download'),
      bo.getByRole('link', { name: 'Exporter les IBAN signalés (CSV)' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^iban-signales-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readFileSync(await csv.path(), 'utf8')).toContain(muleIban);

    // A third customer adding the mule's IBAN is warned, and saves only once she confirms.
    const page = thirdBrowser.context.pages()[0] ?? (await thirdBrowser.context.newPage());
    onFailure(page, 'warning');
    const screen = new VirementsScreen(page, server.url);
    await screen.login(third.email, third.password);
    await screen.waitForPath('/');
    const enrolment = await screen.apiPost<TotpEnrolment>('/api/sca/totp/enroll', {});
    const codes = new CustomerTotp(enrolment.secret);
    await screen.apiPost('/api/sca/totp/confirm', { code: await codes.next() });
    await screen.openVirements();
    await screen.openAddDialog();
    await screen.fillPayee({ label: 'Marc', name: MULE_NAME, iban: muleIban });
    await screen.verify();
    const warning = screen.addDialog.getByTestId('payee-fraud-warning');
    await warning.waitFor();
    expect(await screen.saveButton.isDisabled()).toBe(true);
    await shootBoth(page, 'payee-warning');
    await warning.getByRole('checkbox').check();
    expect(await screen.saveButton.isEnabled()).toBe(true);
    await screen.saveWithCode(await codes.next());
    await screen.toast('Bénéficiaire ajouté avec succès').waitFor();
  });

  it('leaves the ledger balanced', async () => {
    expect(await verifyLedger(server.server.ctx.db)).toEqual([]);
  });
});
