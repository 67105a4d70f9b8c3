import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, OperationDetail, OperationsPage, OperationsSummary } from '@comptoir/contracts';
import { cents, formatEuros, formatSignedEuros, statementMonthOf } from '@comptoir/core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { makeCustomer, PASSWORD } from '../apps/server/src/testing/customers.ts';
import { glAccount, importPostedHistory, type HistoryRow } from '../apps/server/src/ledger/index.ts';
import { customerAccounts } from '../apps/server/src/ledger/index.ts';
import { syntheticHistory } from '../apps/server/src/testing/operation-history.ts';
import { monthLabel } from '../apps/web/src/customer/operations/months.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { OperationsScreen } from './pages/operations-page.ts';
import { DESKTOP, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shootBoth } = screenshots('operations');

/** The UTC instant of a Luxembourg wall-clock time in winter (CET, UTC+1), for a month 2–4 back. */
const monthStart = (monthsBack: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1, 9, 0, 0));
};

describe('Operations (docs/product/accounts-and-spaces.md#finding-an-operation): search, month filter, detail sheet, monthly summary', () => {
  let server: TestServer;
  let browser: Browser;
  let screen: OperationsScreen;
  let main: Account;
  const rent: HistoryRow = {
    at: new Date(monthStart(2).getTime() + 9 * 86_400_000),
    amount: -98_765n,
    kind: 'transfer',
    counterpartyName: 'SCI Les Ormes',
    counterpartyIban: 'FR7630006000011234567890189',
    reference: 'Loyer du mois',
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser(DESKTOP)]);
    const ctx = server.server.ctx;
    const customer = await makeCustomer(ctx, { firstName: 'Inès', lastName: 'Faure' });
    // 160 operations over the last three months and this one, plus the rent, booked in bulk.
    const history = [...syntheticHistory(160, monthStart(3), new Date(Date.now() - 3_600_000)), rent].sort(
      (a, b) => a.at.getTime() - b.at.getTime(),
    );
    // The deposit first, whatever its date: the balance never goes below zero.
    const deposit = history.findIndex((r) => r.counterpartyName === 'Apport initial');
    history.unshift(...history.splice(deposit, 1));
    history[0]!.amount += 200_000n;
    await ctx.db.tx(async (q) => {
      const [account] = await customerAccounts(q, customer.id);
      await importPostedHistory(q, account!.id, (await glAccount(q, 'gl:sepa-clearing')).id, history);
    });
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    screen = new OperationsScreen(page, server.url);
    await screen.login(customer.email, PASSWORD);
    await screen.expectDashboard();
    main = (await screen.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main')!;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const api = <T>(path: string) => screen.apiGet<T>(`/api/accounts/${main.id}${path}`);

  it('shows the month’s summary with the server’s exact totals, and its table', async () => {
    const month = statementMonthOf(new Date());
    const summary = await api<OperationsSummary>(`/summary?month=${month}`);
    await screen.summary.getByTestId('summary-in').waitFor();
    expect(await screen.summary.getByTestId('summary-in').textContent()).toBe(
      `+ ${formatEuros(cents(summary.moneyIn))}`,
    );
    expect(await screen.summary.getByTestId('summary-out').textContent()).toBe(
      `− ${formatEuros(cents(summary.moneyOut))}`,
    );
    // The table alternative is there for screen readers, and on screen on demand.
    const hiddenTable = screen.summary.getByRole('table');
    expect(await hiddenTable.getByRole('row').count()).toBe(7);
    await screen.summary.getByRole('button', { name: 'Voir sous forme de tableau' }).click();
    await screen.summary.getByTestId('summary-table').waitFor({ state: 'visible' });
    await shootBoth(screen.page, 'summary-table');
    await screen.summary.getByRole('button', { name: 'Voir le graphique' }).click();
    await screen.summary.getByTestId('summary-chart').waitFor();
    await screen.page.setViewportSize(DESKTOP);
    await expectAccessible(screen.page, 'dashboard with summary', 'main');
    await shootBoth(screen.page, 'dashboard');
  });

  it('searches by counterparty, without accents or case, and by st- number', async () => {
    const [rentOperation] = (await api<OperationsPage>('/transactions?q=ormes')).items;
    await screen.search.fill('ormès');
    await screen.expectNumbers([rentOperation!.number]);
    expect(await screen.operations.first().textContent()).toContain('SCI Les Ormes');
    await shootBoth(screen.page, 'search-counterparty');

    const all = await api<OperationsPage>('/transactions?limit=30');
    const target = all.items[17]!;
    await screen.search.fill(target.number);
    await screen.expectNumbers([target.number]);

    await screen.search.fill('aucune-opération-ainsi');
    await screen.empty.waitFor();
    expect(await screen.empty.textContent()).toBe('Aucune opération ne correspond à votre recherche.');
    await shootBoth(screen.page, 'search-empty');
    await screen.page.getByRole('button', { name: 'Effacer la recherche' }).click();
    await screen.expectCount(20);
  });

  it('filters by month, scrolls through every page of it, and the summary follows', async () => {
    const month = monthStart(2).toISOString().slice(0, 7);
    const expected: string[] = [];
    let cursor: string | null = null;
    do {
      const page: OperationsPage = await api<OperationsPage>(
        `/transactions?limit=100&month=${month}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expected.push(...page.items.map((i) => i.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(expected.length).toBeGreaterThan(20);

    await screen.chooseMonth(monthLabel(month));
    await screen.page.waitForFunction(
      () => document.querySelector('[data-testid="summary-month"]')?.textContent !== '',
    );
    await screen.expectNumbers(expected.slice(0, 20));
    await screen.scrollToEnd();
    await screen.expectNumbers(expected);

    // The summary shows the chosen month, and its totals are the month's operations added up.
    const summary = await api<OperationsSummary>(`/summary?month=${month}`);
    const items = (await api<OperationsPage>(`/transactions?limit=100&month=${month}`)).items;
    const sum = (sign: 1 | -1) =>
      items.filter((i) => Math.sign(i.amount) === sign).reduce((s, i) => s + Math.abs(i.amount), 0);
    expect(summary.moneyIn).toBe(sum(1));
    expect(summary.moneyOut).toBe(sum(-1));
    await screen.page.waitForFunction(
      (label) => document.querySelector('[data-testid="summary-month"]')?.textContent === label,
      monthLabel(month),
    );
    await screen.page.waitForFunction(
      (text) => document.querySelector('[data-testid="summary-out"]')?.textContent === text,
      `− ${formatEuros(cents(summary.moneyOut))}`,
    );
    await shootBoth(screen.page, 'month-filter');
  });

  it('opens an operation’s detail sheet from the keyboard, with every field', async () => {
    await screen.chooseMonth('Tous les mois');
    const [only] = (await api<OperationsPage>('/transactions?q=ormes')).items;
    await screen.search.fill('ormes');
    await screen.expectNumbers([only!.number]);
    await screen.page.getByTestId('operation-open').first().focus();
    await screen.page.keyboard.press('Enter');
    await screen.detail.waitFor();
    await screen.detailValue('number').waitFor();
    const detail = await api<OperationDetail>(`/transactions/${only!.id}`);
    expect(await screen.detail.getByTestId('detail-amount').textContent()).toBe(
      formatSignedEuros(cents(-98_765)),
    );
    expect(await screen.detailValue('number').textContent()).toBe(detail.number);
    expect(await screen.detailValue('counterparty').textContent()).toBe('SCI Les Ormes');
    expect(await screen.detailValue('iban').textContent()).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(await screen.detailValue('reference').textContent()).toBe('Loyer du mois');
    expect(await screen.detailValue('status').textContent()).toBe('Comptabilisée');
    expect(await screen.detailValue('kind').textContent()).toBe('Virement');
    expect(await screen.detailValue('balance-after').textContent()).toBe(
      formatEuros(cents(detail.balanceAfter!)),
    );
    expect(await screen.detailValue('date').textContent()).toMatch(
      /^[A-Z][a-zé]+ \d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2}$/,
    );
    expect(await screen.detailValue('value-date').textContent()).toMatch(/^\d{1,2} [a-zéû]+ \d{4}$/);
    await expectAccessible(screen.page, 'operation detail', '[role="dialog"]');
    await shootBoth(screen.page, 'detail');
    await screen.page.keyboard.press('Escape');
    await screen.detail.waitFor({ state: 'hidden' });
  });
});
