import type { Locator, Page } from 'playwright-core';
import { labelled } from './onboarding-pages.ts';

export const BACKOFFICE_PATH = '/027895-admin-panel';

/** Page object for the operator back office. */
export class BackOfficePages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    /** The server's `BACKOFFICE_PATH`. */
    readonly path = BACKOFFICE_PATH,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(new URL(this.path, this.baseUrl).toString());
  }

  get loginHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Espace opérateur' });
  }

  get alerts(): Locator {
    return this.page.getByRole('alert').filter({ hasText: /\S/ });
  }

  async submitPassword(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Adresse e-mail').fill(email);
    await labelled(this.page, 'Mot de passe').fill(password);
    await this.page.getByRole('button', { name: 'Se connecter' }).click();
  }

  get codeField(): Locator {
    return this.page.getByLabel('Code de vérification');
  }

  async submitCode(code: string): Promise<void> {
    await this.codeField.fill(code);
    await this.page.getByRole('button', { name: 'Valider' }).click();
  }

  async login(email: string, password: string, code: () => Promise<string>): Promise<void> {
    await this.open();
    await this.loginHeading.waitFor();
    await this.submitPassword(email, password);
    await this.codeField.waitFor();
    await this.submitCode(await code());
    await this.customersHeading.waitFor();
  }

  // — customers —

  get customersHeading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Utilisateurs' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Liste des utilisateurs' });
  }

  rowOf(email: string): Locator {
    return this.page.locator(`[data-testid="bo-customer-row"][data-email="${email}"]`);
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Rechercher').fill(text);
  }

  async filterStatus(label: string): Promise<void> {
    await this.page.getByLabel('Statut').selectOption({ label });
  }

  async manage(email: string): Promise<void> {
    await this.search(email);
    await this.rowOf(email)
      .getByRole('button', { name: /^Gérer/ })
      .click();
    await this.panel.waitFor();
  }

  // — manage panel —

  get panel(): Locator {
    return this.page.getByRole('dialog', { name: /^Dossier de/ });
  }

  identity(field: string): Locator {
    return this.panel.getByTestId('bo-identity').locator(`tr[data-field="${field}"] td`);
  }

  get documents(): Locator {
    return this.panel.getByTestId('bo-documents');
  }

  get viewerImage(): Locator {
    return this.panel.getByTestId('bo-document-viewer').locator('img');
  }

  async showDocument(kind: string): Promise<void> {
    await this.documents.getByRole('button', { name: `Afficher : ${kind}` }).click();
  }

  async editField(label: string, value: string): Promise<void> {
    await labelled(this.panel.getByTestId('bo-edit'), label).fill(value);
  }

  async saveEdits(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  }

  confirmDialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  async approve(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Approuver', exact: true }).click();
    await this.confirmDialog('Approuver la demande')
      .getByRole('button', { name: 'Approuver et ouvrir le compte' })
      .click();
  }

  async requestCorrections(reasons: string[], documents: string[]): Promise<void> {
    await this.panel.getByRole('button', { name: 'Demander des corrections' }).click();
    const dialog = this.confirmDialog('Demander des corrections');
    await dialog.getByLabel('Motifs').fill(reasons.join('\n'));
    for (const document of documents) await labelled(dialog, document).check();
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }

  async closePanel(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Fermer', exact: true }).click();
    await this.panel.waitFor({ state: 'detached' });
  }
}
