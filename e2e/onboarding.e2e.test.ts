import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import type { Account } from '@comptoir/contracts';
import { isIban } from '@comptoir/core';
import { startTestServer } from '../apps/server/src/testing/start-server.ts';
import { expectAccessible } from './pages/page-checks.ts';
import { launchBrowser, type Browser } from './browser.ts';
import { BackOfficePages } from './pages/backoffice-pages.ts';
import { OnboardingPages, type ApplicantDetails } from './pages/onboarding-pages.ts';
import { RibScreen } from './pages/rib-page.ts';
import { testJpeg, testPdf, testPng } from './pages/test-files.ts';
import { freshTotpCode } from './pages/totp.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

interface MailboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** What the server answers an upload while too many images wait for decoding (image-decoding.ts). */
const BUSY_PROBLEM = {
  status: 503,
  contentType: 'application/problem+json',
  body: JSON.stringify({
    type: 'https://comptoir.example/problems/unavailable',
    title: 'Service indisponible',
    status: 503,
    code: 'unavailable',
    detail: 'Beaucoup de documents sont en cours de traitement. Réessayez dans quelques secondes.',
    retryAfterSeconds: 5,
  }),
};

const uniqueEmail = (who: string) =>
  `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemple.fr`;

const details = (firstName: string, lastName: string): ApplicantDetails => ({
  firstName,
  lastName,
  gender: 'Femme',
  birthDate: '1990-04-12',
  phone: '+33 6 12 34 56 78',
  address: '12 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
  taxId: '1234567890123',
  password: 'Velo-Bleu-Matin-2024!',
});

