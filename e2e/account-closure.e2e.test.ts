import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { makeCustomer, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { listMailbox } from '../apps/server/src/mail/mailbox.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { operatorApi } from './pages/operator-api.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { PHONE, screenshots } from './pages/screenshots.ts';
import { VirementsScreen } from './pages/virements-page.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot, shootBoth } = screenshots('cloture');

describe('A customer closed by the bank (docs/back-office.md#holds-manual-entries-closing)', () => {
  let server: TestServer;
  let closedBrowser: Browser;
  let payerBrowser: Browser;
  let closed: TestCustomer;
  let closedApp: VirementsScreen;
  let payer: VirementsScreen;
  let closedIban: string;

  beforeAll(async () => {
    [server, closedBrowser, payerBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(PHONE),
      launchBrowser(),
    ]);
    closed = await makeCustomer(server.server.ctx, { firstName: 'Clotilde', lastName: 'Fermat' });
    closedApp = new VirementsScreen(
      closedBrowser.context.pages()[0] ?? (await closedBrowser.context.newPage()),
      server.url,
    );
    payer = new VirementsScreen(
      payerBrowser.context.pages()[0] ?? (await payerBrowser.context.newPage()),
      server.url,
    );
  }, 120_000);

  beforeEach(() => {
    onTestFailed(async () => {
      await shoot(closedApp.page, 'failed-closed').catch(() => undefined);
      await shoot(payer.page, 'failed-payer').catch(() => undefined);
    });
  });

  afterAll(async () => {
    await closedBrowser?.close();
    await payerBrowser?.close();
    await server?.stop();
  });

  it('signed in when the bank closes the account: the sign-in page says so, and a mail tells why', async () => {
    await closedApp.login(closed.email, closed.password);
    await closedApp.waitForPath('/');
    await closedApp.balanceCard.waitFor();
    const main = (await closedApp.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    if (!main?.iban) throw new Error('no main account');
    closedIban = main.iban;

    const operator = await operatorApi(server.url, server.demoOperator);
    const res = await operator.post(`/api/backoffice/customers/${closed.id}/close`);
    expect(res.status).toBe(200);

    // Without a reload: the live stream ends the session and names the reason.
    await closedApp.waitForPath('/connexion');
    const notice = closedApp.page.getByRole('alert').filter({ hasText: 'Votre compte a été clôturé' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('ne pouvez plus vous connecter');
    await shootBoth(closedApp.page, 'sign-in-closed');
    await expectAccessible(closedApp.page, 'sign-in page after closing');

    const mails = await listMailbox(server.server.ctx, closed.email);
    expect(mails.map((m) => m.subject)).toContain('Votre compte Comptoir est clôturé');
  }, 120_000);

  it('adding the closed account as a beneficiary says « Compte clôturé » at « Vérifier », before strong authentication', async () => {
    if (!closedIban) throw new Error('the first test closes the account');
    await payer.login(server.demoCustomer.email, server.demoCustomer.password);
    await payer.expectDashboard();
    await payer.openVirements();
    await payer.openAddDialog();
    await payer.fillPayee({ name: 'Clotilde Fermat', iban: closedIban });
    const answer = await payer.verify();
    expect(answer).toMatchObject({
      result: 'account_closed',
      text: expect.stringContaining('Compte clôturé'),
    });
    // Nothing beyond « closed »: not the holder's name.
    expect(answer.text).not.toContain('Fermat');
    expect(await payer.saveButton.isDisabled()).toBe(true);
    await shootBoth(payer.page, 'beneficiary-closed');
    await expectAccessible(payer.page, 'add beneficiary, closed account', '[role=dialog]');
  }, 120_000);
});
