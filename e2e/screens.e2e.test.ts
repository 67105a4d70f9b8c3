import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { ComptoirApp } from './pages/comptoir-app.ts';
import { OnboardingPages } from './pages/onboarding-pages.ts';
import { testJpeg, testPdf, testPng } from './pages/test-files.ts';
import { freshTotpCode } from './pages/totp.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const PHONE = 360;
const DESKTOP = 1280;

const uniqueEmail = (who: string) =>
  `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemple.fr`;

/** Waits until the document's title is `title`. */
const waitForTitle = (page: Page, title: string) =>
  page.waitForFunction((wanted) => document.title === wanted, title);

/** Whether an element's text is cut (wider than the box that shows it). */
const isCut = (locator: Locator) =>
  locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

/** The e-mail verification link sent to `email` (sandbox mailbox), as a path. */
async function verificationLink(baseUrl: string, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
        const mails = (await response.json()) as { links: string[] }[];
        link = mails.flatMap((mail) => mail.links).find((href) => href.includes('token='));
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Right edge of an element, in CSS pixels from the left of the viewport. */
const rightEdge = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not displayed');
  return box.x + box.width;
};

describe('screens: titles, layout defects, honest headers', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('gives every app screen its own <title>, signed out and signed in', async () => {
    await browser.context.clearCookies();
    const app = new ComptoirApp(page, server.url);
    await app.open('/connexion');
    await waitForTitle(page, 'Connexion — Comptoir');
    await app.open('/recover-password');
    await waitForTitle(page, 'Mot de passe oublié — Comptoir');
    await app.open('/inscription1');
    await waitForTitle(page, 'Ouverture de compte — votre situation — Comptoir');

    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
    await waitForTitle(page, 'Accueil — Comptoir');
    await page.getByRole('link', { name: 'Rib' }).first().click();
    await waitForTitle(page, 'Mon RIB — Comptoir');
    await page.getByRole('link', { name: 'Carte' }).first().click();
    await waitForTitle(page, 'Ma carte — Comptoir');
    await page.getByRole('link', { name: 'Paiements en ligne à confirmer' }).click();
    await waitForTitle(page, 'Paiements en ligne — Comptoir');
    await page.getByRole('link', { name: 'Profil' }).first().click();
    await waitForTitle(page, 'Profil — Comptoir');
  });

  it('shows the conditions of use to a signed-in customer inside their area, not as a visitor', async () => {
    await browser.context.clearCookies();
    const app = new ComptoirApp(page, server.url);
    await app.login(server.demoCustomer.email, server.demoCustomer.password);
    await app.expectDashboard();
    for (const width of [PHONE, DESKTOP]) {
      await page.setViewportSize({ width, height: 800 });
      await app.open('/politiques-de-confidentialite');
      await page
        .getByRole('heading', { level: 1, name: 'Conditions d’utilisation et confidentialité' })
        .waitFor();
      await waitForTitle(page, 'Conditions d’utilisation et confidentialité — Comptoir');
      // Signed in: the customer's header (sign-out), no « Connexion », no call to open an account.
      await page.getByRole('button', { name: 'Déconnexion' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Connexion', exact: true }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Ouvrir mon compte' }).count()).toBe(0);
    }
    await page.setViewportSize({ width: DESKTOP, height: 800 });
  });

  it('home at 1280 px: the « Nous n’investissons pas votre argent » block fills its row', async () => {
    await browser.context.clearCookies();
    await page.setViewportSize({ width: DESKTOP, height: 800 });
    await page.goto(new URL('/', server.url).toString());
    const block = page.getByTestId('no-invest');
    await block.scrollIntoViewIfNeeded();
    const container = block.locator('xpath=..');
    const containerBox = await container.boundingBox();
    if (!containerBox) throw new Error('no container');
    const padding = await container.evaluate((element) => parseFloat(getComputedStyle(element).paddingRight));
    const promise = block.getByText('Et nous ne vous demanderons jamais');
    // The promise sits in the right half, reaching the container's right edge.
    expect((await promise.boundingBox())!.x).toBeGreaterThan(containerBox.x + containerBox.width / 2);
    expect(await rightEdge(promise)).toBeGreaterThan(containerBox.x + containerBox.width - padding - 2);
  });

  it('opening with a passport: step 5 labels whole, step 6 placeholder grey on error, corrections offer only the passport', async () => {
    await browser.context.clearCookies();
    const applicant = new OnboardingPages(page, server.url);
    const email = uniqueEmail('ines');
    await page.setViewportSize({ width: DESKTOP, height: 800 });
    await applicant.open('/inscription1');
    await applicant.fillSituation({ income: 'De 1 500 € à 3 000 € par mois', profession: 'Infirmière' });
    await applicant.next();
    await applicant.waitForPath('/inscription2');
    await applicant.acceptConditions();
    await applicant.waitForPath('/inscription3');
    await applicant.fillEmail(email);
    await applicant.next();
    await applicant.waitForPath('/inscription4');
    await applicant.startIdentityCheck();
    await applicant.waitForPath('/inscription5');

    for (const width of [DESKTOP, PHONE]) {
      await page.setViewportSize({ width, height: 800 });
      for (const name of ['Carte d’identité', 'Passeport']) {
        const label = applicant.button(name).locator('.mantine-Button-label');
        await label.waitFor();
        expect(await isCut(label), `« ${name} » at ${width} px`).toBe(false);
      }
    }
    await page.setViewportSize({ width: DESKTOP, height: 800 });
    await applicant.chooseDocument('Passeport');
    await applicant.waitForPath('/signPassport');
    await applicant.sendDocumentAndContinue(
      'Page photo du passeport',
      await testJpeg('passeport.jpg', 'PASSEPORT', 260),
    );
    await applicant.waitForPath('/addselfie');
    await applicant.sendDocumentAndContinue('Selfie', await testPng('selfie.png', 'SELFIE', 120));
    await applicant.waitForPath('/justificatifdomicile');
    await applicant.sendDocumentAndContinue('Justificatif de domicile', testPdf('facture.pdf'));

    // Step 6 sent empty: the phone field is in error, its example stays grey like any placeholder.
    await applicant.waitForPath('/inscription6');
    await applicant.submitDetails();
    const phone = page.getByLabel('Téléphone');
    await page.waitForFunction(
      () => document.querySelector('input[type="tel"]')?.getAttribute('aria-invalid') === 'true',
    );
    // In error the field's text turns red; its example must not look like that text.
    const placeholderColor = await phone.evaluate(
      (element) => getComputedStyle(element, '::placeholder').color,
    );
    const errorTextColor = await phone.evaluate((element) => getComputedStyle(element).color);
    expect(errorTextColor).toMatch(/^rgb\(2\d\d, /); // red
    expect(placeholderColor).not.toBe(errorTextColor);

    await applicant.fillDetails({
      firstName: 'Inès',
      lastName: 'Durand',
      gender: 'Femme',
      birthDate: '1990-04-12',
      phone: '+33 6 12 34 56 78',
      address: '12 rue des Lilas',
      postalCode: '75011',
      city: 'Paris',
      taxId: '1234567890123',
      password: 'Velo-Bleu-Matin-2024!',
    });
    await applicant.submitDetails();
    await applicant.waitForPath('/check-your-mailbox');
    await applicant.open(await verificationLink(server.url, email));
    await applicant.waitForPath('/wait-for-activation');

    // The operator, on a phone: the table keeps Statut and Actions on screen.
    const operatorBrowser = await launchBrowser({ width: PHONE, height: 740 });
    try {
      const operatorPage = operatorBrowser.context.pages()[0] ?? (await operatorBrowser.context.newPage());
      const operator = new BackOfficePages(operatorPage, server.url);
      await operator.login(server.demoOperator.email, server.demoOperator.password, () =>
        freshTotpCode(server.demoOperator.totpSecret),
      );
      await operator.search(email);
      const row = operator.rowOf(email);
      await row.waitFor();
      const status = operator.table.getByRole('columnheader', { name: 'Statut' });
      const manage = row.getByRole('button', { name: /^Gérer/ });
      expect(await rightEdge(status)).toBeLessThanOrEqual(PHONE);
      expect(await rightEdge(manage)).toBeLessThanOrEqual(PHONE);
      expect(await isCut(row.locator('.mantine-Badge-label'))).toBe(false);
      expect(await operatorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE,
      );

      await manage.click();
      await operator.panel.waitFor();
      await operator.panel.getByRole('button', { name: 'Demander des corrections' }).click();
      const dialog = operator.confirmDialog('Demander des corrections');
      await dialog.getByRole('checkbox').first().waitFor();
      const offered = await dialog
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => box.closest('.mantine-Checkbox-root')?.textContent ?? ''));
      expect(offered).toEqual(['Passeport', 'Selfie', 'Justificatif de domicile']);
    } finally {
      await operatorBrowser.close();
    }
  });
});
