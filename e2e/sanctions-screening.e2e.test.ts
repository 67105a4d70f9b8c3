import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ACCOUNT_FROZEN_MESSAGE, type Account, type NotificationsPage } from '@comptoir/contracts';
import { makeCustomer, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { createOperator } from '../apps/server/src/modules/operators/index.ts';
import { recordCheckedBeneficiary } from '../apps/server/src/modules/beneficiaries/index.ts';
import {
  loadSyntheticList,
  syntheticList,
} from '../apps/server/src/modules/sanctions-lists/__tests__/testing.ts';
import { verifyLedger } from '../apps/server/src/ledger/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { operatorApi } from './pages/operator-api.ts';
import { apiPost, expectAccessible } from './pages/page-checks.ts';
import { ScreeningPages } from './pages/screening-pages.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { freshTotpCode } from './pages/totp.ts';
import { TotpWallet } from './pages/totp-wallet.ts';
import { TransferScaDialog, TransferScreens } from './pages/transfer-pages.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Pictures to look at: the queue, the alert, the freezes and the customer's refusal, at 360 and 1280 px. */
const { folder, shoot, shootBoth } = screenshots('sanctions-screening');

/** The amendment of the synthetic list adds entity 900131 « Valentin ORLOVSKI », born 1984-03-12. */
const LISTED_ID = '900131';
const CUSTOMER_NAME = 'Valentin Orlovski';
const PAYEE_NAME = 'Ada Lovelace';

/** What the customer must never read: the list, its regulation, the entity, the screening. */
const TIP_OFF = /sanction|liste|orlovski|\bUE\b|règlement|criblage|9901|900131/i;

const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** One part of the page at 360 px then 1280 px, then back to the page's own size. */
async function shootPartAtBothWidths(page: Page, name: string, part: Locator): Promise<void> {
  const own = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await part.scrollIntoViewIfNeeded();
    await shoot(page, name, { part });
  }
  if (own) await page.setViewportSize(own);
}

