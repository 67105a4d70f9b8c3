import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';

import { SCA_TOKEN_HEADER, type Account } from '@comptoir/contracts';
import { cents, firstOfMonthOrdinal, formatEuros, formatIban, formatSignedEuros } from '@comptoir/core';
import { makeCustomer, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { recordCheckedBeneficiary } from '../apps/server/src/modules/beneficiaries/index.ts';
import { grantScaToken } from '../apps/server/src/modules/sca/__tests__/testing.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { expectAccessible, apiPost } from './pages/page-checks.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { operatorApi } from './pages/operator-api.ts';
import { TotpWallet } from './pages/totp-wallet.ts';
import { TransferScaDialog, TransferScreens } from './pages/transfer-pages.ts';
import { screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot } = screenshots('virements');
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The sandbox rail's other bank (README): settles, or rejects with AC04. */
const SETTLES = { name: 'Erika Mustermann', iban: 'DE55370400440532014000' };
const CLOSED_ACCOUNT = { name: 'Jonas Becker', iban: 'DE28370400440532014001' };
/** The sandbox rail's bank that never answers: the transfer waits the full timeout (10 s). */
const SILENT_BANK = { name: 'Paul Weber', iban: 'DE71370400440532014003' };

const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** A day `days` after today in Europe/Paris, YYYY-MM-DD. */
function parisDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** « 6 décembre 2026 », « 1er décembre 2026 » for a YYYY-MM-DD day. */
const frenchDay = (day: string): string =>
  firstOfMonthOrdinal(
    new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T12:00:00Z`)),
  );

describe('Transfers (docs/product/transfers.md): forms, strong authentication, confirmation sheet, live updates', () => {
  let server: TestServer;
  let payerBrowser: Browser;
  let payeeBrowser: Browser;
  let payer: TransferScreens;
  let payee: TransferScreens;
  let sca: TransferScaDialog;
  const wallet = new TotpWallet();
  let payerCustomer: TestCustomer;
  let payeeAccount: Account;

  const mainAccount = async (screens: TransferScreens): Promise<Account> => {
    const main = (await screens.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    if (!main?.iban) throw new Error('no main account');
    return main;
  };

  beforeAll(async () => {
    [server, payerBrowser, payeeBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(),
      launchBrowser(),
    ]);
    const ctx = server.server.ctx;
    payerCustomer = await makeCustomer(ctx, { firstName: 'Louise', lastName: 'Girard' });
    const payeeCustomer = await makeCustomer(ctx, { firstName: 'Ada', lastName: 'Lovelace' });

    payer = new TransferScreens(
      payerBrowser.context.pages()[0] ?? (await payerBrowser.context.newPage()),
      server.url,
    );
    payee = new TransferScreens(
      payeeBrowser.context.pages()[0] ?? (await payeeBrowser.context.newPage()),
      server.url,
    );
    sca = new TransferScaDialog(payer);
    await Promise.all([
      payer.login(payerCustomer.email, payerCustomer.password),
      payee.login(payeeCustomer.email, payeeCustomer.password),
    ]);
    await Promise.all([payer.waitForPath('/'), payee.waitForPath('/')]);
    await payer.balanceCard.waitFor();

    // Money in, through the sandbox rail like any incoming transfer.
    const payerAccount = await mainAccount(payer);
    payeeAccount = await mainAccount(payee);
    const operator = await operatorApi(server.url, server.demoOperator);
    await operator.creditIncomingTransfer({
      iban: payerAccount.iban!,
      amount: 200_000,
      debtorName: 'Employeur SA',
    });

    // The payer's beneficiaries (adding them through the dialog is the beneficiaries' own test).
    for (const [name, iban, internal] of [
      ['Ada Lovelace', payeeAccount.iban!, true],
      [SETTLES.name, SETTLES.iban, false],
      [CLOSED_ACCOUNT.name, CLOSED_ACCOUNT.iban, false],
      [SILENT_BANK.name, SILENT_BANK.iban, false],
    ] as const) {
      await recordCheckedBeneficiary(ctx.db, {
        customer_id: payerCustomer.id,
        label: null,
        name,
        iban,
        bic: internal ? payeeAccount.bic : 'COBADEFFXXX',
        internal,
        verification: internal ? 'match' : 'not_possible',
      });
    }

    // Authenticator apps, enrolled through the API the profile uses (its screens are SCA's own test).
    // Each app after the first needs a strong authentication, granted here as the customer's first
    // app would (so that each app keeps its codes for the transfers).
    for (let i = 0; i < 5; i++) {
      const headers: Record<string, string> = {};
      if (i > 0) {
        headers[SCA_TOKEN_HEADER] = await grantScaToken(ctx, payerCustomer.id, 'factor_enrolment', {
          method: 'totp',
        });
      }
      const { secret } = await apiPost<{ secret: string }>(payer.page, '/api/sca/totp/enroll', {}, headers);
      const step = TotpWallet.currentStep();
      await apiPost(payer.page, '/api/sca/totp/confirm', {
        code: TotpWallet.codeAt(secret, step),
        name: `App ${i}`,
      });
      wallet.add(secret, step);
    }
  }, 120_000);

  afterAll(async () => {
    await payerBrowser?.close();
    await payeeBrowser?.close();
    await server?.stop();
  });

  beforeEach(async (context) => {
    onTestFailed(async () => {
      const folder = join(tmpdir(), 'comptoir-e2e-failures');
      mkdirSync(folder, { recursive: true });
      const path = join(folder, `transfers-${context.task.name.replace(/\W+/g, '-').slice(0, 40)}.png`);
      await payer.page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.log(`screenshot: ${path}`);
    });
  });

  it('instant to a customer of this bank: the payer confirms amount and payee, the payee sees it live', async () => {
    await payer.page.setViewportSize(PHONE);
    await payee.open('/');
    // A new customer: no operation yet.
    await payee.page.getByText('Pas de transaction pour le moment !').waitFor();
    await payee.page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    await payer.openInstant();
    await shoot(payer.page, 'instant-form', { fullPage: false });
    await payer.fill({ amount: '25,40', beneficiary: 'Ada Lovelace', reference: 'Diner du 20' });
    await payer.submit();
    await sca.dialog.waitFor();
    // Dynamic linking: what is approved is on screen before the code.
    const summary = await sca.summary();
    expect(summary).toContain(oneLine(formatEuros(cents(2540))));
    expect(summary).toContain('Ada Lovelace');
    expect(summary).toContain(formatIban(payeeAccount.iban!));
    expect(summary).toContain(`Exécution : aujourd’hui, ${frenchDay(parisDay(0))}`);
    expect(summary).toContain('Une seule fois');
    await shoot(payer.page, 'sca-dialog', { fullPage: false });
    // The payee's notification lasts 3 s: watch for it from now on.
    const payeeToast = payee.toast('Virement reçu').filter({ hasText: 'Louise Girard' });
    const notified = payeeToast.waitFor().then(async () => oneLine(await payeeToast.first().textContent()));
    await sca.confirmWith(await wallet.code());

    await payer.sheet.waitFor();
    expect(await payer.sheet.getByText('Vous avez bien envoyé').count()).toBe(1);
    expect(await payer.sheetValue('amount')).toBe(oneLine(formatEuros(cents(2540))));
    expect(await payer.sheetDetail('amount')).toBe(oneLine(formatEuros(cents(2540))));
    expect(await payer.sheetValue('payee')).toBe('à Ada Lovelace');
    expect(await payer.sheetValue('iban')).toBe(formatIban(payeeAccount.iban!));
    expect(await payer.sheetValue('bic')).toBe(payeeAccount.bic);
    expect(await payer.sheetValue('type')).toBe('Virement Instantané');
    expect(await payer.sheetValue('number')).toMatch(/^st-\d{8}$/);
    expect(await payer.sheetValue('date')).toMatch(/^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/);
    await shoot(payer.page, 'sheet-instant', { fullPage: false });
    await expectAccessible(payer.page, 'confirmation sheet', '[role=dialog]');

    // The payee: a discreet notification, the operation and the new balance, without a reload.
    expect(await notified).toContain('+ 25,40 €');
    await payee.operations.filter({ hasText: 'Louise Girard' }).waitFor();
    await payee.balanceCard
      .filter({ hasText: formatEuros(cents(payeeAccount.bookedBalance + 2540)) })
      .waitFor();
    expect(
      await payee.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await shoot(payee.page, 'payee-credited', { fullPage: false });

    await payer.closeSheet();
    await payer.waitForPath('/virementshome');
  });

  it('instant to another bank: settled shows the sheet; rejected (AC04) says why and releases the funds', async () => {
    await payer.page.setViewportSize(DESKTOP);
    const before = await mainAccount(payer);

    await payer.openInstant();
    await payer.fill({ amount: '10', beneficiary: SETTLES.name });
    await payer.submit();
    await sca.confirmWith(await wallet.code());
    await payer.sheet.waitFor();
    expect(await payer.sheetValue('iban')).toBe(formatIban(SETTLES.iban));
    expect(await payer.sheetValue('type')).toBe('Virement Instantané');
    await shoot(payer.page, 'sheet-off-us', { fullPage: false });
    await payer.sheet.getByRole('button', { name: 'Nouveau virement' }).click();
    await payer.sheet.waitFor({ state: 'detached' });

    await payer.fill({ amount: '7,00', beneficiary: CLOSED_ACCOUNT.name });
    await payer.submit();
    await sca.confirmWith(await wallet.code());
    await payer.expectProblem('Virement non effectué');
    expect(oneLine(await payer.problem.textContent())).toContain('AC04');
    expect(await payer.sheet.count()).toBe(0);
    await shoot(payer.page, 'rejected', { fullPage: false });
    // The status events of both transfers reached this page while it waited for their answers: what
    // the screen already said is not repeated in a notification.
    await payer.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await payer.page.locator('.mantine-Notification-root').count()).toBe(0);

    // Only the settled 10 € left the account; the 7 € are available again.
    await expect
      .poll(async () => (await mainAccount(payer)).availableBalance)
      .toBe(before.availableBalance - 1000);
  });

  it('instant to a bank that does not answer: says what it waits for, then why; « Mes opérations » shows the rejected ones', async () => {
    await payer.page.setViewportSize(PHONE);
    const before = await mainAccount(payer);
    await payer.openInstant();
    await payer.fill({ amount: '5', beneficiary: SILENT_BANK.name });
    await payer.submit();
    await sca.confirmWith(await wallet.code());
    const waiting = payer.page.getByTestId('transfer-awaiting-bank');
    await waiting
      .filter({ hasText: 'En attente de la réponse de la banque du bénéficiaire… (jusqu’à 10 secondes)' })
      .waitFor();
    await shoot(payer.page, 'awaiting-bank', { fullPage: false });
    await payer.expectProblem('Virement non effectué');
    expect(oneLine(await payer.problem.textContent())).toContain("la banque du bénéficiaire n'a pas répondu");
    expect(await waiting.count()).toBe(0);

    // Both rejected transfers are in « Mes opérations », struck through with their reason; the
    // balances did not move.
    await payer.open('/');
    const rejected = payer.page
      .getByTestId('operation')
      .filter({ has: payer.page.getByTestId('operation-rejected') });
    await rejected
      .filter({ hasText: 'Rejeté : le compte du bénéficiaire est clôturé (AC04)' })
      .filter({ hasText: CLOSED_ACCOUNT.name })
      .waitFor();
    const silent = rejected.filter({ hasText: "Rejeté : la banque du bénéficiaire n'a pas répondu" });
    await silent.waitFor();
    expect(await silent.getAttribute('data-status')).toBe('voided');
    expect(await silent.getByTestId('operation-amount').getAttribute('aria-label')).toBe(
      `Virement rejeté de ${formatSignedEuros(-500n)}, non débité`,
    );
    await silent.scrollIntoViewIfNeeded();
    await shoot(payer.page, 'operations-rejected', { fullPage: false });
    const after = await mainAccount(payer);
    expect([after.bookedBalance, after.availableBalance]).toEqual([
      before.bookedBalance,
      before.availableBalance,
    ]);
    await payer.page.setViewportSize(DESKTOP);
  });

  it('one-off: reserved, listed on /virementshome and cancelled; a monthly repetition is created and listed', async () => {
    await payer.page.setViewportSize(DESKTOP);
    const before = await mainAccount(payer);

    await payer.openOneOff();
    await payer.fill({ amount: '30', beneficiary: SETTLES.name, reference: 'Acompte' });
    await payer.submit();
    await sca.confirmWith(await wallet.code());
    await payer.sheet.waitFor();
    expect(await payer.sheetValue('type')).toBe('Virement Ponctuel');
    await shoot(payer.page, 'sheet-one-off', { fullPage: false });
    await payer.closeSheet();
    await payer.waitForPath('/virementshome');
    expect((await mainAccount(payer)).availableBalance).toBe(before.availableBalance - 3000);

    const oneOff = payer.upcoming.filter({ hasText: 'Acompte' });
    await oneOff.waitFor();
    expect(oneLine(await oneOff.textContent())).toContain('En cours');
    await oneOff.scrollIntoViewIfNeeded();
    await shoot(payer.page, 'upcoming', { fullPage: false });
    await expectAccessible(payer.page, 'upcoming transfers', '[data-testid=upcoming-transfers]');
    await oneOff.getByRole('button', { name: /^Annuler/ }).click();
    const confirm = payer.page.getByRole('dialog', { name: 'Annuler ce virement ?' });
    await shoot(payer.page, 'cancel-confirm', { fullPage: false });
    await expectAccessible(payer.page, 'cancel confirmation', '[role=dialog]');
    await confirm.getByRole('button', { name: 'Annuler le virement' }).click();
    await payer.toast('Virement annulé').waitFor();
    await oneOff.waitFor({ state: 'detached' });
    await expect.poll(async () => (await mainAccount(payer)).availableBalance).toBe(before.availableBalance);

    // Monthly, from a future day, until a day five months later.
    const first = parisDay(10);
    await payer.openOneOff();
    await payer.fill({
      amount: '15',
      beneficiary: SETTLES.name,
      reference: 'Cotisation',
      executionDate: first,
      repeat: { count: 4 },
    });
    await shoot(payer.page, 'one-off-monthly-form', { fullPage: false });
    await payer.submit();
    // The schedule is part of what is approved: the dialog shows it with the amount and the payee.
    await sca.dialog.waitFor();
    const schedule = await sca.summary();
    expect(schedule).toContain(oneLine(formatEuros(cents(1500))));
    expect(schedule).toContain(SETTLES.name);
    expect(schedule).toContain(formatIban(SETTLES.iban));
    expect(schedule).toContain(`Exécution : le ${frenchDay(first)}`);
    expect(schedule).toContain('Tous les mois, 4 fois');
    for (const size of [PHONE, DESKTOP]) {
      await payer.page.setViewportSize(size);
      await shoot(payer.page, 'sca-dialog-monthly', { fullPage: false });
    }
    await sca.confirmWith(await wallet.code());
    await payer.sheet.waitFor();
    expect(oneLine(await payer.sheet.textContent())).toContain('Programmé pour le');
    expect(await payer.sheet.getByTestId('transfer-sheet-detail-repeat').textContent()).toBe(
      'Tous les mois, 4 fois',
    );
    await shoot(payer.page, 'sheet-scheduled', { fullPage: false });
    await payer.closeSheet();
    const monthly = payer.upcoming.filter({ hasText: 'Cotisation' });
    await monthly.waitFor();
    expect(oneLine(await monthly.textContent())).toContain('Programmé');
    expect(oneLine(await monthly.getByTestId('upcoming-transfer-repeat').textContent())).toBe(
      'Tous les mois, 4 fois',
    );
    for (const size of [PHONE, DESKTOP]) {
      await payer.page.setViewportSize(size);
      await monthly.scrollIntoViewIfNeeded();
      await shoot(payer.page, 'upcoming-monthly', { fullPage: false });
    }
  });

  it('says each of the messages of docs/product/transfers.md#rules-in-this-order, in its order, before any strong authentication', async () => {
    const ctx = server.server.ctx;
    for (const size of [PHONE, DESKTOP]) {
      await payer.page.setViewportSize(size);
      await payer.openInstant();

      // 1. Missing beneficiary / amount ≤ 0.
      await payer.submit();
      await payer.expectProblem('Veuillez remplir tous les champs correctement.');
      await payer.fill({ amount: '0', beneficiary: 'Ada Lovelace' });
      await payer.submit();
      await payer.expectProblem('Veuillez remplir tous les champs correctement.');
      await shoot(payer.page, 'message-incomplete', { fullPage: false });

      // 2. An open blocking document request holds outgoing payments, whatever the balance.
      const hold = await ctx.db.query<{ id: string }>(
        `insert into document_requests (customer_id, kind, reason, blocking) values ($1, 'funds_origin', 'Origine des fonds', true) returning id`,
        [payerCustomer.id],
      );
      await payer.fill({ amount: '999999' });
      await payer.submit();
      await payer.expectProblem('Transaction impossible : un document vous a été demandé');
      // Its link opens the document-request dialog (the upload), not another screen.
      await payer.problem.getByRole('button', { name: 'Envoyer le document demandé' }).waitFor();
      await shoot(payer.page, 'message-hold', { fullPage: false });
      await expectAccessible(
        payer.page,
        `form with a message at ${size.width} px`,
        '[data-testid=transfer-form]',
      );
      await ctx.db.query('delete from document_requests where id = $1', [hold.rows[0]!.id]);

      // 3. More than the available balance.
      await payer.submit();
      await payer.expectProblem('Solde insuffisant pour effectuer cette transaction.');
      await shoot(payer.page, 'message-insufficient', { fullPage: false });

      // A beneficiary deleted meanwhile (another tab): unknown to the server.
      const gone = await recordCheckedBeneficiary(ctx.db, {
        customer_id: payerCustomer.id,
        label: null,
        name: 'Marc Dubois',
        iban: 'FR7630006000011234567890189',
        bic: null,
        internal: false,
        verification: 'not_possible',
      });
      await payer.openInstant();
      await payer.fill({ amount: '5', beneficiary: 'Marc Dubois' });
      await ctx.db.query('delete from beneficiaries where id = $1', [gone.id]);
      await payer.submit();
      await payer.expectProblem('Erreur : Bénéficiaire non trouvé.');
      await shoot(payer.page, 'message-unknown-beneficiary', { fullPage: false });

      // Any other refusal of the server, with its own words.
      await payer.openOneOff();
      await payer.fill({ amount: '5', beneficiary: SETTLES.name, executionDate: parisDay(400) });
      await payer.submit();
      await payer.expectProblem('Erreur lors de la création du virement : ');
      await shoot(payer.page, 'message-server-error', { fullPage: false });
    }
    // None of these reached strong authentication.
    expect(await sca.dialog.count()).toBe(0);
  });
});
