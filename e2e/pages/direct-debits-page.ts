import type { Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

/** Page object for « Prélèvements » (/virementshome/prelevements), reached from « Virements ». */
export class DirectDebitsScreen extends ComptoirApp {
  get heading(): Locator {
    return this.page.getByRole('heading', { name: 'Prélèvements', level: 1 });
  }

  /** Through the app's own navigation: « Virements », then its « Prélèvements » link. */
  async openFromVirements(): Promise<void> {
    await this.page.getByRole('link', { name: 'Virements' }).first().click();
    await this.waitForPath('/virementshome');
    await this.page.getByRole('link', { name: /Prélèvements/ }).click();
    await this.waitForPath('/virementshome/prelevements');
    await this.heading.waitFor();
  }

  async openDirectDebits(): Promise<void> {
    await this.open('/virementshome/prelevements');
    await this.heading.waitFor();
  }

  /** « À venir ». */
  get coming(): Locator {
    return this.page.getByTestId('direct-debits-coming');
  }

  /** « Passés ». */
  get past(): Locator {
    return this.page.getByTestId('direct-debits-past');
  }

  /** A collection's row in a list, by its creditor's name. */
  collection(list: Locator, creditor: string): Locator {
    return list.getByTestId('direct-debit').filter({ hasText: creditor });
  }

  /** A mandate's row, by its reference. */
  mandate(reference: string): Locator {
    return this.page.getByTestId('mandate').filter({ hasText: reference });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  get rules(): Locator {
    return this.page.getByTestId('direct-debit-rules');
  }

  /** A notification (toast) with this text. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }

  /** Marks this document: a reload would make a new one without the mark. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });
  }

  async notReloaded(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
  }
}
