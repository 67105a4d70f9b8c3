import type { Locator, Page } from 'playwright-core';
import type { TestFile } from './test-files.ts';

/** The customer's document-request dialog (mounted on every screen of the customer area). */
export class DocumentRequestDialog {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Un document vous est demandé' });
  }

  async text(testId: 'document-request-kind' | 'document-request-reason'): Promise<string> {
    return ((await this.dialog.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  async later(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Plus tard' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  async upload(file: TestFile): Promise<void> {
    await this.dialog.locator('input[type=file]').setInputFiles(file);
    await this.dialog.getByRole('button', { name: 'Envoyer le document' }).click();
  }

  /** « Fermer » under « Document envoyé » (the header's close button has the same name). */
  async closeSent(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  get sent(): Locator {
    return this.dialog.getByTestId('document-request-sent');
  }
}

/** The back office's « Demandes de documents » section of the manage panel. */
export class DocumentRequestsSection {
  constructor(readonly panel: Locator) {}

  get section(): Locator {
    return this.panel.getByTestId('bo-document-requests');
  }

  async request(reason: string, options: { kind?: string; blocking?: boolean } = {}): Promise<void> {
    const form = this.section.getByTestId('bo-document-request-form');
    if (options.kind) {
      await form.getByRole('textbox', { name: 'Document demandé' }).click();
      await this.panel.page().getByRole('option', { name: options.kind }).click();
    }
    if (options.blocking === false) await form.getByRole('switch').uncheck();
    await form.getByLabel('Motif (envoyé au client)').fill(reason);
    await form.getByRole('button', { name: 'Demander le document' }).click();
  }

  item(status: 'open' | 'submitted' | 'accepted' | 'rejected'): Locator {
    return this.section.locator(`[data-testid="bo-document-request"][data-status="${status}"]`);
  }
}
