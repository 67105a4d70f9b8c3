import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Beneficiary, TotpEnrolment } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { CustomerTotp } from './pages/customer-totp.ts';
import { VirementsScreen } from './pages/virements-page.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot } = screenshots('beneficiaires');
/** The sandbox's other bank (README, « Sandbox test IBANs »): Erika Mustermann's account. */
const ERIKA = 'DE55370400440532014000';
/** Any other bank: the sandbox rail cannot verify the name. */
const OTHER_BANK = 'FR7630006000011234567890189';

describe('Beneficiaries: Verification of Payee, strong authentication, deletion', () => {
  let server: TestServer;
  let browser: Browser;
  let screen: VirementsScreen;
  let own: Account;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    screen = new VirementsScreen(page, server.url);
    await screen.login(server.demoCustomer.email, server.demoCustomer.password);
    await screen.expectDashboard();
    const accounts = await screen.apiGet<Account[]>('/api/accounts');
    const main = accounts.find((a) => a.kind === 'main');
    if (!main?.iban) throw new Error('the demo customer has no IBAN');
    own = main;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('verifies the payee’s name and shows each of the four answers', async () => {
    await screen.openVirements();
    await screen.openAddDialog();

    // An account of this bank, typed without spaces: grouped by four, the bank's BIC filled in.
    await screen.fillPayee({ name: 'camille MARTIN', iban: own.iban!.toLowerCase() });
    expect(await screen.field('IBAN').inputValue()).toBe(formatIban(own.iban!));
    expect(await screen.field('BIC').inputValue()).toBe(own.bic);
    expect(await screen.field('BIC').getAttribute('readonly')).not.toBeNull();
    expect(await screen.verify()).toMatchObject({
      result: 'match',
      text: expect.stringContaining('Le nom correspond'),
    });
    await shoot(screen.page, 'match', { fullPage: false });

    await screen.field('Nom du bénéficiaire').fill('E. Mustermann');
    await screen.typeIban(ERIKA);
    expect(await screen.field('BIC').inputValue()).toBe('');
    const close = await screen.verify();
    expect(close.result).toBe('close_match');
    expect(close.text).toContain('Correspondance partielle : le titulaire est Erika Mustermann');

    await screen.field('Nom du bénéficiaire').fill('Paul Weber');
    const mismatch = await screen.verify();
    expect(mismatch.result).toBe('no_match');
    expect(mismatch.text).toContain('Le nom ne correspond pas');
    expect(mismatch.text).not.toContain('Mustermann');
    expect(await screen.saveButton.isDisabled()).toBe(true);
    await shoot(screen.page, 'no-match', { fullPage: false });
    await expectAccessible(screen.page, 'the dialog, no match');

    await screen.typeIban(OTHER_BANK);
    const impossible = await screen.verify();
    expect(impossible).toMatchObject({
      result: 'not_possible',
      text: expect.stringContaining('Vérification impossible'),
    });

    await screen.page.setViewportSize({ width: 360, height: 740 });
    await shoot(screen.page, 'not-possible', { fullPage: false });
    await screen.page.setViewportSize({ width: 1280, height: 800 });
  });

  it('« Sécuriser mon compte » keeps the beneficiary being typed and lands on the security section', async () => {
    // The demo customer has no second factor yet: strong authentication sends her to enrol first.
    await screen.page.setViewportSize(PHONE);
    await screen.openVirements();
    await screen.openAddDialog();
    await screen.fillPayee({ label: 'Vacances', name: 'Erika Mustermann', iban: ERIKA });
    expect((await screen.verify()).result).toBe('match');
    await screen.saveButton.click();
    const sca = screen.page.getByRole('dialog').filter({ hasText: 'ajoutez d’abord une application' });
    await sca.getByRole('link', { name: 'Sécuriser mon compte' }).click();

    await screen.waitForPath('/profil');
    expect(new URL(screen.page.url()).hash).toBe('#securite');
    const section = screen.page.getByTestId('sca-factors');
    await section.waitFor();
    await expect
      .poll(async () => {
        const box = await section.boundingBox();
        return box !== null && box.y >= 0 && box.y < PHONE.height / 2;
      })
      .toBe(true);
    expect(await screen.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await shoot(screen.page, 'secure-account-landing', { fullPage: false });

    // Back to the transfers: the form opens again as it was typed.
    await screen.openVirements();
    await screen.addDialog.waitFor();
    expect(await screen.field('Intitulé').inputValue()).toBe('Vacances');
    expect(await screen.field('Nom du bénéficiaire').inputValue()).toBe('Erika Mustermann');
    expect(await screen.field('IBAN').inputValue()).toBe(formatIban(ERIKA));
    // Closed on purpose, it is forgotten.
    await screen.page.keyboard.press('Escape');
    await screen.addDialog.waitFor({ state: 'hidden' });
    await screen.openVirements();
    await screen.openAddDialog();
    expect(await screen.field('Nom du bénéficiaire').inputValue()).toBe('');
    await screen.page.keyboard.press('Escape');
    await screen.addDialog.waitFor({ state: 'hidden' });
    await screen.page.setViewportSize(DESKTOP);
  });

  it('adds beneficiaries with strong authentication and deletes one after confirmation', async () => {
    // The customer's authenticator app, enrolled through the API (the profile screen is tested apart).
    const enrolment = await screen.apiPost<TotpEnrolment>('/api/sca/totp/enroll', {});
    const app = new CustomerTotp(enrolment.secret);
    await screen.apiPost('/api/sca/totp/confirm', { code: await app.next() });

    await screen.openVirements();
    await screen.openDrawer();
    await screen.drawer.getByText('Oups ! Pas de bénéficiaire pour le moment !').waitFor();
    await screen.page.keyboard.press('Escape');
    await screen.drawer.waitFor({ state: 'hidden' });

    // A close match: the customer takes the holder's name, which then matches.
    await screen.openAddDialog();
    await screen.fillPayee({ label: 'Loyer', name: 'Erika Musterman', iban: ERIKA });
    expect((await screen.verify()).result).toBe('close_match');
    await screen.addDialog.getByRole('button', { name: 'Utiliser ce nom' }).click();
    await screen.addDialog.locator('[data-testid="payee-verification"][data-result="match"]').waitFor();
    expect(await screen.field('Nom du bénéficiaire').inputValue()).toBe('Erika Mustermann');
    await screen.saveWithCode(await app.next());
    const added = screen.toast('Bénéficiaire ajouté avec succès');
    await added.waitFor();
    await screen.addDialog.waitFor({ state: 'hidden' });
    await added.waitFor({ state: 'detached', timeout: 6_000 });

    // No match: saved only once the customer has confirmed explicitly.
    await screen.openAddDialog();
    await screen.fillPayee({ name: 'Paul Weber', iban: ERIKA });
    expect((await screen.verify()).result).toBe('no_match');
    expect(await screen.saveButton.isDisabled()).toBe(true);
    await screen.addDialog
      .getByRole('checkbox', { name: 'Je confirme vouloir ajouter ce bénéficiaire malgré tout' })
      .check();
    await screen.saveWithCode(await app.next());
    await added.waitFor();
    await screen.addDialog.waitFor({ state: 'hidden' });

    const saved = await screen.apiGet<Beneficiary[]>('/api/beneficiaries');
    expect(saved.map((b) => [b.name, b.label, b.iban])).toEqual([
      ['Paul Weber', null, ERIKA],
      ['Erika Mustermann', 'Loyer', ERIKA],
    ]);

    // The drawer, on a phone (a bottom sheet) and on a desktop.
    await screen.page.setViewportSize({ width: 360, height: 740 });
    await screen.openDrawer();
    await expect.poll(() => screen.drawerItems.count()).toBe(2);
    await shoot(screen.page, 'drawer', { fullPage: false });
    await screen.page.keyboard.press('Escape');
    await screen.drawer.waitFor({ state: 'hidden' });
    await screen.page.setViewportSize({ width: 1280, height: 800 });
    await screen.openDrawer();
    await expect.poll(() => screen.drawerItems.count()).toBe(2);
    expect(await screen.drawer.textContent()).toContain(formatIban(ERIKA));
    await shoot(screen.page, 'drawer', { fullPage: false });
    await expectAccessible(screen.page, 'the drawer');

    // Deleting asks first; « Annuler » keeps it.
    await screen.drawer.getByRole('button', { name: 'Supprimer Paul Weber' }).click();
    const confirm = screen.page.getByRole('dialog', { name: 'Supprimer le bénéficiaire ?' });
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await screen.drawerItems.count()).toBe(2);
    await screen.drawer.getByRole('button', { name: 'Supprimer Paul Weber' }).click();
    await confirm.getByRole('button', { name: 'Supprimer', exact: true }).click();
    const toast = screen.toast('Bénéficiaire supprimé avec succès');
    await toast.waitFor();
    await expect.poll(() => screen.drawerItems.count()).toBe(1);
    expect(await screen.drawer.textContent()).not.toContain('Paul Weber');
    // The message goes away by itself (3 s).
    await toast.waitFor({ state: 'detached', timeout: 6_000 });
  });
});
