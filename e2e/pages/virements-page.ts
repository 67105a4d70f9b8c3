import type { Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

export type PayeeVerificationResult = 'match' | 'close_match' | 'no_match' | 'not_possible';

/** Page object for /virementshome: the « Ajouter un bénéficiaire » dialog and the « Gérer » drawer. */
export class VirementsScreen extends ComptoirApp {
  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Virements', level: 1 });
  }

  async openVirements(): Promise<void> {
    await this.open('/virementshome');
    await this.waitForPath('/virementshome');
    await this.heading.waitFor();
  }

  // — « Ajouter un bénéficiaire » —

  get addDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Ajouter un bénéficiaire' });
  }

  async openAddDialog(): Promise<void> {
    await this.page.getByRole('button', { name: 'Ajouter un bénéficiaire' }).click();
    await this.addDialog.waitFor();
  }

  field(label: 'Intitulé' | 'Nom du bénéficiaire' | 'IBAN' | 'BIC'): Locator {
    return this.addDialog.getByRole('textbox', { name: label });
  }

  /** Types the IBAN key by key, as a person does (the field groups it while typing). */
  async typeIban(iban: string): Promise<void> {
    await this.field('IBAN').fill('');
    await this.field('IBAN').pressSequentially(iban);
  }

  async fillPayee(input: { label?: string; name: string; iban: string }): Promise<void> {
    await this.field('Intitulé').fill(input.label ?? '');
    await this.field('Nom du bénéficiaire').fill(input.name);
    await this.typeIban(input.iban);
  }

  get verification(): Locator {
    return this.addDialog.getByTestId('payee-verification');
  }

  /** Presses « Vérifier » and waits for the answer; returns its result and its title. */
  async verify(): Promise<{ result: string | null; text: string }> {
    await this.addDialog.getByRole('button', { name: 'Vérifier' }).click();
    await this.verification.waitFor();
    return {
      result: await this.verification.getAttribute('data-result'),
      text: (await this.verification.textContent()) ?? '',
    };
  }

  get saveButton(): Locator {
    return this.addDialog.getByRole('button', { name: 'Enregistrer' });
  }

  // — « Gérer les bénéficiaires » —

  get drawer(): Locator {
    return this.page.getByRole('dialog', { name: 'Gérer les bénéficiaires' });
  }

  async openDrawer(): Promise<void> {
    await this.page.getByRole('button', { name: 'Gérer les bénéficiaires' }).click();
    await this.drawer.waitFor();
  }

  get drawerItems(): Locator {
    return this.drawer.getByTestId('beneficiary-item');
  }

  // — strong authentication —

  get scaDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Confirmer l’ajout du bénéficiaire' });
  }

  /** Saves the beneficiary: « Enregistrer », then the code in the strong-authentication dialog. */
  async saveWithCode(code: string): Promise<void> {
    await this.saveButton.click();
    await this.scaDialog.waitFor();
    await this.scaDialog.getByRole('textbox', { name: 'Code de vérification' }).fill(code);
    await this.scaDialog.getByRole('button', { name: 'Valider' }).click();
    await this.scaDialog.waitFor({ state: 'detached' });
  }

  /** A JSON mutation from inside the page, with its cookies and the anti-CSRF header. */
  async apiPost<T>(path: string, body: unknown): Promise<T> {
    return this.page.evaluate(
      async ([url, payload]) => {
        const response = await fetch(url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'comptoir' },
          body: JSON.stringify(payload),
        });
        if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as unknown;
      },
      [path, body] as const,
    ) as Promise<T>;
  }

  /** A notification (toast) with this text (the newest, when an earlier one is still there). */
  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text }).last();
  }
}
