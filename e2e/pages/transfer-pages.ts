import type { Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

export interface TransferInput {
  amount: string;
  beneficiary?: string;
  reference?: string;
  /** One-off only: YYYY-MM-DD. */
  executionDate?: string;
  /** One-off only: a monthly repetition until a day (YYYY-MM-DD) or a number of times. */
  repeat?: { endDate: string } | { count: number };
}

/** Page object for /virementshome and the « Virement Instantané » / « Virement Ponctuel » forms. */
export class TransferScreens extends ComptoirApp {
  async openInstant(): Promise<void> {
    await this.open('/virementshome/instentane');
    await this.page.getByRole('heading', { name: 'Virement Instantané', level: 1 }).waitFor();
    await this.form.waitFor();
  }

  async openOneOff(): Promise<void> {
    await this.open('/virementshome/ponctuel');
    await this.page.getByRole('heading', { name: 'Virement Ponctuel', level: 1 }).waitFor();
    await this.form.waitFor();
  }

  get form(): Locator {
    return this.page.getByTestId('transfer-form');
  }

  /** Fills the form as a person would (the select is opened and an option clicked). */
  async fill(input: TransferInput): Promise<void> {
    await this.form.getByLabel('Montant', { exact: true }).fill(input.amount);
    if (input.beneficiary) {
      await this.form.getByRole('combobox', { name: 'Bénéficiaire' }).click();
      await this.page.getByRole('option', { name: input.beneficiary }).click();
    }
    if (input.reference !== undefined) await this.form.getByLabel('Motif').fill(input.reference);
    if (input.executionDate) await this.form.getByLabel('Date d’exécution').fill(input.executionDate);
    if (input.repeat) {
      await this.form.getByLabel('Répéter tous les mois').check();
      if ('endDate' in input.repeat) {
        await this.form.getByLabel('Dernier virement au plus tard le').fill(input.repeat.endDate);
      } else {
        await this.form.getByText('Nombre de fois', { exact: true }).click();
        await this.form.getByLabel('Nombre de virements', { exact: true }).fill(String(input.repeat.count));
      }
    }
  }

  async submit(): Promise<void> {
    await this.form.getByRole('button', { name: 'Valider' }).click();
  }

  /** The message under the form. */
  get problem(): Locator {
    return this.form.getByRole('alert');
  }

  async expectProblem(text: string): Promise<void> {
    await this.problem.filter({ hasText: text }).waitFor();
  }

  /** The confirmation sheet « Vous avez bien envoyé ». */
  get sheet(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.getByTestId('transfer-sheet-body') });
  }

  /** The amount and payee at the top of the sheet, or one of its details. */
  async sheetValue(field: 'amount' | 'payee' | 'iban' | 'bic' | 'date' | 'type' | 'number'): Promise<string> {
    const id = field === 'amount' || field === 'payee' ? field : `detail-${field}`;
    const text = await this.sheet.getByTestId(`transfer-sheet-${id}`).textContent();
    return (text ?? '').replace(/\s+/g, ' ').trim();
  }

  async sheetDetail(field: 'amount'): Promise<string> {
    const text = await this.sheet.getByTestId(`transfer-sheet-detail-${field}`).textContent();
    return (text ?? '').replace(/\s+/g, ' ').trim();
  }

  async closeSheet(): Promise<void> {
    await this.sheet.getByRole('button', { name: 'Terminé' }).click();
    await this.sheet.waitFor({ state: 'detached' });
  }

  /** The « Virements à venir » list on /virementshome. */
  get upcoming(): Locator {
    return this.page.getByTestId('upcoming-transfer');
  }

  /** A notification (toast) with this text. */
  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }
}

/** The strong-authentication dialog of a transfer: the summary first, then the code. */
export class TransferScaDialog {
  constructor(private readonly screens: TransferScreens) {}

  get dialog(): Locator {
    return this.screens.page.getByRole('dialog', { name: 'Confirmer le virement' });
  }

  async summary(): Promise<string> {
    const text = await this.dialog.getByTestId('sca-summary').textContent();
    return (text ?? '').replace(/\s+/g, ' ').trim();
  }

  async confirmWith(code: string): Promise<void> {
    await this.dialog.getByLabel('Code de vérification').fill(code);
    await this.dialog.getByRole('button', { name: 'Valider' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}
