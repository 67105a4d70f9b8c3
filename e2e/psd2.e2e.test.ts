import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { addDays, frenchLongDay, parisDate } from '@comptoir/core';
import { makeCustomer } from '../apps/server/src/testing/customers.ts';
import { customerAccounts } from '../apps/server/src/ledger/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficeAdminPages } from './pages/backoffice-admin-pages.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { labelled } from './pages/onboarding-pages.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { enrolTotp, grouped, oneLine, pageOf, tppPages } from './pages/psd2-helpers.ts';
import { FundsConsentScreens, Psd2Screens, TppClient, type TppCertificate } from './pages/psd2-pages.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { freshTotpCode } from './pages/totp.ts';
import type { TotpWallet } from './pages/totp-wallet.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Pictures to look at: the authorisation page, « Accès tiers », the back office's « Tiers PSD2 ». */
const { shoot, shootBoth } = screenshots('psd2');

const TPP = { organisationId: 'PSDFR-ACPR-12345', name: 'Budget Malin' };
/** A card issuer (PSP_IC) asking whether funds are available (confirmation of funds, PSD2 art. 65). */
const CARD_ISSUER = { organisationId: 'PSDFR-ACPR-67890', name: 'Carte Libre' };
const FUNDS_TEXT = 'Vérifier qu’un montant est disponible sur ce compte (réponse oui ou non)';
const OK_URI = 'https://tpp.example/retour?state=abc';
const NOK_URI = 'https://tpp.example/echec?state=abc';
const SCOPES_TEXT =
  'La liste de vos comptes et leurs informations, leurs soldes et l’historique de leurs opérations';

interface ConsentCreated {
  consentStatus: string;
  consentId: string;
  validUntil: string;
  frequencyPerDay: number;
  _links: { scaRedirect: { href: string } };
}
interface TppErrors {
  tppMessages: { category: string; code: string }[];
}
interface Transaction {
  transactionId: string;
}
interface Transactions {
  transactions: {
    booked?: Transaction[];
    pending?: Transaction[];
    _links: { next?: { href: string } };
  };
}

