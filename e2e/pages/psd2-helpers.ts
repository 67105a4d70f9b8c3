import type { Page } from 'playwright-core';
import type { Browser } from '../browser.ts';
import { apiPost } from './page-checks.ts';
import type { Psd2Screens } from './psd2-pages.ts';
import { TotpWallet } from './totp-wallet.ts';

/** What the open-banking browser tests (e2e/psd2*.e2e.test.ts) share. */

export const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** « FR76 1234 … » as the screens write an IBAN: groups of four. */
export const grouped = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** The browser's page (its first tab). */
export const pageOf = async (b: Browser): Promise<Page> =>
  b.context.pages()[0] ?? (await b.context.newPage());

/** Signs in once to enrol an authenticator app through the API the profile uses, then signs out. */
export async function enrolTotp(app: Psd2Screens, email: string, password: string): Promise<TotpWallet> {
  await app.login(email, password);
  await app.waitForPath('/');
  const { secret } = await apiPost<{ secret: string }>(app.page, '/api/sca/totp/enroll', {});
  const step = TotpWallet.currentStep();
  await apiPost(app.page, '/api/sca/totp/confirm', {
    code: TotpWallet.codeAt(secret, step),
    name: 'Téléphone',
  });
  await app.signOut();
  await app.expectHome();
  const wallet = new TotpWallet();
  wallet.add(secret, step);
  return wallet;
}

/** The TPP's browser side: its return addresses (https://tpp.example/…) answer a small page. */
export async function tppPages(page: Page, tppName: string): Promise<void> {
  await page.route('https://tpp.example/**', async (route) => {
    await route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="fr"><title>${tppName}</title><h1>Retour chez ${tppName}</h1></html>`,
    });
  });
}
