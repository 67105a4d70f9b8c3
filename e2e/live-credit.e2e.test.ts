import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';
import { operatorApi } from './pages/operator-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

describe('Dashboard: a credit appears live (docs/product/accounts-and-spaces.md#live-updates)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the operation, the new balance and a discreet notification, without a reload', async () => {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const app = new ComptoirApp(page, server.url);
    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
    const main = (await app.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    if (!main?.iban) throw new Error('the demo customer has no main account');
    // Marks this document: a reload would make a new one without the mark.
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    const operator = await operatorApi(server.url, server.demoOperator);
    await operator.creditIncomingTransfer({ iban: main.iban, amount: 1234, debtorName: 'Ada Lovelace' });

    const notification = page.getByRole('alert').filter({ hasText: 'Virement reçu' });
    await notification.waitFor();
    // Amounts are printed with no-break spaces.
    const said = (await notification.textContent())?.replace(/\s+/g, ' ');
    expect(said).toContain('Virement reçu : + 12,34 € d’Ada Lovelace');

    const operation = app.operations.filter({ hasText: 'Ada Lovelace' });
    await operation.waitFor();
    expect(await operation.getByTestId('operation-amount').textContent()).toContain('12,34');

    const newBalance = formatEuros(cents(main.bookedBalance + 1234));
    await app.balanceCard.filter({ hasText: newBalance }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  });
});
