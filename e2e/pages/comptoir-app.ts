import type { Locator } from 'playwright-core';
import { AppPage } from './app-page.ts';

/** Page object for the public pages, /connexion and the customer area. */
export class ComptoirApp extends AppPage {
  // — signed out —

  get heroOpenAccount(): Locator {
    return this.page.getByRole('main').getByRole('link', { name: 'Ouvrir mon compte' }).first();
  }

  async expectHome(): Promise<void> {
    await this.waitForPath('/');
    await this.heroOpenAccount.waitFor();
  }

  get loginHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Connexion', level: 1 });
  }

  async login(email: string, password: string): Promise<void> {
    await this.open('/connexion');
    await this.submitLogin(email, password);
  }

  async submitLogin(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Adresse e-mail').fill(email);
    await this.page.getByLabel('Mot de passe', { exact: false }).first().fill(password);
    await this.page.getByRole('button', { name: 'Se connecter' }).click();
  }

  get loginError(): Locator {
    return this.page.getByRole('alert').filter({ hasText: /\S/ });
  }

  // — customer area —

  get balanceCard(): Locator {
    return this.page.getByTestId('balance-card');
  }

  get operations(): Locator {
    return this.page.getByTestId('operation');
  }

  async expectDashboard(): Promise<void> {
    await this.waitForPath('/');
    await this.balanceCard.waitFor();
    await this.page.getByRole('heading', { name: 'Mes opérations' }).waitFor();
    await this.operations.first().waitFor();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Déconnexion' }).first().click();
  }
}