describe('Open banking (docs/psd2.md): a TPP asks, the customer authorises in the app, the TPP reads, the customer revokes', () => {
  let server: TestServer;
  let desktopBrowser: Browser;
  let phoneBrowser: Browser;
  let operatorBrowser: Browser;
  let fundsBrowser: Browser;
  let tpp: TppClient;
  let desktop: Psd2Screens;
  let phone: Psd2Screens;
  let desktopWallet: TotpWallet;
  let phoneWallet: TotpWallet;
  let phoneCustomer: { email: string; password: string };

  async function createConsent(): Promise<ConsentCreated> {
    const created = await tpp.call<ConsentCreated>('POST', '/consents', {
      headers: { 'TPP-Redirect-URI': OK_URI, 'TPP-Nok-Redirect-URI': NOK_URI },
      body: {
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: true,
        validUntil: '9999-12-31',
        frequencyPerDay: 4,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.consentStatus).toBe('received');
    // Clipped to the bank's terms: never « 9999 ».
    expect(created.body.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(created.body.validUntil).not.toBe('9999-12-31');
    expect(created.body.frequencyPerDay).toBe(4);
    expect(created.body._links.scaRedirect.href).toMatch(/\/psd2\/autorisation\/[0-9a-f-]{36}$/);
    return created.body;
  }

  const consentStatus = async (consentId: string) =>
    (await tpp.call<{ consentStatus: string }>('GET', `/consents/${consentId}/status`)).body.consentStatus;

  beforeAll(async () => {
    [server, desktopBrowser, phoneBrowser, operatorBrowser, fundsBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(DESKTOP),
      launchBrowser(PHONE),
      launchBrowser(DESKTOP),
      launchBrowser(DESKTOP),
    ]);
    const psd2Url = server.server.psd2Url;
    if (!psd2Url) throw new Error('the test server has no PSD2 listener');

    // The TPP's certificate from the sandbox's test authority (an operator's sandbox tool).
    const demoApi = await operatorApi(server.url, server.demoOperator);
    const issued = await demoApi.post<TppCertificate>('/api/sandbox/psd2/certificates', {
      ...TPP,
      roles: ['PSP_AI'],
    });
    expect(issued.status).toBe(201);
    tpp = new TppClient(psd2Url, issued.body);

    // A second customer for the phone, with a little history of her own.
    const customer = await makeCustomer(server.server.ctx, { firstName: 'Inès', lastName: 'Agrégée' });
    phoneCustomer = customer;
    const main = (await customerAccounts(server.server.ctx.db, customer.id)).find(
      (a) => a.kind === 'customer_main',
    );
    if (!main?.iban) throw new Error('no main account');
    for (const [amount, debtorName] of [
      [120_000, 'Employeur SA'],
      [4_500, 'Remboursement Lucie'],
    ] as const)
      await demoApi.creditIncomingTransfer({ iban: main.iban, amount, debtorName });

    desktop = new Psd2Screens(await pageOf(desktopBrowser), server.url);
    phone = new Psd2Screens(await pageOf(phoneBrowser), server.url);
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
      await shoot(operatorBrowser.context.pages()[0]!, 'failed-operator').catch(() => undefined);
      const fundsPage = fundsBrowser.context.pages()[0];
      if (fundsPage) await shoot(fundsPage, 'failed-funds').catch(() => undefined);
    });
  });

  afterAll(async () => {
    await desktopBrowser?.close();
    await phoneBrowser?.close();
    await operatorBrowser?.close();
    await fundsBrowser?.close();
    await server?.stop();
  });

  /**
   * The whole journey for one customer: the TPP's request, the sign-in through the redirect, the
   * terms read and approved with a code, back at the TPP's address; the TPP's reads, its daily
   * allowance of unattended ones; « Accès tiers » and the revocation the TPP meets next.
   */
  async function journey(
    app: Psd2Screens,
    wallet: TotpWallet,
    credentials: { email: string; password: string },
  ) {
    const page = app.page;
    const consent = await createConsent();
    const href = consent._links.scaRedirect.href;
    const authorisationPath = new URL(href).pathname;

    // 2. Signed out: the sign-in first, with its second factor, then back to the request.
    await page.goto(href);
    await app.waitForPath('/connexion');
    expect(new URL(page.url()).searchParams.get('retour')).toBe(authorisationPath);
    await page.getByText('Connectez-vous pour répondre à la demande du service tiers').waitFor();
    await app.submitLogin(credentials.email, credentials.password);
    await app.secondStep(await wallet.code());
    await app.waitForPath(authorisationPath);
    await app.authorisationHeading.waitFor();

    expect(oneLine(await app.tppName.textContent())).toBe(TPP.name);
    expect(oneLine(await page.getByTestId('psd2-tpp').textContent())).toContain(
      `Identifiant : ${TPP.organisationId}`,
    );
    expect(oneLine(await app.terms.getByTestId('psd2-terms-scopes').textContent())).toBe(SCOPES_TEXT);
    expect(oneLine(await app.terms.getByTestId('psd2-terms-until').textContent())).toBe(
      `jusqu’au ${frenchLongDay(consent.validUntil)}`,
    );
    expect(oneLine(await app.terms.getByTestId('psd2-terms-frequency').textContent())).toBe(
      'jusqu’à 4 consultations par jour sans vous',
    );
    // Nothing named by the TPP: the customer chooses; at least one account.
    const main = (await app.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    if (!main?.iban) throw new Error('no main account');
    const box = app.accounts.first();
    await box.waitFor();
    expect(oneLine(await page.getByTestId('psd2-accounts').textContent())).toContain(grouped(main.iban));
    if (!(await box.isChecked())) await box.check();
    await shootBoth(page, 'autorisation');
    await expectAccessible(page, 'the authorisation page');

    // 2b. « Autoriser »: the code's dialog shows the same terms (dynamic linking).
    await app.authorisation.getByRole('button', { name: 'Autoriser' }).click();
    await app.scaDialog.waitFor();
    const summary = oneLine(await app.scaDialog.getByTestId('psd2-sca-summary').textContent());
    expect(summary).toContain(`Vous autorisez ${TPP.name} (${TPP.organisationId})`);
    expect(summary).toContain(SCOPES_TEXT);
    expect(summary).toContain(`jusqu’au ${frenchLongDay(consent.validUntil)}`);
    expect(summary).toContain('jusqu’à 4 consultations par jour sans vous');
    expect(summary).toContain(grouped(main.iban));
    await shoot(page, 'autorisation-code');
    await expectAccessible(page, 'the strong authentication of a consent', '[role="dialog"]');
    await app.scaDialog.getByLabel('Code de vérification').fill(await wallet.code());
    await app.scaDialog.getByRole('button', { name: 'Valider' }).click();
    await app.outcome.filter({ hasText: `Accès autorisé. Retour vers ${TPP.name}…` }).waitFor();
    await page.waitForURL((url) => url.origin === 'https://tpp.example');
    const back = new URL(page.url());
    expect(back.pathname).toBe('/retour');
    expect(back.searchParams.get('state')).toBe('abc');

    // 3. The TPP reads, the customer present.
    expect(await consentStatus(consent.consentId)).toBe('valid');
    const list = await tpp.read<{ accounts: { resourceId: string; iban: string }[] }>(
      consent.consentId,
      '/accounts',
      true,
    );
    expect(list.status).toBe(200);
    expect(list.body.accounts.map((a) => a.iban)).toContain(main.iban);
    const accountId = list.body.accounts.find((a) => a.iban === main.iban)!.resourceId;
    const balances = await tpp.read<{ balances: { balanceType: string }[] }>(
      consent.consentId,
      `/accounts/${accountId}/balances`,
      true,
    );
    expect(balances.status).toBe(200);
    expect(balances.body.balances.map((b) => b.balanceType)).toEqual(['closingBooked', 'interimAvailable']);
    const ids: string[] = [];
    let next: string | undefined = `/accounts/${accountId}/transactions?bookingStatus=both`;
    let pages = 0;
    while (next) {
      const answer: { status: number; body: Transactions } = await tpp.read<Transactions>(
        consent.consentId,
        next,
        true,
      );
      expect(answer.status).toBe(200);
      pages += 1;
      const { booked = [], pending = [] } = answer.body.transactions;
      ids.push(...booked.map((t) => t.transactionId), ...pending.map((t) => t.transactionId));
      next = answer.body.transactions._links.next?.href;
      expect(pages).toBeLessThan(100);
    }
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);

    // 4. Without the customer: frequencyPerDay reads a day, then 429.
    for (let i = 0; i < 4; i++) {
      expect((await tpp.read(consent.consentId, `/accounts/${accountId}/balances`, false)).status).toBe(200);
    }
    const exceeded = await tpp.read<TppErrors>(consent.consentId, `/accounts/${accountId}/balances`, false);
    expect(exceeded.status).toBe(429);
    expect(exceeded.body.tppMessages[0]?.code).toBe('ACCESS_EXCEEDED');

    // 5. « Accès tiers »: the access, then revoked; the TPP's next call is refused.
    await app.openThirdPartyAccess();
    const item = app.access(TPP.name, 'valid');
    await item.waitFor();
    const text = oneLine(await item.textContent());
    expect(text).toContain('Actif');
    expect(text).toContain(SCOPES_TEXT);
    expect(text).toContain(grouped(main.iban));
    expect(text).toContain(`Valable jusqu’au${frenchLongDay(consent.validUntil)}`);
    expect(text).toMatch(/Dernière consultation\d{1,2}(er)? \S+ \d{4} à \d{2}:\d{2}/);
    expect(text).toMatch(/Authentification à renouveler le\d{1,2}(er)? \S+ \d{4}/);
    await item.scrollIntoViewIfNeeded();
    await shootBoth(page, 'acces-tiers');
    await shoot(page, 'acces-tiers-section', { part: app.thirdPartyAccess });
    await expectAccessible(page, '« Accès tiers »');
    await app.revoke(TPP.name);
    const revoked = app.access(TPP.name, 'revokedByPsu');
    await revoked.waitFor();
    expect(oneLine(await revoked.getByTestId('third-party-access-status').textContent())).toBe('Révoqué');
    expect(await revoked.getByRole('button', { name: /Révoquer/ }).count()).toBe(0);
    await shoot(page, 'acces-tiers-revoque', { part: app.thirdPartyAccess });
    const refused = await tpp.read<TppErrors>(consent.consentId, '/accounts', true);
    expect(refused.status).toBe(401);
    expect(refused.body.tppMessages[0]?.code).toBe('CONSENT_INVALID');

    // The request is answered: its link now says so.
    await app.open(authorisationPath);
    await page.getByTestId('psd2-closed').filter({ hasText: 'Demande déjà traitée ou expirée' }).waitFor();
  }

  it('at 1280 px, the demo customer (with her history) authorises Budget Malin, which reads, then loses its access', async () => {
    await journey(desktop, desktopWallet, server.demoCustomer);
  });

  it('at 360 px, another customer does the same on her phone', async () => {
    await journey(phone, phoneWallet, phoneCustomer);
  });

  it('a request refused: back to the TPP’s « not OK » address with its state, the consent rejected', async () => {
    const app = desktop;
    const consent = await createConsent();
    // Still signed in from the journey: straight to the request.
    await app.page.goto(consent._links.scaRedirect.href);
    await app.authorisationHeading.waitFor();
    await app.deny();
    await app.outcome.filter({ hasText: `Demande refusée. Retour vers ${TPP.name}…` }).waitFor();
    await app.page.waitForURL((url) => url.origin === 'https://tpp.example');
    const back = new URL(app.page.url());
    expect(back.pathname).toBe('/echec');
    expect(back.searchParams.get('state')).toBe('abc');
    expect(await consentStatus(consent.consentId)).toBe('rejected');

    // An unknown request.
    await app.open('/psd2/autorisation/00000000-0000-4000-8000-000000000000');
    await app.page.getByTestId('psd2-not-found').filter({ hasText: 'Demande introuvable' }).waitFor();
    await shootBoth(app.page, 'autorisation-introuvable');
    await expectAccessible(app.page, 'an unknown request');
  });

  it('the back office’s « Tiers PSD2 »: the TPP seen, its roles, blocked with a reason', async () => {
    const page = await pageOf(operatorBrowser);
    const admin = server.demoOperator;
    await new BackOfficePages(page, server.url).login(admin.email, admin.password, () =>
      freshTotpCode(admin.totpSecret),
    );
    const nav = new BackOfficeAdminPages(page);
    // Every entry of an admin's navigation on one row at 1280 px.
    const boxes = await nav.nav
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((l) => l.getBoundingClientRect()).map((r) => [Math.round(r.top), Math.round(r.right)]),
      );
    expect(new Set(boxes.map(([top]) => top)).size).toBe(1);
    await shoot(page, 'backoffice-nav', { part: nav.nav });
    await nav.goTo('Tiers PSD2');

    const card = page.locator(`[data-testid="bo-psd2-tpp"][data-organisation="${TPP.organisationId}"]`);
    await card.waitFor();
    const text = oneLine(await card.textContent());
    expect(text).toContain(TPP.name);
    expect(text).toContain('Information sur les comptes');
    expect(text).toContain('Premier appel');
    expect(text).toContain('Dernier appel');
    expect(text).toContain('Accès actifs0');
    await shootBoth(page, 'backoffice-tiers');
    await expectAccessible(page, '« Tiers PSD2 »');

    await card.getByRole('button', { name: `Bloquer ${TPP.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquer ce prestataire' });
    await labelled(dialog, 'Motif').fill('abc');
    await dialog.getByRole('button', { name: 'Bloquer', exact: true }).click();
    await dialog.getByText('Indiquez le motif (5 caractères au moins).').waitFor();
    await shoot(page, 'backoffice-bloquer');
    await labelled(dialog, 'Motif').fill('Certificat signalé compromis par l’autorité.');
    await dialog.getByRole('button', { name: 'Bloquer', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.and(page.locator('[data-blocked="true"]')).waitFor();
    expect(oneLine(await card.textContent())).toContain('Certificat signalé compromis par l’autorité.');
    expect(oneLine(await card.getByTestId('bo-psd2-tpp-state').textContent())).toBe('Bloqué');
    await shootBoth(page, 'backoffice-tiers-bloque');

    // Its next call is refused.
    const refused = await tpp.call<TppErrors>('POST', '/consents', {
      headers: { 'TPP-Redirect-URI': OK_URI },
      body: {
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: false,
        validUntil: '2030-01-01',
        frequencyPerDay: 1,
      },
    });
    expect(refused.body.tppMessages[0]?.code).toBe('CERTIFICATE_BLOCKED');
  });

  it('confirmation of funds: a card issuer unknown to the customer is refused, authorised in « Accès tiers » with a code, answered yes or no, then revoked', async () => {
    const psd2Url = server.server.psd2Url!;
    const demoApi = await operatorApi(server.url, server.demoOperator);
    const issued = await demoApi.post<TppCertificate>('/api/sandbox/psd2/certificates', {
      ...CARD_ISSUER,
      roles: ['PSP_IC'],
    });
    expect(issued.status).toBe(201);
    const issuer = new TppClient(psd2Url, issued.body);

    // A customer of her own, with 500 € and an authenticator app.
    const customer = await makeCustomer(server.server.ctx, { firstName: 'Jade', lastName: 'Cartier' });
    const main = (await customerAccounts(server.server.ctx.db, customer.id)).find(
      (a) => a.kind === 'customer_main',
    );
    if (!main?.iban) throw new Error('no main account');
    const iban = main.iban;
    await demoApi.creditIncomingTransfer({ iban, amount: 50_000, debtorName: 'Employeur SA' });

    const confirmFunds = (amount: string) =>
      issuer.call<{ fundsAvailable: boolean } & Partial<TppErrors>>('POST', '/funds-confirmations', {
        headers: { 'Content-Type': 'application/json' },
        body: { account: { iban }, instructedAmount: { currency: 'EUR', amount } },
      });

    // No consent yet: refused — and the card issuer is now known to the bank.
    const unknown = await confirmFunds('10.00');
    expect(unknown.status).toBe(403);
    expect(unknown.body.tppMessages?.[0]?.code).toBe('CONSENT_UNKNOWN');

    const app = new FundsConsentScreens(await pageOf(fundsBrowser), server.url);
    const wallet = await enrolTotp(app, customer.email, customer.password);
    await app.login(customer.email, customer.password);
    await app.secondStep(await wallet.code());
    await app.waitForPath('/');
    await app.openThirdPartyAccess();
    await app.page.getByTestId('third-party-access-empty').waitFor();

    // The form: its help, the main account chosen, a year from today.
    await app.openFundsForm();
    const dialogText = oneLine(await app.fundsDialog.textContent());
    expect(dialogText).toContain(
      'L’identifiant d’agrément que votre émetteur de carte vous a communiqué, par exemple PSDFR-ACPR-12345',
    );
    expect(oneLine(await app.accountSelect.locator('option:checked').textContent())).toContain(grouped(iban));
    const validUntil = addDays(parisDate(new Date()), 365);
    expect(await app.untilInput.inputValue()).toBe(validUntil);

    // Checked before any code: an identifier of the wrong shape.
    await app.submitProvider('Mon émetteur');
    await app.fundsDialog.getByText('Identifiant attendu : PSDFR-ACPR-12345.').waitFor();
    expect(await app.fundsScaDialog.count()).toBe(0);
    // The dialog as a person sees it (the whole screen on a phone), nothing wider than the screen.
    for (const size of [PHONE, DESKTOP]) {
      await app.page.setViewportSize(size);
      await shoot(app.page, 'fonds-formulaire', { fullPage: false });
      await expect
        .poll(() =>
          app.page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        )
        .toBe(0);
    }
    await expectAccessible(app.page, 'the card issuer’s form', '[role="dialog"]');

    // An identifier no card issuer presented itself under: the server's answer, in French.
    await app.submitProvider('PSDFR-ACPR-99999');
    await app.fundsScaDialog.waitFor();
    await app.confirmWithCode(await wallet.code());
    await app.fundsDialog
      .getByRole('alert')
      .filter({ hasText: 'Aucun émetteur de cartes agréé ne s’est présenté sous cet identifiant.' })
      .waitFor();
    await shoot(app.page, 'fonds-inconnu', { fullPage: false });

    // The card issuer's identifier, typed loosely: the code's dialog says what is agreed.
    await app.submitProvider(`  ${CARD_ISSUER.organisationId.toLowerCase()} `);
    await app.fundsScaDialog.waitFor();
    const summary = oneLine(await app.fundsScaDialog.getByTestId('psd2-funds-sca-summary').textContent());
    expect(summary).toContain(`Vous autorisez l’émetteur de carte ${CARD_ISSUER.organisationId}`);
    expect(summary).toContain(grouped(iban));
    expect(summary).toContain(`jusqu’au ${frenchLongDay(validUntil)}`);
    expect(summary).toContain('« oui » ou « non » seulement : jamais votre solde');
    await shoot(app.page, 'fonds-code', { fullPage: false });
    await expectAccessible(app.page, 'the strong authentication of a funds consent', '[role="dialog"]');
    await app.confirmWithCode(await wallet.code());
    await app.fundsDialog.waitFor({ state: 'detached' });
    await app.page
      .getByText(`Autorisation enregistrée : ${CARD_ISSUER.name} peut vérifier vos fonds`)
      .waitFor();

    // In the list: what it may do, on which account, since and until when; no frequency.
    const item = app.access(CARD_ISSUER.name, 'valid');
    await item.waitFor();
    const text = oneLine(await item.textContent());
    expect(oneLine(await item.getByTestId('third-party-access-kind').textContent())).toBe(
      'Confirmation de fonds',
    );
    expect(text).toContain(`Identifiant : ${CARD_ISSUER.organisationId}`);
    expect(text).toContain(FUNDS_TEXT);
    expect(text).toContain(grouped(iban));
    expect(text).toMatch(/Autorisé le\d{1,2}(er)? \S+ \d{4}/);
    expect(text).toContain(`Valable jusqu’au${frenchLongDay(validUntil)}`);
    expect(text).toContain('Dernière consultationjamais');
    expect(text).not.toContain('Fréquence');
    expect(text).not.toContain('Authentification à renouveler');

    // The card issuer asks again: yes for 10 €, no beyond the balance — never the balance itself.
    const yes = await confirmFunds('10.00');
    expect(yes.status).toBe(200);
    expect(yes.body).toEqual({ fundsAvailable: true });
    const no = await confirmFunds('99999999.00');
    expect(no.status).toBe(200);
    expect(no.body).toEqual({ fundsAvailable: false });

    await app.openThirdPartyAccess();
    await item.waitFor();
    expect(oneLine(await item.textContent())).toMatch(
      /Dernière consultation\d{1,2}(er)? \S+ \d{4} à \d{2}:\d{2}/,
    );
    await item.scrollIntoViewIfNeeded();
    await shootBoth(app.page, 'acces-tiers-fonds');
    await shoot(app.page, 'acces-tiers-fonds-section', { part: app.thirdPartyAccess });
    await expectAccessible(app.page, '« Accès tiers » with a funds consent');

    // Revoked: the card issuer's next question is refused.
    await app.revoke(CARD_ISSUER.name);
    await app.access(CARD_ISSUER.name, 'revokedByPsu').waitFor();
    await app.page
      .getByText(`Accès révoqué : ${CARD_ISSUER.name} ne peut plus vérifier vos fonds.`)
      .waitFor();
    const refused = await confirmFunds('10.00');
    expect(refused.status).toBe(401);
    expect(refused.body.tppMessages?.[0]?.code).toBe('CONSENT_INVALID');
  }, 180_000);
});
