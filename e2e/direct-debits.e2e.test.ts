import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import {
  DIRECT_DEBIT_MESSAGES,
  DIRECT_DEBIT_RETURN_MESSAGES,
  type Account,
  type DirectDebitCollection,
  type DirectDebitCollectionList,
  type DirectDebitMandateList,
  type DirectDebitSettings,
} from '@comptoir/contracts';
import { cents, firstOfMonthOrdinal, formatEuros, nextBusinessDay, parisDate } from '@comptoir/core';
import { makeCustomer } from '../apps/server/src/testing/customers.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { DirectDebitsScreen } from './pages/direct-debits-page.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { folder, shoot, shootBoth } = screenshots('prelevements');

const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
const euros = (amount: number): string => oneLine(formatEuros(cents(amount)));

/** « 7 décembre 2026 » for a YYYY-MM-DD day. */
const frenchDay = (day: string): string =>
  firstOfMonthOrdinal(
    new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T12:00:00Z`)),
  );

/** The third TARGET2 business day from today (Paris): refusable until the second one. */
const DUE = nextBusinessDay(nextBusinessDay(nextBusinessDay(parisDate(new Date()))));

/** Two creditors with valid SEPA Creditor Identifiers. */
const ENERGY = { creditorId: 'FR72ZZZ123456', creditorName: 'Energie Verte' };
const INSURER = { creditorId: 'DE98ZZZ09999999999', creditorName: 'Mutuelle Horizon' };

describe('Direct debits (docs/direct-debits.md): the customer’s « Prélèvements » screen', () => {
  let server: TestServer;
  let browser: Browser;
  let screen: DirectDebitsScreen;
  let operator: Awaited<ReturnType<typeof operatorApi>>;
  let iban: string;

  const mainAccount = async (): Promise<Account> => {
    const main = (await screen.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    if (!main?.iban) throw new Error('no main account');
    return main;
  };

  const collectionOf = async (id: string): Promise<DirectDebitCollection | undefined> =>
    (await screen.apiGet<DirectDebitCollectionList>('/api/direct-debits/collections')).items.find(
      (c) => c.id === id,
    );

  /** The creditor's bank announces a collection on the customer's IBAN (the sandbox intake). */
  const announce = async (over: Record<string, unknown>): Promise<DirectDebitCollection> => {
    const { status, body } = await operator.post<DirectDebitCollection>('/api/sandbox/direct-debits', {
      iban,
      ...ENERGY,
      mandateSignedOn: '2026-01-15',
      sequence: 'FRST',
      amount: 8_940,
      dueDate: DUE,
      remittanceInfo: 'Facture 2026-12',
      ...over,
    });
    if (status !== 201) throw new Error(`announce answered ${status}: ${JSON.stringify(body)}`);
    return body;
  };

  /** The creditor's bank presents it now: booked, or returned with its reason. */
  const present = async (id: string): Promise<DirectDebitCollection> => {
    const { status, body } = await operator.post<DirectDebitCollection>(
      `/api/sandbox/direct-debits/${id}/present`,
    );
    if (status !== 200) throw new Error(`present answered ${status}: ${JSON.stringify(body)}`);
    return body;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser(DESKTOP)]);
    const customer = await makeCustomer(server.server.ctx, { firstName: 'Louise', lastName: 'Girard' });
    screen = new DirectDebitsScreen(
      browser.context.pages()[0] ?? (await browser.context.newPage()),
      server.url,
    );
    await screen.login(customer.email, customer.password);
    await screen.waitForPath('/');
    await screen.balanceCard.waitFor();
    iban = (await mainAccount()).iban!;
    operator = await operatorApi(server.url, server.demoOperator);
    await operator.creditIncomingTransfer({ iban, amount: 50_000, debtorName: 'Employeur SA' });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach((context) => {
    onTestFailed(async () => {
      const path = join(folder, `failure-${context.task.name.replace(/\W+/g, '-').slice(0, 40)}.png`);
      mkdirSync(folder, { recursive: true });
      await screen.page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.log(`screenshot: ${path}`);
    });
  });

  it('a collection announced through the sandbox appears live; the customer refuses it (MS02)', async () => {
    await screen.page.setViewportSize(DESKTOP);
    await screen.openFromVirements();
    await screen.coming.getByText('Aucun prélèvement annoncé pour le moment.').waitFor();
    await screen.markDocument();

    const announced = await announce({ mandateId: 'RUM-E2E-ENERGIE', amount: 8_940 });
    const row = screen.collection(screen.coming, ENERGY.creditorName);
    await row.waitFor();
    const text = oneLine(await row.textContent());
    expect(text).toContain(euros(8_940));
    expect(text).toContain(`Échéance le ${frenchDay(DUE)}`);
    expect(text).toContain('Mandat RUM-E2E-ENERGIE');
    expect(text).toContain(`Refusable jusqu’au ${frenchDay(announced.refusableUntil)} à minuit`);
    // The mandate the first collection brought, with its creditor identifier.
    const mandate = screen.mandate('RUM-E2E-ENERGIE');
    await mandate.waitFor();
    expect(oneLine(await mandate.textContent())).toContain('ICS FR72ZZZ123456');
    expect(await mandate.getAttribute('data-status')).toBe('active');
    await shootBoth(screen.page, 'announced');
    await expectAccessible(screen.page, '/virementshome/prelevements', 'main');

    await row.getByRole('button', { name: /^Refuser le prélèvement de/ }).click();
    const dialog = screen.dialog('Refuser ce prélèvement ?');
    await dialog.waitFor();
    expect(oneLine(await dialog.textContent())).toContain('MS02');
    await screen.page.setViewportSize(PHONE);
    await shoot(screen.page, 'refuse-dialog', { fullPage: false });
    await expectAccessible(screen.page, 'refuse dialog', '[role=dialog]');
    await screen.page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Refuser le prélèvement' }).click();
    await screen.toast('Prélèvement refusé').waitFor();

    const refused = screen.collection(screen.past, ENERGY.creditorName);
    await refused.and(screen.page.locator('[data-status="refused"]')).waitFor();
    expect(oneLine(await refused.textContent())).toContain('il sera rejeté à son échéance (MS02)');
    await screen.coming.getByText('Aucun prélèvement annoncé pour le moment.').waitFor();
    expect((await collectionOf(announced.id))?.status).toBe('refused');
    expect(await screen.notReloaded()).toBe(true);
  });

  it('revokes a mandate: its collection already announced is returned MD01, live', async () => {
    const announced = await announce({ ...INSURER, mandateId: 'RUM-E2E-MUTUELLE', amount: 3_500 });
    await screen.collection(screen.coming, INSURER.creditorName).waitFor();

    const mandate = screen.mandate('RUM-E2E-MUTUELLE');
    await mandate.getByRole('button', { name: /^Révoquer le mandat/ }).click();
    const dialog = screen.dialog('Révoquer ce mandat ?');
    await dialog.waitFor();
    const said = oneLine(await dialog.textContent());
    expect(said).toContain('Mutuelle Horizon');
    expect(said).toContain('seront rejetés (MD01)');
    await shoot(screen.page, 'revoke-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Révoquer le mandat' }).click();
    await screen.toast('Mandat révoqué.').waitFor();
    await mandate.and(screen.page.locator('[data-status="revoked"]')).waitFor();
    expect(await mandate.getByRole('button').count()).toBe(0);
    const mandates = await screen.apiGet<DirectDebitMandateList>('/api/direct-debits/mandates');
    expect(mandates.items.find((m) => m.reference === 'RUM-E2E-MUTUELLE')?.status).toBe('revoked');

    // The creditor's bank presents it anyway: returned, and the screen says why without a reload.
    await present(announced.id);
    const returned = screen.collection(screen.past, INSURER.creditorName);
    await returned.and(screen.page.locator('[data-status="returned"]')).waitFor();
    expect(oneLine(await returned.getByTestId('direct-debit-return').textContent())).toBe(
      DIRECT_DEBIT_RETURN_MESSAGES.MD01,
    );
    expect(await screen.notReloaded()).toBe(true);
  });

  it('limits a mandate and sets the creditor rules, each refused first in French', async () => {
    const mandate = screen.mandate('RUM-E2E-ENERGIE');
    await mandate.getByRole('button', { name: /^Limites du mandat/ }).click();
    const form = screen.page.getByTestId('mandate-limits-form');
    await form.waitFor();
    await form.getByLabel('Montant maximal par prélèvement').fill('12,345');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await form.getByText('Saisissez un montant en euros, deux décimales au plus.').waitFor();
    await form.getByLabel('Montant maximal par prélèvement').fill('120');
    await form.getByLabel('Nombre maximal de prélèvements').fill('2');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await form.getByText('Un nombre maximal de prélèvements va avec sa période (mois ou année).').waitFor();
    await form.getByLabel('Par', { exact: true }).selectOption({ label: 'mois' });
    await shoot(screen.page, 'limits-form', { fullPage: false });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await screen.toast('Limites enregistrées.').waitFor();
    await mandate
      .getByTestId('mandate-limits')
      .filter({ hasText: /120,00\s€ au plus par prélèvement · 2 prélèvements au plus par mois/ })
      .waitFor();
    const mandates = await screen.apiGet<DirectDebitMandateList>('/api/direct-debits/mandates');
    expect(mandates.items.find((m) => m.reference === 'RUM-E2E-ENERGIE')?.limits).toEqual({
      maxAmount: 12_000,
      maxCount: 2,
      period: 'month',
    });

    const blocked = screen.rules.getByLabel('Bloquer ces créanciers');
    await blocked.fill('FR72ZZZ123457');
    await screen.rules.getByRole('button', { name: 'Enregistrer les règles' }).click();
    await screen.rules
      .getByText('« FR72ZZZ123457 » n’est pas un identifiant créancier SEPA (ICS) valide.')
      .waitFor();
    await blocked.fill('de98 zzz 09999999999');
    await screen.rules.getByRole('button', { name: 'Enregistrer les règles' }).click();
    await screen.toast('Règles enregistrées.').waitFor();
    expect(await blocked.inputValue()).toBe('DE98ZZZ09999999999');
    expect(await screen.apiGet<DirectDebitSettings>('/api/direct-debits/settings')).toEqual({
      blockAll: false,
      allowedCreditorIds: [],
      blockedCreditorIds: ['DE98ZZZ09999999999'],
    });
  });

  it('presents a collection, and its refund is credited at once, value-dated on the debit date', async () => {
    const before = await mainAccount();
    const announced = await announce({ mandateId: 'RUM-E2E-ENERGIE', sequence: 'RCUR', amount: 4_200 });
    const row = screen.collection(screen.coming, ENERGY.creditorName);
    await row.waitFor();
    const booked = await present(announced.id);
    expect(booked.status).toBe('booked');
    const debited = screen.past
      .getByTestId('direct-debit')
      .and(screen.page.locator('[data-status="booked"]'));
    await debited.filter({ hasText: euros(4_200) }).waitFor();
    await expect.poll(async () => (await mainAccount()).bookedBalance).toBe(before.bookedBalance - 4_200);

    await debited.getByRole('button', { name: /^Demander le remboursement/ }).click();
    const dialog = screen.dialog('Demander le remboursement ?');
    await dialog.waitFor();
    const said = oneLine(await dialog.textContent());
    expect(said).toContain(`${euros(4_200)} vous sont recrédités immédiatement`);
    expect(said).toContain(`en date de valeur du ${frenchDay(parisDate(new Date(booked.settledAt!)))}`);
    await shoot(screen.page, 'refund-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Être remboursé' }).click();
    // One toast of it: the bank's notification, with the amount credited.
    await screen.toast(/Prélèvement d’Energie Verte remboursé par votre banque : \+\s42,00\s€/).waitFor();
    expect(await screen.toast(/rembours/i).count()).toBe(1);

    const refunded = screen.past
      .getByTestId('direct-debit')
      .and(screen.page.locator('[data-status="refunded"]'))
      .filter({ hasText: euros(4_200) });
    await refunded.waitFor();
    expect(await refunded.getByRole('button').count()).toBe(0);
    await expect.poll(async () => (await mainAccount()).bookedBalance).toBe(before.bookedBalance);
    expect((await collectionOf(announced.id))?.refundedAt).not.toBeNull();
  });

  it('contests a debited collection; the decision and its reason show without a reload', async () => {
    const announced = await announce({ mandateId: 'RUM-E2E-INCONNU', amount: 2_500 });
    await present(announced.id);
    const row = screen.past
      .getByTestId('direct-debit')
      .and(screen.page.locator('[data-status="booked"]'))
      .filter({ hasText: euros(2_500) });
    await row.waitFor();

    await row.getByRole('button', { name: /^Contester le prélèvement/ }).click();
    const form = screen.page.getByTestId('direct-debit-claim-form');
    await form.waitFor();
    await form.getByRole('button', { name: 'Envoyer la contestation' }).click();
    await form.getByText(DIRECT_DEBIT_MESSAGES.claimReasonRequired).waitFor();
    await form
      .getByLabel('Pourquoi ce prélèvement n’était-il pas autorisé ?')
      .fill('Je n’ai jamais signé de mandat avec ce créancier.');
    await screen.page.setViewportSize(PHONE);
    await shoot(screen.page, 'claim-form', { fullPage: false });
    await screen.page.setViewportSize(DESKTOP);
    await form.getByRole('button', { name: 'Envoyer la contestation' }).click();
    await screen.toast('Contestation envoyée').waitFor();
    const claim = row.getByTestId('direct-debit-claim');
    await claim.filter({ hasText: 'Contestation en cours d’examen' }).waitFor();
    expect(await row.getByRole('button', { name: /^Contester/ }).count()).toBe(0);

    // Compliance rejects it: the status and the reason reach the screen live.
    const pending = (await collectionOf(announced.id))?.claim;
    if (!pending) throw new Error('no claim recorded');
    const decided = await operator.post(`/api/backoffice/direct-debit-claims/${pending.id}/decision`, {
      decision: 'reject',
      note: 'Le créancier a fourni le mandat signé le 15 janvier 2026.',
    });
    expect(decided.status).toBe(200);
    await claim.filter({ hasText: 'Contestation refusée' }).waitFor();
    expect(oneLine(await claim.textContent())).toContain(
      'Motif de la décision : Le créancier a fourni le mandat signé le 15 janvier 2026.',
    );
    expect(await screen.notReloaded()).toBe(true);

    await shootBoth(screen.page, 'prelevements');
    await expectAccessible(screen.page, '/virementshome/prelevements with every state', 'main');
  });
});
