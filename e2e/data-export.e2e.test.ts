import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { customerAccounts } from '../apps/server/src/ledger/index.ts';
import { makeCustomer, PASSWORD } from '../apps/server/src/testing/customers.ts';
import { fund } from '../apps/server/src/modules/transfers/__tests__/testing.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { apiPost } from './pages/page-checks.ts';
import { ProfileScreen } from './pages/profile-page.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { TotpWallet } from './pages/totp-wallet.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Screenshots to look at: « Mes données » and its confirmation at 360 px and 1280 px. */
const { shoot, shootBoth } = screenshots('mes-donnees');

describe('Profil › « Mes données » (GDPR art. 15 and 20): download everything, after a strong authentication', () => {
  let server: TestServer;
  let browser: Browser;
  let app: ProfileScreen;
  const wallet = new TotpWallet();

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser(DESKTOP)]);
    app = new ProfileScreen(browser.context.pages()[0] ?? (await browser.context.newPage()), server.url);
  }, 120_000);

  beforeEach(() => {
    onTestFailed(async () => {
      await shoot(app.page, 'failed').catch(() => undefined);
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('« Télécharger mes données » asks for the code, then saves the JSON file of the customer’s data', async () => {
    const ctx = server.server.ctx;
    const customer = await makeCustomer(ctx, { firstName: 'Noémie', lastName: 'Export' });
    const account = (await customerAccounts(ctx.db, customer.id))[0]!;
    await fund(ctx, account, 42_000);

    await app.login(customer.email, PASSWORD);
    await app.expectDashboard();
    const { secret } = await apiPost<{ secret: string }>(app.page, '/api/sca/totp/enroll', {});
    const step = TotpWallet.currentStep();
    await apiPost(app.page, '/api/sca/totp/confirm', { code: TotpWallet.codeAt(secret, step) });
    wallet.add(secret, step);

    await app.openProfile();
    await app.myData.scrollIntoViewIfNeeded();
    await shootBoth(app.page, 'profil-mes-donnees');
    // The section alone, at phone width (at 1280 px the fixed header covers an element shot).
    await app.page.setViewportSize(PHONE);
    await shoot(app.page, 'section', { part: app.myData });

    await app.myData.getByRole('button', { name: 'Télécharger mes données' }).click();
    await app.scaDialog.getByText('copie de toutes vos données').waitFor();
    for (const size of [PHONE, DESKTOP]) {
      await app.page.setViewportSize(size);
      await shoot(app.page, 'confirmation', { fullPage: false });
    }
    await app.scaDialog.getByRole('button', { name: 'Annuler' }).last().click();
    await app.scaDialog.waitFor({ state: 'detached' });

    const download = await app.downloadMyData(await wallet.code());
    expect(download.suggestedFilename()).toMatch(/^comptoir-mes-donnees-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      readme: { about: string };
      profile: { email: string; lastName: string };
      operations: { amount: number; accountIban: string }[];
    };
    expect(file.readme.about).toMatch(/RGPD/);
    expect(file.profile).toMatchObject({ email: customer.email, lastName: 'Export' });
    expect(file.operations).toEqual([expect.objectContaining({ amount: 42_000, accountIban: account.iban })]);
    await app.toast('Vos données ont été téléchargées.').waitFor();
    await app.waitForPath('/profil');
  });
});