describe('Sanctions screening (docs/screening.md): list upload, alert, four-eyes freeze, neutral refusal, four-eyes lifting', () => {
  let server: TestServer;
  let adminBrowser: Browser;
  let complianceBrowser: Browser;
  let customerBrowser: Browser;
  let admin: ScreeningPages;
  let compliance: ScreeningPages;
  let customerScreens: TransferScreens;
  let customer: TestCustomer;
  let complianceOperator: { email: string; password: string; totpSecret: string };
  const wallet = new TotpWallet();

  /** Ledger entries touching the customer's accounts, and their transfer orders. */
  async function moneyTrail(): Promise<{ entries: number; transfers: number }> {
    const { rows } = await server.server.ctx.db.query<{ entries: number; transfers: number }>(
      `select (select count(distinct p.entry_id)::int
                 from ledger_postings p join ledger_accounts a on a.id = p.account_id
                where a.customer_id = $1) as entries,
              (select count(*)::int from transfers where customer_id = $1) as transfers`,
      [customer.id],
    );
    return rows[0]!;
  }

  /** The customer's open alert on the listed entity, once the screening job has opened it. */
  async function openAlertId(): Promise<string | null> {
    const { rows } = await server.server.ctx.db.query<{ id: string }>(
      `select id from screening_alerts
        where subject_kind = 'customer' and subject_id = $1 and logical_id = $2 and status = 'open'`,
      [customer.id, LISTED_ID],
    );
    return rows[0]?.id ?? null;
  }

  async function freezeStatus(): Promise<string | null> {
    const { rows } = await server.server.ctx.db.query<{ status: string }>(
      `select status from asset_freezes where customer_id = $1 and subject_kind = 'customer'`,
      [customer.id],
    );
    return rows[0]?.status ?? null;
  }

  beforeAll(async () => {
    [server, adminBrowser, complianceBrowser, customerBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(DESKTOP),
      launchBrowser(DESKTOP),
      launchBrowser(PHONE),
    ]);
    const ctx = server.server.ctx;

    // The base list is in force before the operator's upload (the sandbox loads it at start: the
    // same file again changes nothing).
    await loadSyntheticList(ctx, 'eu-list');

    customer = await makeCustomer(ctx, { firstName: 'Valentin', lastName: 'Orlovski' });
    await ctx.db.query(`update customers set birth_date = '1984-03-12'::date where id = $1`, [customer.id]);
    const payee = await makeCustomer(ctx, { firstName: 'Ada', lastName: 'Lovelace' });
    const { rows: ibans } = await ctx.db.query<{ customer_id: string; iban: string }>(
      `select customer_id, iban from ledger_accounts where kind = 'customer_main' and customer_id = any($1)`,
      [[customer.id, payee.id]],
    );
    const ibanOf = (id: string) => ibans.find((r) => r.customer_id === id)!.iban;
    await recordCheckedBeneficiary(ctx.db, {
      customer_id: customer.id,
      label: null,
      name: PAYEE_NAME,
      iban: ibanOf(payee.id),
      bic: ctx.config.institution.bic,
      internal: true,
      verification: 'match',
    });
    // Money in, through the sandbox rail like any incoming transfer.
    const demoApi = await operatorApi(server.url, server.demoOperator);
    await demoApi.creditIncomingTransfer({
      iban: ibanOf(customer.id),
      amount: 150_000,
      debtorName: 'Employeur SA',
    });

    const password = 'Guichet-Sécurisé-2024';
    const created = await createOperator(ctx, {
      email: `conformite.${Date.now()}@exemple.test`,
      password,
      role: 'compliance',
      name: 'Claire Conformité',
    });
    complianceOperator = { email: created.operator.email, password, totpSecret: created.totpSecret };

    const pageOf = async (b: Browser) => b.context.pages()[0] ?? (await b.context.newPage());
    admin = new ScreeningPages(await pageOf(adminBrowser));
    compliance = new ScreeningPages(await pageOf(complianceBrowser));
    customerScreens = new TransferScreens(await pageOf(customerBrowser), server.url);
  }, 120_000);

  afterAll(async () => {
    await adminBrowser?.close();
    await complianceBrowser?.close();
    await customerBrowser?.close();
    await server?.stop();
  });

  it('the admin uploads the amended list; the job opens an alert shown side by side; one operator confirms, another approves: frozen', async () => {
    onTestFailed(async () => {
      await admin.page
        .screenshot({ path: join(folder, 'failure-admin.png'), fullPage: true })
        .catch(() => undefined);
      await compliance.page
        .screenshot({ path: join(folder, 'failure-compliance.png'), fullPage: true })
        .catch(() => undefined);
    });
    const demo = server.demoOperator;
    await new BackOfficePages(admin.page, server.url).login(demo.email, demo.password, () =>
      freshTotpCode(demo.totpSecret),
    );
    await admin.open();

    // « Listes »: the amendment through the form; the new version and its counts.
    await admin.tab('Listes');
    const before = await server.server.ctx.db.query<{ n: number }>(
      'select max(version_number)::int as n from sanctions_list_versions',
    );
    const number = (before.rows[0]?.n ?? 0) + 1;
    await admin.uploadList({
      name: 'eu-list-amendment.xml',
      mimeType: 'application/xml',
      buffer: syntheticList('eu-list-amendment'),
    });
    await admin.uploadResult.waitFor();
    expect(oneLine(await admin.uploadResult.textContent())).toBe(
      `Liste n° ${number} chargée : 31 entités (ajoutées : 2, retirées : 1, modifiées : 1). ` +
        'Tous les clients et bénéficiaires vont être criblés contre elle.',
    );
    const row = admin.version(number);
    await row.waitFor();
    const cells = (await row.getByRole('cell').allTextContents()).map(oneLine);
    expect(cells[0]).toBe(`${number}En vigueur`);
    expect(cells[3]).toBe(demo.email);
    expect(cells[4]).toBe('Chargement');
    expect(cells[5]).toBe('31');
    expect(cells[6]).toBe('2 / 1 / 1');
    await shootPartAtBothWidths(admin.page, 'lists', admin.versionsSection);
    await expectAccessible(admin.page, 'Criblage, the list versions');

    // The screening job, running in the server, screens everyone against the new version.
    await expect.poll(openAlertId, { timeout: 30_000 }).not.toBeNull();

    // « Alertes »: the queue shows the alert, the customer and the entry side by side.
    await admin.tab('Alertes');
    await admin.refresh();
    const alert = admin.alert(CUSTOMER_NAME);
    await alert.waitFor();
    expect(await alert.getAttribute('data-status')).toBe('open');
    const subject = alert.getByTestId('bo-screening-subject');
    const entry = alert.getByTestId('bo-screening-entry');
    expect(oneLine(await subject.textContent())).toContain('12 mars 1984');
    expect(await entry.getAttribute('data-logical-id')).toBe(LISTED_ID);
    expect(oneLine(await entry.getByTestId('bo-screening-aliases').textContent())).toContain(
      'Valentin ORLOVSKI',
    );
    expect(oneLine(await entry.getByTestId('bo-screening-regulations').textContent())).toContain(
      'Programme TERR · 9901/2024 (OJ L 9901)',
    );
    const score = Number(
      /(\d+)\/100/.exec(oneLine(await alert.getByTestId('bo-screening-score').textContent()))?.[1],
    );
    expect(score).toBeGreaterThanOrEqual(80);
    const summary = oneLine(await alert.getByTestId('bo-screening-explanation-summary').textContent());
    expect(summary).toContain('Alias fort « Valentin ORLOVSKI »');
    expect(summary).toContain('date de naissance 12/03/1984 concordante');
    expect(summary).toContain(`score ${score}/100`);
    // Side by side at 1280 px: the entry to the right of the subject, on the same line.
    const [left, right] = [await subject.boundingBox(), await entry.boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2);

    await shootBoth(admin.page, 'queue');
    await shootPartAtBothWidths(admin.page, 'alert', alert);
    await expectAccessible(admin.page, 'Criblage, the queue');

    // The admin proposes the confirmation: nothing is frozen yet, and they cannot approve it.
    await admin.proposeConfirmation(alert, 'Même nom et même date de naissance que l’entité listée.');
    await admin.toast('Confirmation proposée : un autre opérateur doit l’approuver.').waitFor();
    await alert.and(admin.page.locator('[data-status="confirmation_proposed"]')).waitFor();
    await alert.getByTestId('bo-screening-own-proposal').waitFor();
    expect(await alert.getByRole('button', { name: 'Approuver le gel' }).count()).toBe(0);
    expect(await freezeStatus()).toBeNull();

    // A compliance operator, in another browser, approves: the freeze is made at once.
    await new BackOfficePages(compliance.page, server.url).login(
      complianceOperator.email,
      complianceOperator.password,
      () => freshTotpCode(complianceOperator.totpSecret),
    );
    await compliance.open();
    const proposed = compliance.alert(CUSTOMER_NAME);
    await proposed.waitFor();
    expect(oneLine(await proposed.getByTestId('bo-screening-proposal').textContent())).toContain(
      'Note : Même nom et même date de naissance que l’entité listée.',
    );
    await compliance.openApproval(proposed);
    expect(oneLine(await compliance.approveDialog.textContent())).toContain(
      `Les avoirs de ${CUSTOMER_NAME} seront gelés dès votre approbation`,
    );
    await shoot(compliance.page, 'approve-dialog', { part: compliance.approveDialog });
    await compliance.approveConfirmation('Approuvé après lecture de l’alerte.');
    await compliance.toast('Gel approuvé : les avoirs du client sont gelés.').waitFor();
    await proposed.waitFor({ state: 'detached' });
    expect(await freezeStatus()).toBe('active');

    // « Gels »: the freeze in force, from the alert on the entity.
    await compliance.tab('Gels');
    const freeze = compliance.freezeOf(CUSTOMER_NAME);
    await freeze.waitFor();
    expect(await freeze.getAttribute('data-status')).toBe('active');
    expect(oneLine(await freeze.textContent())).toContain(`Issu de l’alerte sur l’entité n° ${LISTED_ID}`);
    await shootBoth(compliance.page, 'freezes');
    await expectAccessible(compliance.page, 'Criblage, the freezes');
  });

  it('the frozen customer (360 px) reads the neutral banner, and their transfer is refused in the same words with no ledger entry', async () => {
    const page = customerScreens.page;
    onTestFailed(async () => {
      await page
        .screenshot({ path: join(folder, 'failure-customer.png'), fullPage: true })
        .catch(() => undefined);
    });
    await customerScreens.login(customer.email, customer.password);
    await customerScreens.expectDashboard();

    // The dashboard's banner: the neutral words, and nothing of the list.
    const banner = page.getByTestId('frozen-account-banner');
    await banner.waitFor();
    expect(oneLine(await banner.textContent())).toBe(ACCOUNT_FROZEN_MESSAGE);
    expect(oneLine(await banner.textContent())).not.toMatch(TIP_OFF);
    const dashboardText = (await page.locator('body').innerText()).replace(/Valentin Orlovski/gi, '');
    expect(dashboardText).not.toMatch(TIP_OFF);
    await shootBoth(page, 'customer-banner');

    // An authenticator app, as the profile enrols one (its screens are strong authentication's own test).
    const { secret } = await apiPost<{ secret: string }>(page, '/api/sca/totp/enroll', {});
    const step = TotpWallet.currentStep();
    await apiPost(page, '/api/sca/totp/confirm', {
      code: TotpWallet.codeAt(secret, step),
      name: 'Téléphone',
    });
    wallet.add(secret, step);

    // The transfer is refused before strong authentication, in the neutral words; nothing is written.
    const before = await moneyTrail();
    await customerScreens.openInstant();
    await customerScreens.fill({ amount: '120', beneficiary: PAYEE_NAME, reference: 'Loyer' });
    await customerScreens.submit();
    await customerScreens.problem.waitFor();
    expect(oneLine(await customerScreens.problem.textContent())).toBe(ACCOUNT_FROZEN_MESSAGE);
    expect(oneLine(await customerScreens.form.textContent())).not.toMatch(TIP_OFF);
    expect(await new TransferScaDialog(customerScreens).dialog.count()).toBe(0);
    expect(await moneyTrail()).toEqual(before);
    const main = (await customerScreens.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    expect(main?.frozen).toBe(true);
    expect(main?.availableBalance).toBe(150_000);

    // Nor is anything said elsewhere: the one notification is the credit's, and no mail was sent.
    const notifications = await customerScreens.apiGet<NotificationsPage>('/api/notifications');
    expect(notifications.items.map((n) => n.kind)).toEqual(['credit']);
    expect(JSON.stringify(notifications)).not.toMatch(TIP_OFF);
    const mails = await server.server.ctx.db.query<{ subject: string; text_body: string }>(
      'select subject, text_body from mail_outbox where lower(to_address) = lower($1)',
      [customer.email],
    );
    expect(mails.rows.map((m) => `${m.subject} ${m.text_body}`).join(' ')).not.toMatch(TIP_OFF);
    expect(mails.rows.map((m) => `${m.subject} ${m.text_body}`).join(' ')).not.toMatch(/gel/i);
    await shootBoth(page, 'customer-refusal');
  });

  it('the freeze is lifted by two operators (one proposes, the other approves); the transfer then goes through', async () => {
    onTestFailed(async () => {
      await admin.page
        .screenshot({ path: join(folder, 'failure-lift.png'), fullPage: true })
        .catch(() => undefined);
    });
    // The admin proposes the lifting: the freeze stays in force while it waits.
    await admin.tab('Gels');
    await admin.refresh();
    const freeze = admin.freezeOf(CUSTOMER_NAME);
    await freeze.waitFor();
    await admin.proposeLift(freeze, 'Décision', 'Homonyme : pièce d’identité vérifiée, autre personne.');
    await admin.toast('Levée proposée : un autre opérateur doit l’approuver.').waitFor();
    await freeze.and(admin.page.locator('[data-status="lift_proposed"]')).waitFor();
    await freeze.getByTestId('bo-screening-own-lift').waitFor();
    expect(await freeze.getByRole('button', { name: 'Approuver la levée' }).count()).toBe(0);
    expect(await freezeStatus()).toBe('lift_proposed');
    await shootPartAtBothWidths(admin.page, 'lift-proposed', freeze);

    // The compliance operator approves it: lifted.
    await compliance.refresh();
    const proposed = compliance.freezeOf(CUSTOMER_NAME);
    await proposed.and(compliance.page.locator('[data-status="lift_proposed"]')).waitFor();
    await compliance.approveLift(proposed);
    await compliance.toast('Gel levé.').waitFor();
    await proposed.waitFor({ state: 'detached' });
    expect(await freezeStatus()).toBe('lifted');
    await compliance.showFreezes('Levés');
    const lifted = compliance.freezeOf(CUSTOMER_NAME);
    await lifted.waitFor();
    expect(await lifted.getAttribute('data-status')).toBe('lifted');
    expect(oneLine(await lifted.getByTestId('bo-screening-lift').textContent())).toContain(
      'approuvé par Claire Conformité',
    );

    // The customer: no banner any more, and the same transfer goes through.
    const page = customerScreens.page;
    await customerScreens.open('/');
    await customerScreens.expectDashboard();
    expect(await page.getByTestId('frozen-account-banner').count()).toBe(0);
    const before = await moneyTrail();
    await customerScreens.openInstant();
    await customerScreens.fill({ amount: '120', beneficiary: PAYEE_NAME, reference: 'Loyer' });
    await customerScreens.submit();
    await new TransferScaDialog(customerScreens).confirmWith(await wallet.code());
    await customerScreens.sheet.waitFor();
    expect(await customerScreens.sheetValue('payee')).toBe(`à ${PAYEE_NAME}`);
    expect(await customerScreens.sheetValue('type')).toBe('Virement Instantané');
    expect(await moneyTrail()).toEqual({ entries: before.entries + 1, transfers: before.transfers + 1 });
    await shoot(page, 'customer-sent', { fullPage: false });
    expect(await verifyLedger(server.server.ctx.db)).toEqual([]);
  });
});
