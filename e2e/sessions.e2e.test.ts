import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { ProfileScreen } from './pages/profile-page.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Screenshots to look at: each screen at 360 px and 1280 px. */
const { shoot, shootBoth } = screenshots('profil');

describe('Profil (docs/product/profile-and-security.md#profil): « Mes informations », active sessions, signing another device out live', () => {
  let server: TestServer;
  let phoneBrowser: Browser;
  let deskBrowser: Browser;
  let phone: ProfileScreen;
  let desk: ProfileScreen;

  beforeAll(async () => {
    [server, phoneBrowser, deskBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(PHONE),
      launchBrowser(DESKTOP),
    ]);
    phone = new ProfileScreen(
      phoneBrowser.context.pages()[0] ?? (await phoneBrowser.context.newPage()),
      server.url,
    );
    desk = new ProfileScreen(
      deskBrowser.context.pages()[0] ?? (await deskBrowser.context.newPage()),
      server.url,
    );
  }, 120_000);

  beforeEach(() => {
    onTestFailed(async () => {
      await shoot(phone.page, 'failed-phone').catch(() => undefined);
      await shoot(desk.page, 'failed-desk').catch(() => undefined);
    });
  });

  afterAll(async () => {
    await phoneBrowser?.close();
    await deskBrowser?.close();
    await server?.stop();
  });

  it('changes the phone and the address on /update-user with the current password, then shows them read-only', async () => {
    const { email, password } = server.demoCustomer;
    await desk.login(email, password);
    await desk.expectDashboard();

    await desk.open('/update-user');
    await desk.page.getByLabel('Téléphone').fill('+352 691 000 222');
    await desk.page.getByLabel('Adresse', { exact: true }).fill('3 avenue de la Gare');
    await desk.page.getByLabel('Code postal').fill('L-1610');
    await desk.page.getByLabel('Ville').fill('Luxembourg');
    await desk.page.getByLabel('Mot de passe actuel').fill('pas-le-bon');
    await desk.page.getByRole('button', { name: 'Enregistrer' }).click();
    await desk.page.getByRole('alert').filter({ hasText: 'Mot de passe actuel incorrect.' }).waitFor();
    await shootBoth(desk.page, 'update-user-wrong-password');

    await desk.page.getByLabel('Mot de passe actuel').fill(password);
    await desk.page.getByRole('button', { name: 'Enregistrer' }).click();
    await desk.page.getByRole('status').filter({ hasText: 'Mise à jour réussie !' }).waitFor();

    await desk.openProfile();
    await desk.information.waitFor();
    expect(await desk.informationValue('Téléphone').textContent()).toBe('+352691000222');
    expect(await desk.informationValue('Adresse').textContent()).toBe('3 avenue de la GareL-1610 Luxembourg');
    expect(await desk.informationValue('E-mail').textContent()).toContain(email);
    for (const label of ['Prénom', 'Nom', 'Pays de résidence', 'Résidence fiscale', 'Numéro fiscal']) {
      expect((await desk.informationValue(label).textContent())?.trim(), label).not.toBe('');
    }
    await expectAccessible(desk.page, '/profil');
  });

  it('lists both browsers, and « Déconnecter » signs the other one out live: it lands on /connexion by itself', async () => {
    const { email, password } = server.demoCustomer;
    await phone.login(email, password);
    await phone.expectDashboard();

    await desk.openProfile();
    await desk.otherSessions.first().waitFor();
    expect(await desk.sessions.count()).toBe(2);
    expect(await desk.currentSession.textContent()).toContain('Cet appareil');
    expect(await desk.currentSession.textContent()).toMatch(/Ordinateur · Chrom(e|ium) \d+ sur Linux/);
    expect(await desk.currentSession.textContent()).toMatch(/Dernière activité/);
    await shootBoth(desk.page, 'profile-sessions');
    await expectAccessible(desk.page, '/profil (two sessions)');

    await phone.openProfile();
    expect(await phone.sessions.count()).toBe(2);
    await shoot(phone.page, 'profile-sessions-phone');
    await phone.open('/');
    await phone.expectDashboard();

    await desk.otherSessions
      .first()
      .getByRole('button', { name: /^Déconnecter la session/ })
      .click();
    await desk.dialog.waitFor();
    await shootBoth(desk.page, 'profile-revoke-confirm');
    await expectAccessible(desk.page, '/profil (confirmation)', '[role="dialog"]');
    await desk.dialog.getByRole('button', { name: 'Déconnecter', exact: true }).click();
    await desk.toast('Session déconnectée.').waitFor();
    await desk.otherSessions.first().waitFor({ state: 'detached' });

    // The phone did nothing: the live stream told it, it goes to /connexion and says why.
    const started = Date.now();
    await phone.waitForPath('/connexion');
    const seconds = (Date.now() - started) / 1000;
    await phone.toast(/déconnectée depuis un autre appareil/).waitFor();
    expect(seconds).toBeLessThan(10);
    expect(await phone.apiStatus('/api/me')).toBe(401);
    await shoot(phone.page, 'signed-out-elsewhere');
    expect(await desk.sessions.count()).toBe(1);
  });

  it('« Déconnecter toutes les autres sessions » keeps this one; « Déconnexion » lands on /', async () => {
    const { email, password } = server.demoCustomer;
    await phone.login(email, password);
    await phone.expectDashboard();
    await desk.openProfile();
    await desk.otherSessions.first().waitFor();
    await desk.revokeAllOthers();
    await desk.toast('1 session déconnectée.').waitFor();
    await phone.waitForPath('/connexion');
    expect(await desk.apiStatus('/api/me')).toBe(200);
    await desk.page.getByText('Aucune autre session n’est ouverte.').waitFor();
    await shootBoth(desk.page, 'profile-alone');

    await desk.page.getByRole('button', { name: 'Déconnexion' }).last().click();
    await desk.expectHome();
    expect(await desk.apiStatus('/api/me')).toBe(401);
  });
});
