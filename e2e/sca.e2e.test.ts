import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { ScaFactor } from '@comptoir/contracts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { SecurityScreen } from './pages/security-page.ts';
import { freshTotpCode } from './pages/totp.ts';
import { makeCustomer } from '../apps/server/src/testing/customers.ts';
import * as OTPAuth from 'otpauth';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const SCREENSHOTS = join(tmpdir(), 'comptoir-e2e-screenshots');

/**
 * Second factors in the browser: the demo customer (who starts without any) enrols an authenticator
 * app from /profil, then is asked for it at sign-in; another customer makes a passkey with
 * Chromium's virtual authenticator and uses it in the SCA dialog (adding an app, removing it) and at
 * sign-in. The site is
 * opened as `localhost` (a WebAuthn relying party is a domain name, not an IP address).
 */
describe('strong authentication: authenticator app and passkey', () => {
  let server: TestServer;
  let browser: Browser;
  let app: SecurityScreen;
  let secret = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async (context) => {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    app = new SecurityScreen(page, server.url.replace('127.0.0.1', 'localhost'));
    onTestFailed(async () => {
      const folder = join(tmpdir(), 'comptoir-e2e-failures');
      mkdirSync(folder, { recursive: true });
      const path = join(folder, `${context.task.name.replace(/\W+/g, '-').slice(0, 40)}.png`);
      await page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.log(`screenshot: ${path}`);
    });
  });

  it('enrols an authenticator app from /profil, then signs in with its code', async () => {
    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
    // No factor yet: invited to secure transfers.
    await app.page.getByText('Sécurisez vos virements').waitFor();

    await app.openSecurity();
    await app.page.getByText('Aucune méthode de vérification pour l’instant.').waitFor();
    secret = await app.startTotpEnrolment();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shoot(app, 'profile-totp-enrolment');

    await app.submitCode('000000');
    await app.page.getByRole('alert').filter({ hasText: 'Code incorrect' }).waitFor();
    await app.submitCode(await freshTotpCode(secret));
    await app.status('Application d’authentification ajoutée.').waitFor();
    await app.factors.filter({ hasText: 'Application d’authentification' }).waitFor();
    await shoot(app, 'profile-security');

    await app.signOut();
    await app.expectHome();
    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.secondStepHeading.waitFor();
    await shoot(app, 'login-second-step');
    // Half signed in: the API still refuses the customer area.
    expect(await app.apiStatus('/api/accounts')).toBe(401);
    await app.submitCode(await freshTotpCode(secret));
    await app.expectDashboard();
    expect(await app.page.getByText('Sécurisez vos virements').count()).toBe(0);
  });

  it('registers a passkey with the virtual authenticator, confirms a second factor and a removal with it, signs in with it', async () => {
    // A customer of their own, without any factor (the demo customer has the app of the test above).
    const customer = await makeCustomer(server.server.ctx, { firstName: 'Léa', lastName: 'Bernard' });
    await browser.context.clearCookies();
    const cdp = await app.addVirtualAuthenticator();
    try {
      await app.login(customer.email, customer.password);
      await app.waitForPath('/');
      await app.balanceCard.waitFor();

      await app.openSecurity();
      await app.addPasskey();
      await app.status('Clé d’accès ajoutée.').waitFor();
      await app.factors.filter({ hasText: 'Clé d’accès' }).waitFor();

      // A second factor is confirmed with the first one: the SCA dialog, then the app's secret.
      await app.addTotpButton.click();
      const confirmAdd = app.page.getByRole('dialog', { name: 'Confirmer l’ajout' });
      await confirmAdd.getByText('Ajout d’une application d’authentification à votre compte.').waitFor();
      await confirmAdd.getByRole('button', { name: 'Utiliser ma clé d’accès' }).click();
      const appSecret = await app.totpSecret();
      await app.submitCode(codeNow(appSecret));
      await app.status('Application d’authentification ajoutée.').waitFor();
      expect(await app.factors.count()).toBe(2);

      await app.signOut();
      await app.expectHome();
      await app.login(customer.email, customer.password);
      await app.secondStepHeading.waitFor();
      await app.usePasskeyButton.click();
      await app.waitForPath('/');
      await app.balanceCard.waitFor();

      // Removing the app asks for a strong confirmation: the dialog shows what is approved first.
      await app.openSecurity();
      const appFactor = app.factors.filter({ hasText: 'Application d’authentification' });
      await appFactor.getByRole('button', { name: 'Supprimer' }).click();
      await app.dialog.getByRole('button', { name: 'Supprimer' }).click();
      const confirmation = app.page.getByRole('dialog', { name: 'Confirmer la suppression' });
      await confirmation.getByTestId('sca-summary').getByText('Application d’authentification').waitFor();
      await confirmation.getByRole('button', { name: 'Utiliser ma clé d’accès' }).waitFor();
      await shoot(app, 'sca-dialog');
      await confirmation.getByRole('button', { name: 'Utiliser ma clé d’accès' }).click();
      await confirmation.waitFor({ state: 'detached' });
      await appFactor.waitFor({ state: 'detached' });
      const left = await app.apiGet<ScaFactor[]>('/api/sca/factors');
      expect(left.map((f) => f.type)).toEqual(['passkey']);
    } finally {
      await cdp.detach();
    }
  });
});

/** The code of an authenticator app for a secret never used before (any current step is new). */
const codeNow = (secret: string): string =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });

/**
 * Screenshots for a person to look at (not compared), 360 px and 1280 px wide; at each width nothing
 * sticks out sideways and axe's WCAG A/AA rules pass.
 */
async function shoot(app: SecurityScreen, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ] as const) {
    await app.page.setViewportSize({ width, height });
    // The layout settles a moment after the resize (the shell's transitions): wait for it.
    await expect
      .poll(
        () =>
          app.page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        { message: `horizontal overflow of ${name} at ${width} px`, timeout: 5_000 },
      )
      .toBe(0);
    const { violations } = await new AxeBuilder({ page: app.page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(
      violations.map(
        (v) => `${name} at ${width} px: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
    const path = join(SCREENSHOTS, `${name}-${width}.png`);
    await app.page.screenshot({ path, fullPage: true, animations: 'disabled' });
    console.log(`screenshot: ${path}`);
  }
  await app.page.setViewportSize({ width: 1280, height: 800 });
}