describe('account opening, review and live switch to the dashboard', () => {
  let server: TestServer;
  let applicantBrowser: Browser;
  let operatorBrowser: Browser;
  let applicant: OnboardingPages;
  let operator: BackOfficePages;

  beforeAll(async () => {
    [server, applicantBrowser, operatorBrowser] = await Promise.all([
      startTestServer(),
      launchBrowser({ width: 360, height: 780 }),
      launchBrowser(),
    ]);
    const applicantPage = applicantBrowser.context.pages()[0] ?? (await applicantBrowser.context.newPage());
    const operatorPage = operatorBrowser.context.pages()[0] ?? (await operatorBrowser.context.newPage());
    applicant = new OnboardingPages(applicantPage, server.url);
    operator = new BackOfficePages(operatorPage, server.url);
  });

  afterAll(async () => {
    await applicantBrowser?.close();
    await operatorBrowser?.close();
    await server?.stop();
  });

  beforeEach((context) => {
    // Both screens at the moment of a failure, to see what the test saw.
    onTestFailed(async () => {
      const folder = join(tmpdir(), 'comptoir-e2e-failures');
      mkdirSync(folder, { recursive: true });
      const name = context.task.name.replace(/\W+/g, '-').slice(0, 40);
      for (const [who, page] of [
        ['applicant', applicant.page],
        ['operator', operator.page],
      ] as const) {
        const path = join(folder, `${name}-${who}.png`);
        await page.screenshot({ path, fullPage: true }).catch(() => undefined);
        console.log(`screenshot: ${path}`);
      }
    });
  });

  const operatorCode = () => freshTotpCode(server.demoOperator.totpSecret);

  /** The verification link of the last mail to `email`, read from the sandbox mailbox. */
  async function verificationLink(email: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
          const mails = (await response.json()) as MailboxEntry[];
          link = mails.flatMap((mail) => mail.links).find((href) => href.includes('token='));
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeDefined();
    const url = new URL(link!);
    return `${url.pathname}${url.search}`;
  }

  /** Steps 1 to 5, up to the identity document screen. */
  async function startApplication(email: string, documentType: 'Carte d’identité' | 'Passeport') {
    await applicantBrowser.context.clearCookies();
    await applicant.open('/Inscription1');
    await applicant.waitForPath('/inscription1');
    await applicant.heading('Ouvrez votre compte en quelques minutes').waitFor();
    // Default country: France. Nothing filled: one sentence for the whole form.
    expect(await applicant.page.getByLabel('Pays de résidence').inputValue()).toBe('FR');
    await applicant.next();
    await applicant.alerts.filter({ hasText: 'Veuillez remplir tous les champs' }).waitFor();
    await expectAccessible(applicant.page, '/inscription1 (errors)');
    await applicant.fillSituation({ income: 'De 1 500 € à 3 000 € par mois', profession: 'Infirmière' });
    await applicant.next();

    await applicant.waitForPath('/inscription2');
    await applicant.heading('Conditions de souscription en ligne').waitFor();
    await applicant.acceptConditions();

    await applicant.waitForPath('/inscription3');
    await applicant.next();
    await applicant.page.getByText('Veuillez entrer votre adresse email').waitFor();
    await applicant.fillEmail('pas-une-adresse');
    await applicant.next();
    await applicant.page.getByText('Veuillez entrer une adresse email valide.').waitFor();
    await applicant.fillEmail(email);
    await applicant.next();

    await applicant.waitForPath('/inscription4');
    await applicant.startIdentityCheck();

    await applicant.waitForPath('/inscription5');
    await applicant.heading('Votre pièce d’identité').waitFor();
    expect(await applicant.documentCountry.inputValue()).toBe('LU');
    await applicant.chooseDocument(documentType);
  }

  /** Selfie, proof of address, then step 6 → /check-your-mailbox → link → /wait-for-activation. */
  async function finishApplication(email: string, who: ApplicantDetails) {
    await applicant.waitForPath('/addselfie');
    await applicant.upload();
    await applicant.alerts.filter({ hasText: 'Veuillez sélectionner un fichier.' }).waitFor();
    await applicant.pickFile('Selfie', await testPng('selfie.png', 'SELFIE', 120));
    // Too many images decoding on the server: it says to try again, and trying again works.
    await applicant.page.route('**/api/onboarding/documents', (route) => route.fulfill(BUSY_PROBLEM), {
      times: 1,
    });
    await applicant.upload();
    await applicant.alerts.filter({ hasText: 'Réessayez dans quelques secondes.' }).waitFor();
    await applicant.upload();
    await applicant.expectUploadSuccess('Fichier téléchargé avec succès !');
    await applicant.next();

    await applicant.waitForPath('/justificatifdomicile');
    await applicant.sendDocumentAndContinue('Justificatif de domicile', testPdf('facture.pdf'));

    await applicant.waitForPath('/inscription6');
    await applicant.heading('Vos informations').waitFor();
    await applicant.fillDetails({ ...who, password: 'court' });
    await applicant.submitDetails();
    await applicant.page.getByText('Le mot de passe doit contenir au moins 12 caractères.').waitFor();
    await applicant.fillDetails(who);
    await applicant.page.getByLabel('Confirmation du mot de passe').fill(`${who.password}x`);
    await applicant.submitDetails();
    await applicant.page.getByText('Les mots de passe ne correspondent pas !').waitFor();
    await expectAccessible(applicant.page, '/inscription6 (errors)');
    await applicant.page.getByLabel('Confirmation du mot de passe').fill(who.password);
    await applicant.submitDetails();

    await applicant.waitForPath('/check-your-mailbox');
    await applicant.heading('Vérifiez votre boîte mail').waitFor();
    const masked = `${email[0]}•••@exemple.fr`;
    await applicant.page.getByText(`Nous avons envoyé un lien de confirmation à ${masked}.`).waitFor();
    // No session yet (an address that already had an account must look the same): the resend
    // goes through the application cookie; a mail has just left, so it asks to wait.
    expect(await applicant.apiStatus('/api/me')).toBe(401);
    await applicant.button('Renvoyer l’e-mail').click();
    await applicant.alerts
      .filter({ hasText: 'Un e-mail vient d’être envoyé. Veuillez patienter avant d’en demander un autre.' })
      .waitFor();
    // A reload keeps the masked address.
    await applicant.page.reload();
    await applicant.page.getByText(`Nous avons envoyé un lien de confirmation à ${masked}.`).waitFor();
    await expectAccessible(applicant.page, '/check-your-mailbox');

    // The link, opened in this browser, confirms the address and opens the first session.
    await applicant.open(await verificationLink(email));
    await applicant.waitForPath('/wait-for-activation');
    await applicant.heading('Votre demande est en cours d’examen').waitFor();
    await applicant.page.getByText('Votre adresse e-mail est confirmée.').waitFor();
    await expectAccessible(applicant.page, '/wait-for-activation');
  }

  /** The live switch: no reload, the page shows the dashboard by itself; then /rib shows the IBAN. */
  async function expectDashboardWithIban(firstName: string): Promise<string> {
    await applicant.waitForPath('/');
    await applicant.heading(`Bonjour ${firstName}`).waitFor();
    await applicant.balanceCard.waitFor();
    const rib = new RibScreen(applicant.page, server.url);
    await rib.openRib();
    const iban = (await rib.text('iban')).replace(/\s/g, '');
    expect(isIban(iban)).toBe(true);
    expect(iban.startsWith('LU')).toBe(true);
    const accounts = await applicant.apiGet<Account[]>('/api/accounts');
    expect(accounts.find((account) => account.kind === 'main')?.iban).toBe(iban);
    return iban;
  }

  // The longest walk of the suite (five uploads, two browsers, the mailbox, the review): twice the
  // default bound, for a loaded two-core machine.
  it('walks the whole journey: steps, ID card, selfie, proof, details, mailbox link, approval, dashboard, RIB', async () => {
    const email = uniqueEmail('camille');
    const who = details('Camille', 'Durand');
    await startApplication(email, 'Carte d’identité');

    await applicant.waitForPath('/signIdCard');
    await applicant.heading('Votre carte d’identité').waitFor();
    // Camera capture on phones, the accepted types on every input.
    const inputs = applicant.page.locator('input[type="file"]');
    expect(await inputs.count()).toBe(4);
    expect(await applicant.page.locator('input[type="file"][capture="environment"]').count()).toBe(2);
    expect(await inputs.first().getAttribute('accept')).toContain('image/jpeg');
    // A quick French message before sending anything (the server decides, by content).
    await applicant.pickFile('Recto de la carte d’identité', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('pas un document'),
    });
    await applicant.page
      .getByText('Format non pris en charge : seuls les fichiers JPEG, PNG, HEIC et PDF sont acceptés.')
      .waitFor();
    await applicant.pickFile('Recto de la carte d’identité', await testJpeg('recto.jpg', 'RECTO'));
    await applicant.upload();
    await applicant.alerts.filter({ hasText: 'Veuillez renseigner les deux fichiers.' }).waitFor();
    await expectAccessible(applicant.page, '/signIdCard (missing file)');
    await applicant.pickFile('Verso de la carte d’identité', await testPng('verso.png', 'VERSO'));
    await applicant.upload();
    await applicant.expectUploadSuccess('Fichiers téléchargés avec succès !');
    await applicant.next();

    await finishApplication(email, who);

    // The operator reviews the application with its documents, in the back office.
    await operator.login(server.demoOperator.email, server.demoOperator.password, operatorCode);
    await operator.filterStatus('À examiner');
    await operator.manage(email);
    await operator.panel.getByRole('heading', { name: 'Dossier de Camille Durand' }).waitFor();
    expect(await operator.identity('phone').textContent()).toBe('+33612345678');
    expect(await operator.identity('profession').textContent()).toBe('Infirmière');
    expect(await operator.identity('income').textContent()).toBe('De 1 500 € à 3 000 € par mois');
    expect(await operator.identity('age').textContent()).toMatch(/^\d+ ans$/);
    await operator.documents.getByTestId('bo-document').nth(3).waitFor();
    expect(await operator.documents.getByTestId('bo-document').count()).toBe(4);
    await expectAccessible(operator.page, 'back office, manage panel');
    await operator.showDocument('Selfie');
    await operator.viewerImage.waitFor();
    await expect
      .poll(() => operator.viewerImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // Personal data edit: saved, the identity block follows, the message goes after 3 s.
    await operator.editField('Profession', 'Infirmière puéricultrice');
    await operator.saveEdits();
    const saved = operator.panel.getByText('Mise à jour réussie !');
    await saved.waitFor();
    await operator.identity('profession').filter({ hasText: 'Infirmière puéricultrice' }).waitFor();
    await saved.waitFor({ state: 'detached' });

    await operator.approve();
    await operator.toast(/Demande approuvée : compte ouvert \(LU/).waitFor();

    // Meanwhile, the applicant's page moved to the dashboard by itself.
    const iban = await expectDashboardWithIban('Camille');
    await operator.panel.getByTestId('bo-account-iban').filter({ hasText: iban }).waitFor();
    await operator.closePanel();
  }, 120_000);

  it('asks for corrections, takes the new passport, then approves', async () => {
    const email = uniqueEmail('nadia');
    const who = details('Nadia', 'Benali');
    await startApplication(email, 'Passeport');

    await applicant.waitForPath('/signPassport');
    await applicant.heading('Votre passeport').waitFor();
    await applicant.sendDocumentAndContinue(
      'Page photo du passeport',
      await testJpeg('passeport.jpg', 'PASSEPORT', 260),
    );
    await finishApplication(email, who);

    await operator.open();
    await operator.customersHeading.waitFor();
    await operator.manage(email);
    await operator.requestCorrections(['La photo du passeport est floue.'], ['Passeport']);
    await operator.toast('Demande de corrections envoyée.').waitFor();
    await operator.panel.getByText('Corrections demandées').first().waitFor();

    // Live: the wait screen lists the reasons and asks for the passport again.
    await applicant.heading('Des corrections sont nécessaires').waitFor();
    await applicant.correctionReasons.getByText('La photo du passeport est floue.').waitFor();
    await expectAccessible(applicant.page, '/wait-for-activation (corrections)');
    await applicant.pickFile(
      'Passeport (page photo)',
      await testJpeg('passeport-net.jpg', 'PASSEPORT NET', 280),
    );
    await applicant.upload();
    await applicant.expectUploadSuccess('Fichier téléchargé avec succès !');
    await applicant.button('Envoyer mes corrections').click();
    await applicant.heading('Votre demande est en cours d’examen').waitFor();

    // The operator sees the new passport next to the replaced one, and approves.
    await operator.closePanel();
    await operator.manage(email);
    await operator.panel.getByRole('button', { name: 'Approuver', exact: true }).waitFor();
    await operator.documents.getByLabel('Afficher aussi les documents remplacés').check();
    await operator.documents.locator('[data-testid="bo-document"][data-kind="passport"]').nth(1).waitFor();
    await operator.approve();
    await operator.toast(/Demande approuvée/).waitFor();

    await expectDashboardWithIban('Nadia');
    await operator.closePanel();
  });

  it('back office: wrong credentials, empty search, no documents, and sign-out after 2 minutes idle', async () => {
    const page = operator.page;
    // Signed out first: a wrong password, then a wrong code, say the same thing.
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    await operator.loginHeading.waitFor();
    await operator.submitPassword(server.demoOperator.email, 'pas-le-bon-mot-de-passe');
    await operator.alerts.filter({ hasText: 'Identifiants incorrects. Veuillez réessayer.' }).waitFor();
    await operator.submitPassword(server.demoOperator.email, server.demoOperator.password);
    await operator.submitCode('000000');
    await operator.alerts.filter({ hasText: 'Identifiants incorrects. Veuillez réessayer.' }).waitFor();

    // Time is ours from here: the inactivity rule is 2 minutes.
    await page.clock.install();
    await operator.login(server.demoOperator.email, server.demoOperator.password, operatorCode);

    await operator.search('personne-de-ce-nom-zz');
    await page.getByText('Aucun utilisateur trouvé.').waitFor();
    await expectAccessible(page, 'back office, customers');
    await operator.manage(server.demoCustomer.email);
    await operator.documents.getByText('Aucune image trouvée').waitFor();
    // The file has finished loading (its last section, the screening) before the operator goes idle.
    await operator.panel.getByText('Dernier criblage').waitFor();

    await page.clock.fastForward('02:01');
    await operator.alerts.filter({ hasText: 'Vous avez été déconnecté pour inactivité.' }).waitFor();
    await operator.loginHeading.waitFor();
    // Signed out on the server too.
    const status = await page.evaluate(async () => (await fetch('/api/backoffice/auth/me')).status);
    expect(status).toBe(401);
  });
});
