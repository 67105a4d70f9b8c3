import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { HELD_CREDIT_CUSTOMER_TEXT, type Account, type IncomingTransferResponse } from '@comptoir/contracts';
import { makeCustomer, signIn, type TestCustomer } from '../apps/server/src/testing/customers.ts';
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
import { ComptoirApp } from './pages/comptoir-app.ts';
import { MonitoringPages } from './pages/monitoring-pages.ts';
import { labelled } from './pages/onboarding-pages.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { freshTotpCode } from './pages/totp.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Pictures to look at: the queue, the decisions and the customer's dashboard, at 360 and 1280 px. */
const { folder, shootBoth } = screenshots('held-credits');

const CUSTOMER_NAME = 'Hélène Retenue';
const SUSPECT = { name: 'Société Écran SARL', amount: 200_000 };
/** Her salary, a little later: what keeps her available balance above the suspect credit. */
const SALARY = { name: 'Employeur SA', amount: 180_000 };
/** Two transfers out, 85 % of the suspect credit: a pass-through case. */
const SENT = [90_000, 80_000];
const SECOND = { name: 'Inconnu Ltd', amount: 150_000 };
/** What she keeps throughout: salary plus the suspect credit, less what she sent. */
const OWN_BALANCE = SUSPECT.amount + SALARY.amount - SENT[0]! - SENT[1]!;

/** What the customer must never read: the monitoring, its case, its rule, a suspicion. */
const TIP_OFF = /surveillance|soupçon|dossier|règle|suspicion|compte de passage/i;

const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
/** « 2 000,00 € » as written with ordinary spaces (the formatter's are narrow no-break ones). */
const euros = (amount: number): string =>
  oneLine(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount / 100));

/** The back office's « Virements retenus » page, and the monitoring case it is held from. */
class HeldCreditPages extends MonitoringPages {
  /** « Retenus » in the navigation: the page « Virements retenus ». */
  async openHeld(): Promise<void> {
    await new BackOfficeAdminPages(this.page).navEntry('Retenus').click();
    await this.page.getByRole('heading', { level: 1, name: 'Virements retenus' }).waitFor();
  }

  async showHeld(status: 'À décider' | 'Décidés'): Promise<void> {
    await this.page
      .getByRole('radiogroup', { name: 'Virements à afficher' })
      .getByText(status, { exact: true })
      .click();
  }

  /** The card of the held credit whose operation number is `number`. */
  card(number: string): Locator {
    return this.page.locator(`[data-testid="bo-held-credit"][data-number="${number}"]`);
  }

