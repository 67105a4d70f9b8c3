import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficeAdminPages } from './pages/backoffice-admin-pages.ts';
import { BACKOFFICE_PATH, BackOfficePages } from './pages/backoffice-pages.ts';
import { freshTotpCode } from './pages/totp.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

describe('The back office at a configured path (BACKOFFICE_PATH, docs/product/paths.md#back-office)', () => {
  let server: TestServer;
  let browser: Browser;
  let operator: BackOfficePages;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer({ backofficePath: '/bureau-7731' }),
      launchBrowser(),
    ]);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    operator = new BackOfficePages(page, server.url, '/bureau-7731');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('works there: an operator signs in and sees the customers', async () => {
    const op = server.demoOperator;
    await operator.login(op.email, op.password, () => freshTotpCode(op.totpSecret));
    expect(new URL(operator.page.url()).pathname).toBe('/bureau-7731');
    // Another screen of the back office keeps its path.
    await new BackOfficeAdminPages(operator.page).goTo('Opérateurs');
    expect(new URL(operator.page.url()).pathname).toBe('/bureau-7731');
  });

  it('leaves the default path an unknown one: the public home page', async () => {
    await browser.context.clearCookies();
    const response = await operator.page.goto(new URL(BACKOFFICE_PATH, server.url).toString());
    expect(response?.status()).toBe(404);
    await operator.page.getByRole('link', { name: 'Ouvrir mon compte' }).first().waitFor();
    expect(await operator.loginHeading.count()).toBe(0);
  });
});
