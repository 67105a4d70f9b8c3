import type { Locator, Page } from 'playwright-core';
import { BackOfficeAdminPages } from './backoffice-admin-pages.ts';
import { labelled } from './onboarding-pages.ts';

/**
 * The back office's « Surveillance » page (docs/monitoring.md#cases): the cases of transaction
 * monitoring, one case opened in their place, and its decisions under four eyes.
 */
export class MonitoringPages {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await new BackOfficeAdminPages(this.page).goTo('Surveillance');
  }

  /** « Actualiser »: the list is read again (nothing refreshes on a timer). */
  async refresh(): Promise<void> {
    await this.page.getByRole('button', { name: 'Actualiser' }).click();
  }

  async show(status: 'Ouverts' | 'Clos'): Promise<void> {
    await this.page
      .getByRole('radiogroup', { name: 'Dossiers à afficher' })
      .getByText(status, { exact: true })
      .click();
  }

  /** A notification (toast) with this text. */
  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }

  /** The case of the list whose customer is named `name`. */
  caseOf(name: string): Locator {
    return this.page
      .getByTestId('bo-monitoring-case')
      .filter({ has: this.page.getByRole('heading', { level: 2, name, exact: true }) });
  }

  /** « Examiner »: the case opens in place of the list. */
  async examine(name: string): Promise<Locator> {
    await this.caseOf(name)
      .getByRole('link', { name: `Examiner le dossier de ${name}` })
      .click();
    await this.caseView.waitFor();
    return this.caseView;
  }

  get caseView(): Locator {
    return this.page.getByTestId('bo-monitoring-case-view');
  }

  /** « Proposer une déclaration de soupçon » with its narrative: the first operator's proposal. */
  async proposeReport(narrative: string): Promise<void> {
    await this.caseView.getByRole('button', { name: 'Proposer une déclaration de soupçon' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Proposer une déclaration de soupçon' });
    await labelled(dialog, 'Exposé des faits').fill(narrative);
    await dialog.getByRole('button', { name: 'Proposer la déclaration' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  get approveDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Approuver la déclaration' });
  }

  /** « Approuver la déclaration », with an optional note: the case closes and the report is made. */
  async approveReport(note?: string): Promise<void> {
    await this.caseView.getByRole('button', { name: 'Approuver la déclaration' }).click();
    const dialog = this.approveDialog;
    if (note) await labelled(dialog, 'Note (facultative)').fill(note);
    await dialog.getByRole('button', { name: 'Approuver la déclaration' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
