import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { formatEuros, formatSignedEuros } from '@comptoir/core';
import { makeCustomer } from '../apps/server/src/testing/customers.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { enrolTotp, grouped, oneLine, pageOf, tppPages } from './pages/psd2-helpers.ts';
import { Psd2PaymentScreens } from './pages/psd2-payment-pages.ts';
import { TppClient, type TppAnswer, type TppCertificate } from './pages/psd2-pages.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import type { TotpWallet } from './pages/totp-wallet.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Pictures to look at: a third party's payment to authorise, its code, the banner, « via … ». */
const { shoot, shootBoth } = screenshots('psd2-payments');

/** A payment initiation service provider (PSP_PI). */
const TPP = { organisationId: 'PSDFR-ACPR-24680', name: 'Paie Malin' };
const OK_URI = 'https://tpp.example/paiement/retour?state=xyz';
const NOK_URI = 'https://tpp.example/paiement/echec?state=xyz';
/** The sandbox payee whose instant scheme settles, and whose name Verification of Payee knows. */
const ERIKA = { iban: 'DE55370400440532014000', name: 'Erika Mustermann' };
const PRODUCT = 'instant-sepa-credit-transfers';

interface PaymentInitiated {
  transactionStatus: string;
  paymentId: string;
  _links: {
    scaRedirect?: { href: string };
    self: { href: string };
    status: { href: string };
    scaStatus?: { href: string };
  };
}