  /** « Proposer la libération » or « Proposer le retour », with its reason and note. */
  async propose(number: string, action: 'libération' | 'retour', reason: string, note: string) {
    const name = action === 'libération' ? 'Proposer la libération' : 'Proposer le retour';
    await this.card(number).getByRole('button', { name }).click();
    const dialog = this.page.getByRole('dialog', { name });
    await labelled(dialog, 'Motif').click();
    await this.page.getByRole('option', { name: reason }).click();
    await labelled(dialog, 'Note').fill(note);
    await dialog.getByRole('button', { name }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  get heldApproveDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approuver' });
  }

  async approve(number: string, note?: string): Promise<void> {
    await this.card(number).getByRole('button', { name: 'Approuver' }).click();
    if (note) await labelled(this.heldApproveDialog, 'Note (facultative)').fill(note);
    await this.heldApproveDialog.getByRole('button', { name: 'Approuver' }).click();
  }
}

describe('Held incoming credits (docs/held-credits.md): held from a case or on arrival, released or returned under four eyes', () => {
  let server: TestServer;
  let complianceBrowser: Browser;
  let adminBrowser: Browser;
  let customerBrowser: Browser;
  let compliance: HeldCreditPages;
  let admin: HeldCreditPages;
  let app: ComptoirApp;
  let customer: TestCustomer;
  let iban: string;
  let demoApi: Awaited<ReturnType<typeof operatorApi>>;
  let suspectNumber: string;
  let secondNumber: string;
  let complianceOperator: { email: string; password: string; totpSecret: string };

  beforeAll(async () => {
    [server, complianceBrowser, adminBrowser, customerBrowser] = await Promise.all([
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
    complianceOperator = { email: created.operator.email, password, totpSecret: created.totpSecret };

    // Money in through the sandbox rail, like any incoming SEPA transfer: the suspect credit, then
    // her salary…
    customer = await makeCustomer(ctx, { firstName: 'Hélène', lastName: 'Retenue' });
    const account = (await customerAccounts(ctx.db, customer.id)).find((a) => a.kind === 'customer_main');
    if (!account?.iban) throw new Error('no main account');
    iban = account.iban;
    demoApi = await operatorApi(server.url, server.demoOperator);
    const suspect = await incoming(SUSPECT);
    expect(suspect.held).toBe(false);
    suspectNumber = suspect.number;
    expect((await incoming(SALARY)).held).toBe(false);

    // …and most of the suspect credit out again at once: a pass-through.
    const abroad = await payee(ctx, customer.id, {
      name: 'Erika Mustermann',
      iban: 'DE55370400440532014000',
    });
    const cookie = await signIn(fastify, customer);
    for (const amount of SENT) {
      const sent = await sendTransfer(
        fastify,
        cookie,
        { accountId: String(account.id), beneficiaryId: abroad.id, amount, type: 'instant' },
        { sca: await transferToken(ctx, customer.id, amount, abroad) },
      );
      if (sent.statusCode !== 201) throw new Error(`transfer answered ${sent.statusCode}: ${sent.body}`);
    }

    const pageOf = async (b: Browser) => b.context.pages()[0] ?? (await b.context.newPage());
    compliance = new HeldCreditPages(await pageOf(complianceBrowser));
    admin = new HeldCreditPages(await pageOf(adminBrowser));
    app = new ComptoirApp(await pageOf(customerBrowser), server.url);
  }, 120_000);

  afterAll(async () => {
    await complianceBrowser?.close();
    await adminBrowser?.close();
    await customerBrowser?.close();
    await server?.stop();
  });

  /** A credit from another bank through the sandbox rail. */
  async function incoming(credit: { name: string; amount: number }): Promise<IncomingTransferResponse> {
    const res = await demoApi.post<IncomingTransferResponse>('/api/sandbox/incoming-transfers', {
      iban,
      amount: credit.amount,
      debtorName: credit.name,
      debtorIban: 'DE89370400440532013000',
      reference: 'Facture 12',
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function caseStatus(): Promise<string | null> {
    const { rows } = await server.server.ctx.db.query<{ status: string }>(
      'select status from monitoring_cases where customer_id = $1',
      [customer.id],
    );
    return rows[0]?.status ?? null;
  }

  /** The customer's main account as the API answers it to their browser. */
  const mainAccount = async () =>
    (await app.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');

  const heldItems = (page: Page, status: 'verifying' | 'returned') =>
    page.locator(`[data-testid="held-credit"][data-status="${status}"]`);

  const onFailure = (page: Page, name: string) =>
    onTestFailed(async () => {
      await page
        .screenshot({ path: join(folder, `failure-${name}.png`), fullPage: true })
        .catch(() => undefined);
    });

  it('compliance (1280 px) holds the suspect credit from the case’s operations; the customer (360 px) sees it being verified', async () => {
    const page = compliance.page;
    onFailure(page, 'hold');
    await expect.poll(caseStatus, { timeout: 30_000 }).toBe('open');

    await new BackOfficePages(page, server.url).login(
      complianceOperator.email,
      complianceOperator.password,
      () => freshTotpCode(complianceOperator.totpSecret),
    );
    await compliance.open();
    await compliance.caseOf(CUSTOMER_NAME).waitFor();
    const view = await compliance.examine(CUSTOMER_NAME);
    const hit = view.locator('[data-testid="bo-monitoring-hit"][data-rule="pass_through"]');
    const rows = hit.getByTestId('bo-monitoring-operation');
    // Only the credit from another bank can be held, not the transfers out.
    expect(await rows.count()).toBe(3);
    expect(await hit.getByTestId('bo-monitoring-hold').count()).toBe(1);
    const credit = hit.locator(`[data-testid="bo-monitoring-operation"][data-amount="${SUSPECT.amount}"]`);
    const hold = credit.getByTestId('bo-monitoring-hold');
    expect(oneLine(await hold.getAttribute('aria-label'))).toBe(
      `Retenir le virement de ${euros(SUSPECT.amount)} reçu de ${SUSPECT.name}`,
    );
    await hold.click();

    // The note is required: the form says so before anything is sent.
    const dialog = page.getByRole('dialog', { name: 'Retenir ce virement' });
    await dialog.getByRole('button', { name: 'Retenir', exact: true }).click();
    await dialog.getByText('La note est obligatoire.').waitFor();
    await labelled(dialog, 'Note').fill('Origine des fonds à justifier avant tout usage.');
    await dialog.getByRole('button', { name: 'Retenir', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const done = view.getByTestId('bo-monitoring-held');
    await done.waitFor();
    expect(oneLine(await done.textContent())).toMatch(
      new RegExp(
        `^Virement de ${euros(SUSPECT.amount)} retenu : à décider avant le \\d{1,2}(er)? \\S+ \\d{4}\\.`,
      ),
    );

    // Once only: the server's refusal, in its words.
    await hold.click();
    await labelled(dialog, 'Note').fill('Encore.');
    await dialog.getByRole('button', { name: 'Retenir', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Ce virement reçu est déjà retenu.' }).waitFor();
    await dialog.locator('form').getByRole('button', { name: 'Annuler' }).click();
    await shootBoth(page, 'case-held');
    await expectAccessible(page, 'Surveillance, a credit held from the case');

    // The confirmation leads to « Virements retenus ».
    await done.getByRole('link', { name: 'Voir les virements retenus' }).click();
    await page.getByRole('heading', { level: 1, name: 'Virements retenus' }).waitFor();
    const card = compliance.card(suspectNumber);
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('held');
    expect(oneLine(await card.getByTestId('bo-held-credit-amount').textContent())).toBe(
      euros(SUSPECT.amount),
    );
    expect(oneLine(await card.getByTestId('bo-held-credit-originator').textContent())).toBe(
      `Émetteur${SUSPECT.name}DE89 3704 0044 0532 0130 00`,
    );
    expect(oneLine(await card.getByTestId('bo-held-credit-held').textContent())).toContain(
      'par Claire Conformité',
    );
    expect(oneLine(await card.getByTestId('bo-held-credit-deadline').textContent())).toMatch(
      /^À décider avant le \d{1,2}(er)? \S+ \d{4}$/,
    );
    expect(await card.getByTestId('bo-held-credit-overdue').count()).toBe(0);
    await card.getByRole('link', { name: 'Dossier de surveillance' }).waitFor();
    await shootBoth(page, 'queue-held');
    await expectAccessible(page, 'Virements retenus, a credit held');

    // The customer: the credit « en cours de vérification », her balance without it.
    const customerPage = app.page;
    onFailure(customerPage, 'customer-verifying');
    await app.login(customer.email, customer.password);
    await app.expectDashboard();
    const item = heldItems(customerPage, 'verifying');
    await item.waitFor();
    expect(oneLine(await item.textContent())).toBe(
      `Virement reçu de ${SUSPECT.name} — ${euros(SUSPECT.amount)} — en cours de vérification${HELD_CREDIT_CUSTOMER_TEXT}`,
    );
    expect(oneLine(await app.balanceCard.textContent())).toContain(euros(OWN_BALANCE - SUSPECT.amount));
    expect((await mainAccount())?.availableBalance).toBe(OWN_BALANCE - SUSPECT.amount);
    expect(await customerPage.locator('body').innerText()).not.toMatch(TIP_OFF);
    await shootBoth(customerPage, 'customer-verifying');
  });

  it('compliance proposes its release (and may not approve it); an admin (360 px) approves: the customer sees the credit in her operations', async () => {
    const page = compliance.page;
    onFailure(page, 'release');
    await compliance.propose(
      suspectNumber,
      'libération',
      'Origine des fonds justifiée',
      'Facture et contrat de vente reçus.',
    );
    await compliance.toast('Libération proposée : un autre opérateur doit l’approuver.').waitFor();
    const card = compliance.card(suspectNumber);
    await page.locator(`[data-testid="bo-held-credit"][data-status="release_proposed"]`).waitFor();
    expect(oneLine(await card.getByTestId('bo-held-credit-proposal').textContent())).toMatch(
      /^Libération proposée le .* par Claire Conformité — Origine des fonds justifiée ?Note : Facture et contrat de vente reçus\.$/,
    );
    await card.getByTestId('bo-held-credit-own-proposal').waitFor();
    // The server decides who approves: not the proposer.
    await compliance.approve(suspectNumber);
    await compliance.heldApproveDialog
      .getByRole('alert')
      .filter({ hasText: 'Vous avez proposé cette décision : un autre opérateur doit l’approuver.' })
      .waitFor();
    await compliance.heldApproveDialog.locator('form').getByRole('button', { name: 'Annuler' }).click();

    const adminPage = admin.page;
    onFailure(adminPage, 'approve-release');
    const demo = server.demoOperator;
    await new BackOfficePages(adminPage, server.url).login(demo.email, demo.password, () =>
      freshTotpCode(demo.totpSecret),
    );
    await admin.openHeld();
    await admin.card(suspectNumber).waitFor();
    await shootBoth(adminPage, 'queue-proposed');
    await admin.approve(suspectNumber, 'Pièces lues.');
    await admin.toast('Libération approuvée : le virement est porté au compte du client.').waitFor();
    await admin.card(suspectNumber).waitFor({ state: 'detached' });
    await admin.showHeld('Décidés');
    const decided = admin.card(suspectNumber);
    await decided.waitFor();
    expect(await decided.getAttribute('data-status')).toBe('released');
    expect(oneLine(await decided.getByTestId('bo-held-credit-decision').textContent())).toMatch(
      /^Libéré le .* par .* — écriture n° \S+? ?Note : Pièces lues\.$/,
    );
    await shootBoth(adminPage, 'decided-released');
    await expectAccessible(adminPage, 'Virements retenus, decided');

    // The customer's dashboard, live: the item goes, the credit is in the balance and operations.
    const customerPage = app.page;
    onFailure(customerPage, 'customer-released');
    await expect.poll(() => heldItems(customerPage, 'verifying').count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(async () => oneLine(await app.balanceCard.textContent()), { timeout: 15_000 })
      .toContain(euros(OWN_BALANCE));
    await expect
      .poll(async () => oneLine(await app.operations.first().textContent()), { timeout: 15_000 })
      .toContain(euros(SUSPECT.amount));
    expect((await mainAccount())?.availableBalance).toBe(OWN_BALANCE);
  });

  it('a credit of 1 500 € to her while her case is undecided is held on arrival; returned under four eyes, it never reaches her balance', async () => {
    const second = await incoming(SECOND);
    expect(second.held).toBe(true);
    secondNumber = second.number;

    // The customer, live: being verified, and her balance unchanged.
    const customerPage = app.page;
    onFailure(customerPage, 'customer-second');
    const item = heldItems(customerPage, 'verifying');
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    expect(oneLine(await item.getByTestId('held-credit-line').textContent())).toBe(
      `Virement reçu de ${SECOND.name} — ${euros(SECOND.amount)} — en cours de vérification`,
    );
    expect((await mainAccount())?.availableBalance).toBe(OWN_BALANCE);

    const page = compliance.page;
    onFailure(page, 'return');
    await compliance.refresh();
    const card = compliance.card(secondNumber);
    await card.waitFor();
    expect(oneLine(await card.getByTestId('bo-held-credit-held').textContent())).toContain(
      '— Règle : client sous surveillance',
    );
    await compliance.propose(
      secondNumber,
      'retour',
      'Origine frauduleuse (FRAD)',
      'Émetteur inconnu, refus de justifier.',
    );
    await compliance.toast('Retour proposé : un autre opérateur doit l’approuver.').waitFor();

    const adminPage = admin.page;
    onFailure(adminPage, 'approve-return');
    await admin.showHeld('À décider');
    await admin.refresh();
    await admin.card(secondNumber).waitFor();
    expect(
      oneLine(await admin.card(secondNumber).getByTestId('bo-held-credit-proposal').textContent()),
    ).toContain('Origine frauduleuse (FRAD)');
    await admin.approve(secondNumber);
    await admin.toast('Retour approuvé : le virement est renvoyé à la banque de l’émetteur.').waitFor();
    await admin.card(secondNumber).waitFor({ state: 'detached' });

    // The customer: returned to the originator, never in her balance.
    const returned = heldItems(customerPage, 'returned');
    await returned.waitFor({ timeout: 15_000 });
    expect(oneLine(await returned.getByTestId('held-credit-line').textContent())).toBe(
      `Virement reçu de ${SECOND.name} retourné à l’émetteur`,
    );
    expect(await heldItems(customerPage, 'verifying').count()).toBe(0);
    expect((await mainAccount())?.availableBalance).toBe(OWN_BALANCE);
    expect(oneLine(await app.balanceCard.textContent())).toContain(euros(OWN_BALANCE));
    expect(await customerPage.locator('body').innerText()).not.toMatch(TIP_OFF);
    await shootBoth(customerPage, 'customer-returned');
  });

  it('leaves the ledger balanced', async () => {
    expect(await verifyLedger(server.server.ctx.db)).toEqual([]);
  });
});
