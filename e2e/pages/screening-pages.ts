import type { Locator, Page } from 'playwright-core';
import { BackOfficeAdminPages } from './backoffice-admin-pages.ts';
import { labelled } from './onboarding-pages.ts';

/** A file handed to the file chooser, as a person picks it on their disk. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * The back office's « Criblage » page (docs/screening.md): the alerts queue and its four-eyes
 * decisions, the freezes and their lifting, the list's versions and its upload.
 */
export class ScreeningPages {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await new BackOfficeAdminPages(this.page).goTo('Criblage');
  }

  async tab(name: 'Alertes' | 'Gels' | 'Listes' | 'Réglages'): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }

  /** « Actualiser »: the queue and the freezes are read again (nothing refreshes on a timer). */
  async refresh(): Promise<void> {
    await this.page.getByRole('button', { name: 'Actualiser' }).click();
  }

  /** A notification (toast) with this text. */
  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }

  // — « Listes » —

  get uploadSection(): Locator {
    return this.page.getByTestId('bo-screening-upload');
  }

  /** Picks the file through the chooser the field opens, then « Charger la liste ». */
  async uploadList(file: ChosenFile): Promise<void> {
    const field = labelled(this.uploadSection, 'Fichier XML');
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), field.click()]);
    await chooser.setFiles(file);
    await field.filter({ hasText: file.name }).waitFor();
    await this.uploadSection.getByRole('button', { name: 'Charger la liste' }).click();
  }

  get uploadResult(): Locator {
    return this.uploadSection.getByTestId('bo-screening-upload-result');
  }

  get versionsSection(): Locator {
    return this.page.getByTestId('bo-screening-lists');
  }

  version(number: number): Locator {
    return this.page.locator(`[data-testid="bo-screening-list-version"][data-number="${number}"]`);
  }

  // — « Alertes » —

  get alertsList(): Locator {
    return this.page.getByRole('list', { name: 'Alertes de criblage' });
  }

  /** The alert card whose subject is named `name`. */
  alert(name: string): Locator {
    return this.page
      .getByTestId('bo-screening-alert')
      .filter({ has: this.page.getByRole('heading', { level: 2, name, exact: true }) });
  }

  /** « Confirmer la correspondance » with its note: the first operator's proposal. */
  async proposeConfirmation(alert: Locator, note: string): Promise<void> {
    await alert.getByRole('button', { name: 'Confirmer la correspondance' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Confirmer la correspondance' });
    await labelled(dialog, 'Note').fill(note);
    await dialog.getByRole('button', { name: 'Proposer la confirmation' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** « Approuver le gel » on the card: the dialog says what the approval does. */
  async openApproval(alert: Locator): Promise<void> {
    await alert.getByRole('button', { name: 'Approuver le gel' }).click();
    await this.approveDialog.waitFor();
  }

  /** The second operator's approval in the open dialog, which freezes at once. */
  async approveConfirmation(note?: string): Promise<void> {
    const dialog = this.approveDialog;
    if (note) await labelled(dialog, 'Note (facultative)').fill(note);
    await dialog.getByRole('button', { name: 'Approuver le gel' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  get approveDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approuver le gel' });
  }

  // — « Gels » —

  /** The freeze cards of a customer (by the link to their file). */
  freezeOf(name: string): Locator {
    return this.page
      .getByTestId('bo-screening-freeze')
      .filter({ has: this.page.getByRole('link', { name: `Ouvrir le dossier de ${name}` }) });
  }

  async showFreezes(status: 'En vigueur' | 'Levés'): Promise<void> {
    await this.page
      .getByRole('radiogroup', { name: 'Gels à afficher' })
      .getByText(status, { exact: true })
      .click();
  }

  /** « Proposer la levée »: a reason and the note that justifies it; another operator approves. */
  async proposeLift(freeze: Locator, reason: 'Délistage' | 'Décision', note: string): Promise<void> {
    await freeze.getByRole('button', { name: 'Proposer la levée' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Proposer la levée du gel' });
    await dialog.getByRole('radio', { name: new RegExp(`^${reason} `) }).check();
    await labelled(dialog, 'Note').fill(note);
    await dialog.getByRole('button', { name: 'Proposer la levée' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** « Approuver la levée »: the freeze ends. */
  async approveLift(freeze: Locator): Promise<void> {
    await freeze.getByRole('button', { name: 'Approuver la levée' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Approuver la levée du gel' });
    await dialog.getByRole('button', { name: 'Approuver la levée' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
