import type { Download, Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

/**
 * Page object for /profil: « Mes informations », active sessions, « Mes données », « Déconnexion »;
 * and /update-user.
 */
export class ProfileScreen extends ComptoirApp {
  async openProfile(): Promise<void> {
    await this.open('/profil');
    await this.waitForPath('/profil');
    await this.sessions.first().waitFor();
  }

  get information(): Locator {
    return this.page.getByTestId('my-information');
  }

  /** The value next to a label of « Mes informations ». */
  informationValue(label: string): Locator {
    const term = this.page.locator('dt').getByText(label, { exact: true });
    return this.information.locator('div', { has: term }).locator('dd');
  }

  get sessions(): Locator {
    return this.page.getByTestId('session-item');
  }

  get currentSession(): Locator {
    return this.page.locator('[data-testid="session-item"][data-status="current"]');
  }

  get otherSessions(): Locator {
    return this.page.locator('[data-testid="session-item"][data-status="other"]');
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async revokeFirstOther(): Promise<void> {
    await this.otherSessions
      .first()
      .getByRole('button', { name: /^Déconnecter la session/ })
      .click();
    await this.dialog.getByRole('button', { name: 'Déconnecter', exact: true }).click();
  }

  async revokeAllOthers(): Promise<void> {
    await this.page.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }).click();
    await this.dialog.getByRole('button', { name: 'Déconnecter', exact: true }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  get myData(): Locator {
    return this.page.getByRole('region', { name: 'Mes données' });
  }

  get scaDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Télécharger mes données' });
  }

  /** « Télécharger mes données », confirmed with this code in the strong-authentication dialog. */
  async downloadMyData(code: string): Promise<Download> {
    await this.myData.getByRole('button', { name: 'Télécharger mes données' }).click();
    await this.scaDialog.getByRole('textbox', { name: 'Code de vérification' }).fill(code);
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.scaDialog.getByRole('button', { name: 'Valider' }).click(),
    ]);
    return download;
  }
}
