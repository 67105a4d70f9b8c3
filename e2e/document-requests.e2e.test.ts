import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { makeCustomer, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { recordCheckedBeneficiary } from '../apps/server/src/modules/beneficiaries/index.ts';
import { createOperator } from '../apps/server/src/modules/operators/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { DocumentRequestDialog, DocumentRequestsSection } from './pages/document-request-pages.ts';
import { operatorApi } from './pages/operator-api.ts';
import { apiPost, expectAccessible } from './pages/page-checks.ts';
import { testPdf } from './pages/test-files.ts';
import { freshTotpCode } from './pages/totp.ts';
import { TotpWallet } from './pages/totp-wallet.ts';
import { TransferScaDialog, TransferScreens } from './pages/transfer-pages.ts';
import { PHONE, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot, shootBoth } = screenshots('document-requests');
const DESKTOP = { width: 1280, height: 900 };
const SETTLES = { name: 'Erika Mustermann', iban: 'DE55370400440532014000' };
const HOLD = 'Transaction impossible : un document vous a été demandé';
const REVIEW = 'Transaction impossible pour le moment : votre document est en cours d’examen.';
const REASON = 'Merci de justifier l’origine du virement de 1 500 € reçu le 3 novembre.';

describe('Document requests and holds (docs/product/statements-and-documents.md#documents-the-bank-asks-for)', () => {
  let server: TestServer;
  let customerBrowser: Browser;
  let operatorBrowser: Browser;
  let customer: TestCustomer;
  let app: TransferScreens;
  let bo: BackOfficePages;
  const wallet = new TotpWallet();
  const compliance = { email: 'conformite@e2e.test', password: 'Guichet-Sécurisé-2024', totpSecret: '' };

  beforeAll(async () => {
    [server, customerBrowser, operatorBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(),
      launchBrowser(),
    ]);
    const ctx = server.server.ctx;
    customer = await makeCustomer(ctx, { firstName: 'Louise', lastName: 'Girard' });
    const created = await createOperator(ctx, { ...compliance, role: 'compliance' });
    compliance.totpSecret = created.totpSecret;
    await recordCheckedBeneficiary(ctx.db, {
      customer_id: customer.id,
      label: null,
      name: SETTLES.name,
      iban: SETTLES.iban,
      bic: 'COBADEFFXXX',
      internal: false,
      verification: 'not_possible',
    });

    app = new TransferScreens(
      customerBrowser.context.pages()[0] ?? (await customerBrowser.context.newPage()),
      server.url,
    );
    bo = new BackOfficePages(
      operatorBrowser.context.pages()[0] ?? (await operatorBrowser.context.newPage()),
      server.url,
    );
    await app.page.setViewportSize(PHONE);
    await bo.page.setViewportSize(DESKTOP);
    await app.login(customer.email, customer.password);
    await app.waitForPath('/');
    const main = (await app.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    if (!main?.iban) throw new Error('no main account');
    const demo = await operatorApi(server.url, server.demoOperator);
    await demo.creditIncomingTransfer({ iban: main.iban, amount: 300_000, debtorName: 'Employeur SA' });
    // One authenticator app, enrolled through the API the profile uses.
    const { secret } = await apiPost<{ secret: string }>(app.page, '/api/sca/totp/enroll', {}, {});
    const step = TotpWallet.currentStep();
    await apiPost(app.page, '/api/sca/totp/confirm', { code: TotpWallet.codeAt(secret, step), name: 'App' });
    wallet.add(secret, step);
  }, 120_000);

  afterAll(async () => {
    await customerBrowser?.close();
    await operatorBrowser?.close();
    await server?.stop();
  });

  it('blocking request → transfer refused → upload from the dialog → accepted → the transfer goes', async () => {
    // A compliance operator asks for the origin of funds, blocking.
    await bo.login(compliance.email, compliance.password, () => freshTotpCode(compliance.totpSecret));
    await bo.manage(customer.email);
    const requests = new DocumentRequestsSection(bo.panel);
    await requests.section.scrollIntoViewIfNeeded();
    await requests.request(REASON);
    await requests.item('open').waitFor();
    expect(await requests.item('open').textContent()).toContain('Bloquante');
    await requests.section.scrollIntoViewIfNeeded();
    await shoot(bo.page, 'bo-request-open');
    await expectAccessible(bo.page, 'document requests section', '[data-testid=bo-document-requests]');

    // The dialog opens on the customer's open screen without a reload (a live event); « Plus tard »
    // closes it.
    const dialog = new DocumentRequestDialog(app.page);
    await dialog.dialog.waitFor();
    expect(await dialog.text('document-request-kind')).toBe('Justificatif d’origine des fonds');
    expect(await dialog.text('document-request-reason')).toBe(REASON);
    await shoot(app.page, 'customer-dialog');
    await expectAccessible(app.page, 'document request dialog', '[role=dialog]');
    await dialog.later();

    // The transfer is refused with the product’s message and a link to upload.
    await app.openOneOff();
    await dialog.dialog.waitFor();
    await dialog.later();
    await app.fill({ amount: '40', beneficiary: SETTLES.name, reference: 'Loyer' });
    await app.submit();
    await app.expectProblem(HOLD);
    await shoot(app.page, 'customer-hold');
    await app.problem.getByRole('button', { name: 'Envoyer le document demandé' }).click();
    await dialog.dialog.waitFor();
    await dialog.upload(testPdf('origine-des-fonds.pdf'));
    await dialog.sent.waitFor();
    await shoot(app.page, 'customer-sent');
    await dialog.closeSent();

    // Sent but not accepted: still held, and the refusal says the document is under review — no
    // link to a dialog that would have nothing left to ask.
    await app.submit();
    await app.expectProblem(REVIEW);
    expect(await app.problem.getByRole('button', { name: 'Envoyer le document demandé' }).count()).toBe(0);
    await shoot(app.page, 'customer-review');

    // The operator sees the document and accepts it.
    // The panel's address keeps it open across the reload.
    await bo.page.reload();
    await bo.panel.waitFor();
    await requests.item('submitted').waitFor();
    expect(await requests.item('submitted').getByTestId('bo-document-request-file').count()).toBe(1);
    await requests.item('submitted').scrollIntoViewIfNeeded();
    await shoot(bo.page, 'bo-request-submitted');
    await requests.item('submitted').getByRole('button', { name: 'Accepter le document' }).click();
    await requests.item('accepted').waitFor();
    await shoot(bo.page, 'bo-request-accepted');
    // The customer is told at once, on the screen they have open.
    await app.page.getByText('Document accepté : Justificatif d’origine des fonds').first().waitFor();
    await shootBoth(app.page, 'customer-accepted');

    // The transfer goes (strong authentication, then the confirmation sheet).
    const sca = new TransferScaDialog(app);
    await app.submit();
    await sca.dialog.waitFor();
    await sca.confirmWith(await wallet.code());
    await app.sheet.waitFor();
    expect(await app.sheetValue('type')).toBe('Virement Ponctuel');
    // No dialog any more on the next visit.
    await app.open('/');
    await app.balanceCard.waitFor();
    expect(await dialog.dialog.count()).toBe(0);
  });
});
