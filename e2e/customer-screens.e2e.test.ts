import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { makeCustomer, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { recordCheckedBeneficiary } from '../apps/server/src/modules/beneficiaries/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { watchConsole } from './pages/console-errors.ts';
import { operatorApi } from './pages/operator-api.ts';
import { apiPost, expectAccessible } from './pages/page-checks.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { TotpWallet } from './pages/totp-wallet.ts';
import { TransferScreens } from './pages/transfer-pages.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot } = screenshots('customer-screens');

/** The other bank of the sandbox rail (README). */
const OTHER_BANK = { name: 'Erika Mustermann', iban: 'DE55370400440532014000' };

describe('customer screens: small defects, accessibility and a quiet console', () => {
  let server: TestServer;
  let browser: Browser;
  let app: TransferScreens;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    app = new TransferScreens(browser.context.pages()[0] ?? (await browser.context.newPage()), server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    await browser.context.clearCookies();
    await app.page.setViewportSize(DESKTOP);
  });

  /** Signs in and waits for the screen the status leads to. */
  async function signIn(customer: TestCustomer, landing: string): Promise<void> {
    await app.login(customer.email, customer.password);
    await app.waitForPath(landing);
  }

  it('/wait-for-activation: « Retourner à la page d’accueil » signs out and goes to the home page', async () => {
    const applicant = await makeCustomer(server.server.ctx, { status: 'pending_review' });
    const watch = watchConsole(app.page);
    await signIn(applicant, '/wait-for-activation');
    await app.page.getByRole('heading', { name: 'Votre demande est en cours d’examen' }).waitFor();
    await app.page.getByRole('button', { name: 'Retourner à la page d’accueil' }).click();
    await app.expectHome();
    // Signed out on the server too.
    watch.expectRefusal(401, '/api/me');
    expect(await app.apiStatus('/api/me')).toBe(401);
    watch.stop();
  });

  it('/virementshome/ponctuel: a monthly repetition without its end date marks that field, in French, and focuses it', async () => {
    const customer = await makeCustomer(server.server.ctx, { firstName: 'Inès', lastName: 'Garnier' });
    const watch = watchConsole(app.page);
    await signIn(customer, '/');
    await app.openOneOff();
    // No beneficiary yet: the sentence's link is underlined, not told apart by its colour only.
    await app.form.getByText('Oups ! Pas de bénéficiaire pour le moment !').waitFor();
    await expectAccessible(app.page, '/virementshome/ponctuel without a beneficiary');

    await recordCheckedBeneficiary(server.server.ctx.db, {
      customer_id: customer.id,
      label: null,
      name: OTHER_BANK.name,
      iban: OTHER_BANK.iban,
      bic: 'COBADEFFXXX',
      internal: false,
      verification: 'not_possible',
    });
    await app.openOneOff();
    await app.fill({ amount: '25', beneficiary: OTHER_BANK.name });
    await app.form.getByLabel('Répéter tous les mois').check();
    await app.submit();

    await app.expectProblem('Veuillez remplir tous les champs correctement.');
    const endDate = app.form.getByLabel('Dernier virement au plus tard le');
    await app.form.getByText('Choisissez la date du dernier virement, après la date d’exécution.').waitFor();
    expect(await endDate.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => endDate.evaluate((field) => field === document.activeElement)).toBe(true);
    // The fields that hold are not marked.
    expect(await app.form.getByLabel('Montant', { exact: true }).getAttribute('aria-invalid')).not.toBe(
      'true',
    );
    await expectAccessible(
      app.page,
      '/virementshome/ponctuel with a field refused',
      '[data-testid=transfer-form]',
    );
    for (const size of [PHONE, DESKTOP]) {
      await app.page.setViewportSize(size);
      await endDate.scrollIntoViewIfNeeded();
      await shoot(app.page, 'ponctuel-end-date-missing', { fullPage: false });
    }
    watch.stop();
  });

  it('/profil: headings go down one level at a time, and an open dialog adds no second banner', async () => {
    const customer = await makeCustomer(server.server.ctx, { firstName: 'Paul', lastName: 'Renard' });
    const watch = watchConsole(app.page);
    await signIn(customer, '/');
    await app.open('/profil');
    await app.page.getByRole('heading', { name: 'Mes informations', level: 2 }).waitFor();
    await app.page.waitForLoadState('networkidle');
    await expectAccessible(app.page, '/profil');
    for (const size of [PHONE, DESKTOP]) {
      await app.page.setViewportSize(size);
      await shoot(app.page, 'profil', { fullPage: false });
    }

    await app.page.getByTestId('identity-change-open').click();
    const dialog = app.page.getByRole('dialog');
    await dialog.waitFor();
    expect(await app.page.getByRole('banner').count()).toBe(1);
    await expectAccessible(app.page, '/profil with a dialog open');
    await shoot(app.page, 'profil-dialog', { fullPage: false });
    watch.stop();
  });

  it('refusals the screens expect (a wrong password, an insufficient balance, a wrong code) print no error of the app; « 9+ » unread reads whole', async () => {
    const customer = await makeCustomer(server.server.ctx, { firstName: 'Lucie', lastName: 'Morel' });
    const watch = watchConsole(app.page);

    watch.expectRefusal(401, '/api/auth/login');
    await app.login(customer.email, 'pas-le-bon-mot-de-passe');
    await app.loginError.first().waitFor();
    await app.submitLogin(customer.email, customer.password);
    await app.waitForPath('/');
    await app.balanceCard.waitFor();

    // Ten credits: ten unread notifications, one more than the bell's badge counts in full.
    const main = (await app.apiGet<Account[]>('/api/accounts')).find((a) => a.kind === 'main');
    const operator = await operatorApi(server.url, server.demoOperator);
    for (let i = 0; i < 10; i++) {
      await operator.creditIncomingTransfer({ iban: main!.iban!, amount: 10_00, debtorName: 'Employeur SA' });
    }
    await recordCheckedBeneficiary(server.server.ctx.db, {
      customer_id: customer.id,
      label: null,
      name: OTHER_BANK.name,
      iban: OTHER_BANK.iban,
      bic: 'COBADEFFXXX',
      internal: false,
      verification: 'not_possible',
    });
    const { secret } = await apiPost<{ secret: string }>(app.page, '/api/sca/totp/enroll', {});
    await apiPost(app.page, '/api/sca/totp/confirm', {
      code: TotpWallet.codeAt(secret, TotpWallet.currentStep()),
      name: 'Téléphone',
    });

    await app.openInstant();
    const count = app.page.getByTestId('notification-count');
    await expect.poll(() => count.textContent()).toBe('9+');
    // Both characters fit: the label is not cut to « 9. ».
    expect(
      await count.evaluate((badge) => {
        const label = badge.querySelector('.mantine-Badge-label') ?? badge;
        return label.scrollWidth <= label.clientWidth && badge.scrollWidth <= badge.clientWidth;
      }),
    ).toBe(true);
    for (const size of [PHONE, DESKTOP]) {
      await app.page.setViewportSize(size);
      await shoot(app.page, 'bell-9-plus', { part: app.page.locator('header').first() });
    }

    watch.expectRefusal(422, '/api/transfers');
    await app.fill({ amount: '500', beneficiary: OTHER_BANK.name });
    await app.submit();
    await app.expectProblem('Solde insuffisant pour effectuer cette transaction.');

    // Asked without a token first (`sca_required`), then a wrong code in the dialog.
    watch.expectRefusal(401, '/api/transfers');
    watch.expectRefusal(401, /^\/api\/sca\/challenges\/[^/]+\/verify$/);
    await app.fill({ amount: '5' });
    await app.submit();
    const sca = app.page.getByRole('dialog', { name: 'Confirmer le virement' });
    await sca.getByLabel('Code de vérification').fill('000000');
    await sca.getByRole('button', { name: 'Valider' }).click();
    await sca.getByText('Code incorrect').first().waitFor();
    watch.stop();
  });
});
