import type { Locator } from 'playwright-core';
import type { BackOfficePages } from './backoffice-pages.ts';
import { labelled } from './onboarding-pages.ts';

/** The manage panel's « Régularisation » section and danger zone (docs/product/back-office.md#customers). */
export class ManualEntryPanel {
  constructor(readonly bo: BackOfficePages) {}

  get section(): Locator {
    return this.bo.panel.getByTestId('bo-manual-entries');
  }

  get entries(): Locator {
    return this.section.getByTestId('bo-manual-entry');
  }

  entry(reason: string): Locator {
    return this.entries.filter({ hasText: reason });
  }

  async add(entry: { amount: string; direction: 'Crédit' | 'Débit'; reason: string }): Promise<void> {
    const form = this.section.getByTestId('bo-manual-entry-form');
    await labelled(form, 'Montant en €').fill(entry.amount);
    await form.getByText(entry.direction, { exact: true }).click();
    await labelled(form, 'Motif (visible par le client)').fill(entry.reason);
    await form.getByRole('button', { name: 'Ajouter la transaction' }).click();
  }

  get dangerZone(): Locator {
    return this.bo.panel.getByTestId('bo-danger-zone');
  }

  get closeDialog(): Locator {
    return this.bo.confirmDialog('Clôturer le compte');
  }

  /** Opens the confirmation, which names the e-mail, and types it (the button is enabled then). */
  async prepareClosing(email: string): Promise<void> {
    await this.dangerZone.getByRole('button', { name: 'Clôturer le compte' }).click();
    await this.closeDialog.getByText(email).waitFor();
    await this.closeDialog.getByLabel('Saisissez l’adresse e-mail du client pour confirmer').fill(email);
  }

  async confirmClosing(): Promise<void> {
    await this.closeDialog.getByRole('button', { name: 'Clôturer le compte' }).click();
  }
}