describe('Open banking, payments (docs/psd2.md#payment-initiation): a TPP initiates, the customer approves with a code, it settles once', () => {
  let server: TestServer;
  let desktopBrowser: Browser;
  let phoneBrowser: Browser;
  let tpp: TppClient;
  let desktop: Psd2PaymentScreens;
  let phone: Psd2PaymentScreens;
  let desktopWallet: TotpWallet;
  let phoneWallet: TotpWallet;
  let phoneCustomer: { email: string; password: string };

  /** The customer's main account's IBAN, as the TPP knows it (the customer gave it). */
  async function mainIban(email: string): Promise<string> {
    const { rows } = await server.server.ctx.db.query<{ iban: string }>(
      `select a.iban from ledger_accounts a join customers c on c.id = a.customer_id
        where lower(c.email) = lower($1) and a.kind = 'customer_main'`,
      [email],
    );
    const iban = rows[0]?.iban;
    if (!iban) throw new Error(`no main account for ${email}`);
    return iban;
  }

  const paymentBody = (debtorIban: string, amount: string) => ({
    debtorAccount: { iban: debtorIban },
    instructedAmount: { currency: 'EUR', amount },
    creditorAccount: { iban: ERIKA.iban },
    creditorName: ERIKA.name,
    remittanceInformationUnstructured: 'Commande 4521',
  });

  const initiate = (body: object, headers: Record<string, string>) =>
    tpp.call<PaymentInitiated>('POST', `/payments/${PRODUCT}`, {
      headers: { 'PSU-IP-Address': '192.0.2.10', ...headers },
      body,
    });

  const paymentStatus = async (initiated: PaymentInitiated): Promise<string> => {
    const answer = await tpp.call<{ transactionStatus: string }>('GET', initiated._links.status.href);
    expect(answer.status).toBe(200);
    return answer.body.transactionStatus;
  };

  /** The main account's booked balance, in cents, read by the signed-in customer's page. */
  const bookedBalance = async (app: Psd2PaymentScreens): Promise<bigint> => {
    const main = (await app.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    if (!main) throw new Error('no main account');
    return BigInt(main.bookedBalance);
  };

  beforeAll(async () => {
    [server, desktopBrowser, phoneBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(DESKTOP),
      launchBrowser(PHONE),
    ]);
    const psd2Url = server.server.psd2Url;
    if (!psd2Url) throw new Error('the test server has no PSD2 listener');

    // The TPP's certificate from the sandbox's test authority, with the payment-initiation role.
    const demoApi = await operatorApi(server.url, server.demoOperator);
    const issued = await demoApi.post<TppCertificate>('/api/sandbox/psd2/certificates', {
      ...TPP,
      roles: ['PSP_PI'],
    });
    expect(issued.status).toBe(201);
    tpp = new TppClient(psd2Url, issued.body);

    // A second customer for the phone, with her salary on the account.
    const customer = await makeCustomer(server.server.ctx, { firstName: 'Noémie', lastName: 'Payet' });
    phoneCustomer = customer;
    await demoApi.creditIncomingTransfer({
      iban: await mainIban(customer.email),
      amount: 150_000,
      debtorName: 'Employeur SA',
    });

    desktop = new Psd2PaymentScreens(await pageOf(desktopBrowser), server.url);
    phone = new Psd2PaymentScreens(await pageOf(phoneBrowser), server.url);
    [desktopWallet, phoneWallet] = await Promise.all([
      enrolTotp(desktop, server.demoCustomer.email, server.demoCustomer.password),
      enrolTotp(phone, customer.email, customer.password),
    ]);
    await tppPages(desktop.page, TPP.name);
    await tppPages(phone.page, TPP.name);
  }, 180_000);

  beforeEach(() => {
    onTestFailed(async () => {
      await shoot(desktop.page, 'failed-desktop').catch(() => undefined);
      await shoot(phone.page, 'failed-phone').catch(() => undefined);
    });
  });

  afterAll(async () => {
    await desktopBrowser?.close();
    await phoneBrowser?.close();
    await server?.stop();
  });

  /**
   * The payment's page as the customer reads it before deciding: the TPP, the amount, the payee and
   * its IBAN, Verification of Payee, when, the account debited.
   */
  async function expectPaymentPage(app: Psd2PaymentScreens, amount: bigint, debtorIban: string) {
    await app.paymentHeading(TPP.name).waitFor();
    expect(oneLine(await app.tppName.textContent())).toBe(TPP.name);
    expect(oneLine(await app.term('amount').textContent())).toBe(oneLine(formatEuros(amount)));
    expect(oneLine(await app.term('payee').textContent())).toBe(ERIKA.name);
    expect(oneLine(await app.term('iban').textContent())).toBe(grouped(ERIKA.iban));
    expect(oneLine(await app.term('reference').textContent())).toBe('Commande 4521');
    expect(oneLine(await app.term('when').textContent())).toBe('Immédiat (virement instantané)');
    expect(oneLine(await app.term('account').textContent())).toContain(grouped(debtorIban));
    // Verification of Payee, in the beneficiary form's words: the name is the holder's.
    await app.payeeVerification.and(app.page.locator('[data-result="match"]')).waitFor();
    expect(oneLine(await app.payeeVerification.textContent())).toContain('Le nom correspond');
  }

  /** « Autoriser »: the code's dialog shows what is bound (dynamic linking), then the code. */
  async function approveWithCode(
    app: Psd2PaymentScreens,
    wallet: TotpWallet,
    amount: bigint,
    debtorIban: string,
    shot?: string,
  ) {
    await app.openPaymentApproval();
    const summary = oneLine(await app.paymentScaDialog.getByTestId('psd2-sca-summary').textContent());
    expect(summary).toContain(`Vous autorisez ${TPP.name} (${TPP.organisationId}) à initier ce paiement`);
    expect(summary).toContain(oneLine(formatEuros(amount)));
    expect(summary).toContain(ERIKA.name);
    expect(summary).toContain(grouped(ERIKA.iban));
    expect(summary).toContain(grouped(debtorIban));
    if (shot) {
      await shoot(app.page, shot, { fullPage: false });
      await expectAccessible(app.page, 'the strong authentication of a payment', '[role="dialog"]');
    }
    await app.confirmPayment(await wallet.code());
  }

  /**
   * The redirect journey: the TPP sends the same request twice (a retry after a lost answer), the
   * customer signs in through the link, reads the payment, approves it with a code, is back at the
   * TPP's address; the payment settles (ACSC), once: one operation « via » the TPP, the balance
   * down by its amount once.
   */
  async function redirectJourney(
    app: Psd2PaymentScreens,
    wallet: TotpWallet,
    credentials: { email: string; password: string },
  ) {
    const page = app.page;
    const debtorIban = await mainIban(credentials.email);
    const amount = 2550n;
    const body = paymentBody(debtorIban, '25.50');
    const headers = {
      'X-Request-ID': randomUUID(),
      'TPP-Redirect-URI': OK_URI,
      'TPP-Nok-Redirect-URI': NOK_URI,
    };

    // 1. The same request twice: the same payment.
    const first = await initiate(body, headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers['aspsp-sca-approach']).toBe('REDIRECT');
    expect(first.body.transactionStatus).toBe('RCVD');
    const second = await initiate(body, headers);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.paymentId).toBe(first.body.paymentId);
    expect(second.body._links.scaRedirect?.href).toBe(first.body._links.scaRedirect?.href);
    expect(await paymentStatus(first.body)).toBe('RCVD');
    const href = first.body._links.scaRedirect?.href;
    if (!href) throw new Error('no scaRedirect');
    expect(href).toMatch(/\/psd2\/autorisation\/[0-9a-f-]{36}$/);
    const authorisationPath = new URL(href).pathname;

    // 2. Signed out: the sign-in with its second factor, then the payment.
    await page.goto(href);
    await app.waitForPath('/connexion');
    expect(new URL(page.url()).searchParams.get('retour')).toBe(authorisationPath);
    await page.getByText('Connectez-vous pour répondre à la demande du service tiers').waitFor();
    await app.submitLogin(credentials.email, credentials.password);
    await app.secondStep(await wallet.code());
    await app.waitForPath(authorisationPath);
    await expectPaymentPage(app, amount, debtorIban);
    const before = await bookedBalance(app);
    await shootBoth(page, 'paiement');
    await expectAccessible(page, 'the payment’s authorisation page');

    // 3. Approved with a code: back at the TPP's address, with its state.
    await approveWithCode(app, wallet, amount, debtorIban, 'paiement-code');
    await app.outcome.filter({ hasText: `Paiement autorisé. Retour vers ${TPP.name}…` }).waitFor();
    await page.waitForURL((url) => url.origin === 'https://tpp.example');
    const back = new URL(page.url());
    expect(back.pathname).toBe('/paiement/retour');
    expect(back.searchParams.get('state')).toBe('xyz');

    // 4. The TPP reads it settled; its retry now still answers the same payment, nothing new.
    await expect.poll(() => paymentStatus(first.body), { timeout: 15_000 }).toBe('ACSC');
    const third: TppAnswer<PaymentInitiated> = await initiate(body, headers);
    expect(third.status).toBe(201);
    expect(third.body.paymentId).toBe(first.body.paymentId);

    // 5. The customer's operations: one debit of 25,50 € « via » the TPP; the balance down once.
    await app.open('/');
    await app.expectDashboard();
    const via = app.operationsVia(TPP.name);
    await expect.poll(() => via.count(), { timeout: 10_000 }).toBe(1);
    expect(oneLine(await via.getByTestId('operation-amount').textContent())).toBe(
      oneLine(formatSignedEuros(-amount)),
    );
    expect(oneLine(await via.textContent())).toContain(ERIKA.name);
    await expect.poll(() => bookedBalance(app), { timeout: 10_000 }).toBe(before - amount);
    await expect
      .poll(async () => oneLine(await app.balanceCard.textContent()), { timeout: 10_000 })
      .toContain(oneLine(formatEuros(before - amount)));
    // Still once a moment later (an instant payment settles once, whatever the retries).
    await page.waitForTimeout(1_500);
    expect(await bookedBalance(app)).toBe(before - amount);
    expect(await via.count()).toBe(1);
    await shootBoth(page, 'operations-via');
    await expectAccessible(page, '« Mes opérations » with a payment via a TPP');
  }

  it('at 1280 px, the demo customer approves a payment the TPP sent twice: back at the TPP, ACSC, one debit « via » it', async () => {
    await redirectJourney(desktop, desktopWallet, server.demoCustomer);
  });

  it('at 360 px, another customer does the same on her phone', async () => {
    await redirectJourney(phone, phoneWallet, phoneCustomer);
  });

  it('decoupled: the TPP names the signed-in customer; the banner comes live on her dashboard, she approves in the app, the TPP reads ACSC', async () => {
    const app = desktop;
    const page = app.page;
    const { email, password } = server.demoCustomer;
    const debtorIban = await mainIban(email);
    const amount = 1840n;

    // On her dashboard (signed in by the test before; else now).
    await app.open('/');
    await app.balanceCard.or(app.heroOpenAccount).first().waitFor();
    if (!(await app.balanceCard.isVisible())) {
      await app.login(email, password);
      await app.secondStep(await desktopWallet.code());
    }
    await app.expectDashboard();
    expect(await app.pendingItems.count()).toBe(0);
    const before = await bookedBalance(app);
    const viaBefore = await app.operationsVia(TPP.name).count();

    // The TPP asks for the decision in the app: no redirect link.
    const initiated = await initiate(paymentBody(debtorIban, '18.40'), {
      'TPP-Redirect-Preferred': 'false',
      'PSU-ID': email,
    });
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(201);
    expect(initiated.headers['aspsp-sca-approach']).toBe('DECOUPLED');
    expect(initiated.body.transactionStatus).toBe('RCVD');
    expect(initiated.body._links.scaRedirect).toBeUndefined();

    // The banner, live (the server's job finds her within a second or so, then the live event).
    const text = `${TPP.name} vous demande d’autoriser un paiement de ${oneLine(formatEuros(amount))}`;
    const item = app.pendingItems.filter({ hasText: `${TPP.name} vous demande d’autoriser un paiement` });
    await item.waitFor({ timeout: 10_000 });
    expect(await item.count()).toBe(1);
    expect(oneLine(await item.textContent())).toContain(text);
    expect(app.path()).toBe('/');
    await shootBoth(page, 'bandeau-decouple');
    await expectAccessible(page, 'the dashboard with a request to decide');

    // « Examiner »: the payment's page, approved with a code; the page says where to go on.
    await item.getByRole('link', { name: `Examiner la demande de ${TPP.name}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/psd2/autorisation/'));
    await expectPaymentPage(app, amount, debtorIban);
    await approveWithCode(app, desktopWallet, amount, debtorIban);
    const outcome = app.outcome.and(page.locator('[data-decision="approved"]'));
    await outcome.filter({ hasText: `C’est fait : vous pouvez revenir sur ${TPP.name}.` }).waitFor();
    // Nowhere to go back to: the browser stays at the bank.
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).origin).toBe(new URL(server.url).origin);
    await shootBoth(page, 'paiement-decouple-fait');
    await expectAccessible(page, 'the decoupled payment approved');

    // The TPP reads it settled; the banner is gone; one more debit « via » the TPP.
    await expect.poll(() => paymentStatus(initiated.body), { timeout: 15_000 }).toBe('ACSC');
    await page.getByRole('link', { name: 'Aller à mon espace' }).click();
    await app.expectDashboard();
    await expect.poll(() => app.pendingItems.count(), { timeout: 5_000 }).toBe(0);
    const via = app.operationsVia(TPP.name);
    await expect.poll(() => via.count(), { timeout: 10_000 }).toBe(viaBefore + 1);
    expect(oneLine(await via.first().getByTestId('operation-amount').textContent())).toBe(
      oneLine(formatSignedEuros(-amount)),
    );
    await expect.poll(() => bookedBalance(app), { timeout: 10_000 }).toBe(before - amount);
  });
});
