import type { Locator, Page } from 'playwright-core';
import type { TestFile } from './test-files.ts';

/** « Demander une modification de mon identité » on /profil: the action, its dialog, the status. */
export class IdentityChangeProfile {
  constructor(readonly page: Page) {}

  get openButton(): Locator {
    return this.page.getByRole('button', { name: 'Demander une modification de mon identité' });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Modifier mon identité' });
  }

  status(status: 'pending' | 'accepted' | 'rejected'): Locator {
    return this.page.locator(`[data-testid="identity-change-status"][data-status="${status}"]`);
  }

  async fill(values: { firstName?: string; lastName?: string; reason: string; file: TestFile }) {
    if (values.firstName) await this.dialog.getByLabel('Prénom').fill(values.firstName);
    if (values.lastName) await this.dialog.getByLabel('Nom', { exact: true }).fill(values.lastName);
    await this.dialog.getByLabel('Motif de la demande').fill(values.reason);
    await this.dialog.locator('input[type=file]').setInputFiles(values.file);
  }

  async send(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}

/** The back office's « Demandes de modification d’identité » section of the manage panel. */
export class IdentityChangesSection {
  constructor(readonly panel: Locator) {}

  get section(): Locator {
    return this.panel.getByTestId('bo-identity-changes');
  }

  item(status: 'pending' | 'accepted' | 'rejected'): Locator {
    return this.section.locator(`[data-testid="bo-identity-change"][data-status="${status}"]`);
  }
}
