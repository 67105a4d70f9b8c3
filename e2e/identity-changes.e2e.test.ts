import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { makeCustomer, type TestCustomer } from '../apps/server/src/testing/customers.ts';
import { createOperator } from '../apps/server/src/modules/operators/index.ts';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { IdentityChangeProfile, IdentityChangesSection } from './pages/identity-change-pages.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { ProfileScreen } from './pages/profile-page.ts';
import { DESKTOP, PHONE, screenshots } from './pages/screenshots.ts';
import { testPng } from './pages/test-files.ts';
import { freshTotpCode } from './pages/totp.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const { shoot, shootBoth } = screenshots('identity-changes');

describe('Identity change requests (docs/product/profile-and-security.md#profil)', () => {
  let server: TestServer;
  let customerBrowser: Browser;
  let operatorBrowser: Browser;
  let customer: TestCustomer;
  let profile: ProfileScreen;
  let bo: BackOfficePages;
  const compliance = { email: 'identite@e2e.test', password: 'Guichet-Sécurisé-2024', totpSecret: '' };

  beforeAll(async () => {
    [server, customerBrowser, operatorBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser(PHONE),
      launchBrowser(DESKTOP),
    ]);
    const ctx = server.server.ctx;
    customer = await makeCustomer(ctx, { firstName: 'Louise', lastName: 'Girard' });
    const created = await createOperator(ctx, { ...compliance, role: 'compliance' });
    compliance.totpSecret = created.totpSecret;
    profile = new ProfileScreen(
      customerBrowser.context.pages()[0] ?? (await customerBrowser.context.newPage()),
      server.url,
    );
    bo = new BackOfficePages(
      operatorBrowser.context.pages()[0] ?? (await operatorBrowser.context.newPage()),
      server.url,
    );
  }, 300_000);

  beforeEach(() => {
    onTestFailed(async () => {
      await shoot(profile.page, 'failed-customer').catch(() => undefined);
      await shoot(bo.page, 'failed-operator').catch(() => undefined);
    });
  });

  afterAll(async () => {
    await customerBrowser?.close();
    await operatorBrowser?.close();
    await server?.stop();
  });

  it('the customer asks from /profil, compliance accepts with the document in view, the profile shows the new name', async () => {
    await profile.login(customer.email, customer.password);
    await profile.waitForPath('/');
    await profile.openProfile();
    const identity = new IdentityChangeProfile(profile.page);
    await identity.openButton.scrollIntoViewIfNeeded();
    await shootBoth(profile.page, 'profile-before');

    await identity.openButton.click();
    await identity.dialog.waitFor();
    await identity.fill({
      lastName: 'Martin-Girard',
      reason: 'Mariage : j’ajoute le nom de mon époux.',
      file: await testPng('acte-de-mariage.png', 'ACTE DE MARIAGE', 140),
    });
    await shootBoth(profile.page, 'dialog');
    await expectAccessible(profile.page, 'identity change dialog', '[role=dialog]');
    await identity.send();

    // Under review: the verified name stays, the action waits for the decision.
    await identity.status('pending').waitFor();
    expect(await identity.status('pending').textContent()).toContain('En cours d’examen');
    expect(await identity.status('pending').textContent()).toContain('Nom : Martin-Girard');
    expect(await profile.informationValue('Nom').textContent()).toBe('Girard');
    expect(await identity.openButton.isDisabled()).toBe(true);
    await identity.status('pending').scrollIntoViewIfNeeded();
    await shootBoth(profile.page, 'profile-pending');

    // Compliance sees the old and the new value, opens the document and accepts.
    await bo.login(compliance.email, compliance.password, () => freshTotpCode(compliance.totpSecret));
    await bo.manage(customer.email);
    const requests = new IdentityChangesSection(bo.panel);
    const pending = requests.item('pending');
    await pending.waitFor();
    const values = pending.getByTestId('bo-identity-change-values');
    expect(await values.textContent()).toMatch(/Nom.*Girard.*Martin-Girard/);
    await pending.getByRole('button', { name: 'Voir' }).click();
    await pending
      .getByRole('img', { name: 'Justificatif de la demande de modification d’identité' })
      .waitFor();
    await pending.scrollIntoViewIfNeeded();
    await shoot(bo.page, 'bo-pending');
    await expectAccessible(bo.page, 'identity change section', '[data-testid=bo-identity-changes]');
    // Accepting opens a confirmation that shows the change again and takes an optional note.
    await pending.getByRole('button', { name: 'Accepter la modification' }).click();
    const confirm = bo.page.getByRole('dialog', { name: 'Accepter la modification d’identité' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('bo-identity-decision-values').textContent()).toMatch(
      /Nom.*Girard.*Martin-Girard/,
    );
    await confirm.getByLabel('Note (facultative)').fill('Acte de mariage vérifié.');
    await shoot(bo.page, 'bo-confirm-accept');
    await expectAccessible(bo.page, 'identity change confirmation', '[role=dialog]');
    await confirm.getByRole('button', { name: 'Confirmer l’acceptation' }).click();
    await confirm.waitFor({ state: 'detached' });
    await requests.item('accepted').waitFor();
    await bo.panel.getByText('Martin-Girard').first().waitFor();
    await requests.item('accepted').scrollIntoViewIfNeeded();
    await shoot(bo.page, 'bo-accepted');

    // The customer's open profile shows the new name and the accepted request without a reload,
    // and says so.
    await identity.status('accepted').waitFor();
    await profile.page
      .getByText('Modification d’identité acceptée : votre profil est à jour')
      .first()
      .waitFor();
    expect(await profile.informationValue('Nom').textContent()).toBe('Martin-Girard');
    expect(await identity.status('accepted').textContent()).toContain('Acceptée');
    await identity.status('accepted').scrollIntoViewIfNeeded();
    await shootBoth(profile.page, 'profile-accepted');

    // The note is kept with the request, and the decision's audit row says one was given.
    const { rows } = await server.server.ctx.db.query<{
      note: string | null;
      details: { withNote: boolean };
    }>(
      `select r.decision_note as note, a.details from identity_change_requests r
         join audit_log a on a.customer_id = r.customer_id and a.action = 'identity_change.accepted'
        where r.customer_id = $1`,
      [customer.id],
    );
    expect(rows).toEqual([
      { note: 'Acte de mariage vérifié.', details: expect.objectContaining({ withNote: true }) },
    ]);
  }, 300_000);
});
