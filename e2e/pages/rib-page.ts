import type { Download, Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

export type RibField = 'holder' | 'iban' | 'bic' | 'bank' | 'bank-address';

/** Page object for /rib: the bank details card, its copy buttons and the PDF download. */
export class RibScreen extends ComptoirApp {
  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Mon RIB', level: 1 });
  }

  get card(): Locator {
    return this.page.getByTestId('rib-card');
  }

  async openRib(): Promise<void> {
    await this.open('/rib');
    await this.waitForPath('/rib');
    await this.heading.waitFor();
    await this.value('iban').waitFor();
  }

  /** The shown value of a row (each line of the address is its own element). */
  value(field: RibField): Locator {
    return this.page.getByTestId(`rib-${field}-value`);
  }

  async text(field: RibField): Promise<string> {
    return (await this.value(field).allTextContents()).join('\n');
  }

  copyButton(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** A notification (toast) with this text. */
  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }

  /**
   * The one entry of the customer navigation with this name: the bottom bar on a phone, the side
   * bar on a desktop (the other one is not displayed, so it is not in the accessibility tree).
   */
  navLink(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true });
  }

  get downloadLink(): Locator {
    return this.page.getByRole('link', { name: 'Télécharger mon RIB' });
  }

  async download(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.downloadLink.click()]);
    return download;
  }

  async clipboard(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }
}
