import type { Locator, Page } from 'playwright-core';
import { AppPage } from './app-page.ts';
import type { TestFile } from './test-files.ts';

export interface ApplicantDetails {
  firstName: string;
  lastName: string;
  gender: 'Homme' | 'Femme';
  birthDate: string;
  phone: string;
  address: string;
  postalCode: string;
  city: string;
  taxId: string;
  password: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field by its whole label, with or without the « * » of a required field. */
export const labelled = (scope: Page | Locator, label: string): Locator =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** Page object for the account-opening journey (/inscription1 … /wait-for-activation). */
export class OnboardingPages extends AppPage {
  heading(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name, exact: typeof name === 'string' });
  }

  get alerts(): Locator {
    return this.page.getByRole('alert').filter({ hasText: /\S/ });
  }

  /** The live region of an upload form. */
  get uploadStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: /\S/ });
  }

  // — steps —

  async fillSituation(values: { income: string; profession: string; country?: string }): Promise<void> {
    if (values.country)
      await this.page.getByLabel('Pays de résidence').selectOption({ label: values.country });
    await this.page.getByLabel('Revenus mensuels nets').selectOption({ label: values.income });
    await this.page.getByLabel('Profession').fill(values.profession);
  }

  async next(): Promise<void> {
    await this.button('Continuer').click();
  }

  async acceptConditions(): Promise<void> {
    await this.page.getByRole('link', { name: 'J’ai compris, je continue' }).click();
  }

  async fillEmail(email: string): Promise<void> {
    await this.page.getByLabel('Adresse e-mail').fill(email);
  }

  async startIdentityCheck(): Promise<void> {
    await this.page.getByRole('link', { name: 'Commencer la vérification' }).click();
  }

  get documentCountry(): Locator {
    return this.page.getByLabel('Pays d’émission du document');
  }

  async chooseDocument(type: 'Carte d’identité' | 'Passeport'): Promise<void> {
    await this.button(type).click();
  }

  /** Picks a file the way a person does: the field opens the file chooser. */
  async pickFile(label: string, file: TestFile): Promise<void> {
    const field = labelled(this.page, label);
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), field.click()]);
    await chooser.setFiles({ name: file.name, mimeType: file.mimeType, buffer: file.buffer });
    await field.filter({ hasText: file.name }).waitFor();
  }

  async upload(): Promise<void> {
    await this.button('Télécharger').click();
  }

  async expectUploadSuccess(text: 'Fichier téléchargé avec succès !' | 'Fichiers téléchargés avec succès !') {
    await this.uploadStatus.filter({ hasText: text }).waitFor();
  }

  /** A one-document step: chooses the file, sends it, waits for the success message, continues. */
  async sendDocumentAndContinue(label: string, file: TestFile): Promise<void> {
    await this.pickFile(label, file);
    await this.upload();
    await this.expectUploadSuccess('Fichier téléchargé avec succès !');
    await this.next();
  }

  async fillDetails(details: ApplicantDetails): Promise<void> {
    const page = this.page;
    await page.getByLabel('Prénom').fill(details.firstName);
    await labelled(page, 'Nom').fill(details.lastName);
    await labelled(page, details.gender).check();
    await page.getByLabel('Date de naissance').fill(details.birthDate);
    await page.getByLabel('Téléphone').fill(details.phone);
    await labelled(page, 'Adresse').fill(details.address);
    await page.getByLabel('Code postal').fill(details.postalCode);
    await page.getByLabel('Ville').fill(details.city);
    await page.getByLabel('Numéro fiscal').fill(details.taxId);
    await labelled(page, 'Mot de passe').fill(details.password);
    await page.getByLabel('Confirmation du mot de passe').fill(details.password);
  }

  async submitDetails(): Promise<void> {
    await this.button('Créer mon compte').click();
  }

  // — after the application —

  get waitMessage(): Locator {
    return this.page.getByTestId('wait-message');
  }

  get correctionReasons(): Locator {
    return this.page.getByTestId('correction-reasons');
  }

  get balanceCard(): Locator {
    return this.page.getByTestId('balance-card');
  }
}
