import type { Locator, Page } from 'playwright-core';
import { labelled } from './onboarding-pages.ts';

/** The back office's direct-debit screens: the sandbox's « Annoncer un prélèvement », the claims queue, a customer's section. */
export class DirectDebitPages {
  constructor(readonly page: Page) {}

  // — « Outils sandbox » —

  get announceForm(): Locator {
    return this.page.getByTestId('bo-announce-direct-debit');
  }

  field(label: string): Locator {
    return labelled(this.announceForm, label);
  }

  async announce(values: {
    iban: string;
    creditorId: string;
    creditorName: string;
    mandateId: string;
    mandateSignedOn: string;
    sequence: string;
    amount: string;
    dueDate: string;
    remittanceInfo: string;
  }): Promise<void> {
    await this.field('IBAN du compte à débiter').fill(values.iban);
    await this.field('Identifiant créancier (ICS)').fill(values.creditorId);
    await this.field('Nom du créancier').fill(values.creditorName);
    await this.field('Référence du mandat').fill(values.mandateId);
    await this.field('Date de signature du mandat').fill(values.mandateSignedOn);
    await this.announceForm.getByLabel('Séquence').selectOption({ label: values.sequence });
    await this.field('Montant en €').fill(values.amount);
    await this.field('Date d’échéance').fill(values.dueDate);
    await this.field('Libellé').fill(values.remittanceInfo);
    await this.submitAnnouncement();
  }

  async submitAnnouncement(): Promise<void> {
    await this.announceForm.getByRole('button', { name: 'Annoncer le prélèvement' }).click();
  }

  /** The texts describing a field (its hint and its error message), by its `aria-describedby`. */
  async fieldDescription(label: string): Promise<string> {
    const ids = ((await this.field(label).getAttribute('aria-describedby')) ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const texts = await Promise.all(ids.map((id) => this.page.locator(`[id="${id}"]`).textContent()));
    return texts.join(' ');
  }

  announced(status: string): Locator {
    return this.page.locator(`[data-testid="bo-announced-direct-debit"][data-status="${status}"]`);
  }

  // — « Contestations de prélèvements » —

  claim(status: string): Locator {
    return this.page.locator(`[data-testid="bo-claim"][data-status="${status}"]`);
  }

  async filterClaims(label: string): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Statut' }).getByText(label, { exact: true }).click();
  }

  decisionDialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  // — a customer's file —

  section(panel: Locator): Locator {
    return panel.getByTestId('bo-direct-debits');
  }
}
