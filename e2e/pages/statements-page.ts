import type { Download, Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

/** Page object for the statements: the « Relevés » dialog of « Accueil » and the profile's section. */
export class StatementsScreen extends ComptoirApp {
  get openButton(): Locator {
    return this.page.getByRole('button', { name: 'Relevés', exact: true });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Relevés et attestations' });
  }

  async openDialog(): Promise<void> {
    await this.openButton.click();
    await this.dialog.waitFor();
  }

  /** The months listed, as their test ids say (`2026-03`…), in screen order. */
  async months(scope: Locator): Promise<string[]> {
    const ids = await scope
      .locator('[data-testid^="statement-"]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace('statement-', ''));
  }

  link(scope: Locator, name: string): Locator {
    return scope.getByRole('link', { name, exact: true });
  }

  async download(link: Locator): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    return download;
  }

  /** Every operation amount shown on « Accueil », in cents (« − 12,34 € » → -1234). */
  async shownAmounts(): Promise<bigint[]> {
    const texts = await this.page.getByTestId('operation-amount').allTextContents();
    return texts.map(parseShownEuros);
  }

  async shownBookedBalance(): Promise<bigint> {
    return parseShownEuros((await this.page.getByTestId('booked-balance').first().textContent()) ?? '');
  }
}

/** « − 1 234,56 € », « + 12,00 € », « 1 234,56 € » → cents. */
export function parseShownEuros(text: string): bigint {
  const compact = text.replace(/[\s\u00a0\u202f€+]/g, '');
  const match = /^([−-]?)(\d+),(\d{2})$/.exec(compact);
  if (!match) throw new Error(`not an amount: ${text}`);
  const value = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] ? -value : value;
}
