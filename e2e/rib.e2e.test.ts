import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Account, PublicInstitution } from '@comptoir/contracts';
import { formatIban, isIban } from '@comptoir/core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { RibScreen } from './pages/rib-page.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const SCREENSHOTS = join(tmpdir(), 'comptoir-e2e-screenshots');

describe('RIB: bank details, copy actions and the PDF', () => {
  let server: TestServer;
  let browser: Browser;
  let rib: RibScreen;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async (context) => {
    await browser.context.clearCookies();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    rib = new RibScreen(page, server.url);
    onTestFailed(async () => {
      const folder = join(tmpdir(), 'comptoir-e2e-failures');
      mkdirSync(folder, { recursive: true });
      const path = join(folder, `${context.task.name.replace(/\W+/g, '-').slice(0, 40)}.png`);
      await page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.log(`screenshot: ${path}`);
    });
    await rib.login(server.demoCustomer.email, server.demoCustomer.password);
    await rib.expectDashboard();
  });

  const mainAccount = async (): Promise<Account> => {
    const accounts = await rib.apiGet<Account[]>('/api/accounts');
    const main = accounts.find((account) => account.kind === 'main');
    if (!main?.iban) throw new Error('the demo customer has no main account with an IBAN');
    return main;
  };

  it('shows holder, a valid LU IBAN in groups of four, BIC and the bank, each with its copy button', async () => {
    await rib.openRib();
    const main = await mainAccount();
    const bank = await rib.apiGet<PublicInstitution>('/api/institution');

    const shownIban = await rib.text('iban');
    expect(shownIban).toMatch(/^LU\d{2}( [0-9A-Z]{4}){4}$/);
    const iban = shownIban.replaceAll(' ', '');
    expect(isIban(iban)).toBe(true);
    expect(iban).toBe(main.iban);
    expect(shownIban).toBe(formatIban(main.iban!));

    expect(await rib.text('holder')).toBe('Camille Martin');
    expect(await rib.text('bic')).toBe(bank.bic);
    expect(await rib.text('bank')).toBe(bank.name);
    expect(await rib.text('bank-address')).toBe(
      [bank.address.street, `${bank.address.postalCode} ${bank.address.city}`, bank.address.country].join(
        '\n',
      ),
    );
    expect(await rib.card.textContent()).not.toContain('Non spécifié');
    expect(await rib.page.getByText('aucune référence de paiement n').textContent()).toContain(
      'aucune référence de paiement',
    );

    for (const name of [
      'Copier le titulaire',
      'Copier l’IBAN',
      'Copier le BIC',
      'Copier le nom de la banque',
      'Copier l’adresse de la banque',
    ])
      await rib.copyButton(name).waitFor();
  });

  it('copies the IBAN: « Texte copié avec succès ! » for 3 s, and the clipboard holds the IBAN', async () => {
    await rib.openRib();
    const main = await mainAccount();

    await rib.copyButton('Copier l’IBAN').click();
    const toast = rib.toast('Texte copié avec succès !');
    await toast.waitFor();
    expect(await rib.clipboard()).toBe(main.iban);
    // The message goes away by itself (3 s).
    await toast.waitFor({ state: 'detached', timeout: 6_000 });

    await rib.copyButton('Copier le BIC').click();
    await rib.toast('Texte copié avec succès !').waitFor();
    expect(await rib.clipboard()).toBe(main.bic);
  });

  it('downloads « Télécharger mon RIB » as a PDF named after the IBAN', async () => {
    await rib.openRib();
    const main = await mainAccount();

    const download = await rib.download();
    expect(download.suggestedFilename()).toBe(`RIB-Comptoir-${main.iban!.slice(-4)}.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    // Still on the page: the download did not navigate away.
    expect(rib.path()).toBe('/rib');
  });

  it('is reached from the navigation, passes axe, and fits at 360 px and 1280 px', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [width, height] of [
      [360, 740],
      [1280, 800],
    ] as const) {
      await rib.page.setViewportSize({ width, height });
      await rib.open('/');
      await rib.expectDashboard();
      // One navigation at a time: a phone does not hide a second menu off screen.
      expect(await rib.navLink('Rib').count()).toBe(1);
      const bottomBar = rib.page.getByRole('contentinfo').getByRole('link', { name: 'Rib', exact: true });
      expect(await bottomBar.count()).toBe(width < 768 ? 1 : 0);
      await rib.navLink('Rib').click();
      await rib.waitForPath('/rib');
      await rib.value('iban').waitFor();

      // Nothing sticks out sideways.
      const overflow = await rib.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow at ${width} px`).toBe(0);
      await expectAccessible(rib.page, `/rib at ${width} px`);

      const path = join(SCREENSHOTS, `rib-${width}.png`);
      await rib.page.screenshot({ path, fullPage: true });
      console.log(`screenshot: ${path}`);

      // At the end of the page the download button is not under the bottom navigation.
      await rib.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const reachable = await rib.downloadLink.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return link.contains(document.elementFromPoint(box.left + box.width / 2, box.bottom - 2));
      });
      expect(reachable, `download button covered at ${width} px`).toBe(true);

      // What the customer sees once a value is copied.
      await rib.copyButton('Copier l’IBAN').click();
      await rib.toast('Texte copié avec succès !').waitFor();
      const copied = join(SCREENSHOTS, `rib-${width}-copied.png`);
      await rib.page.screenshot({ path: copied, animations: 'disabled' });
      console.log(`screenshot: ${copied}`);
    }
  });
});
