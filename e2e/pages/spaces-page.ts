import type { Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** Page object for « Mes Espaces » on « Accueil » and `/espaces/:id`. */
export class SpacesScreen extends ComptoirApp {
  get section(): Locator {
    return this.page.getByRole('region', { name: 'Mes Espaces' });
  }

  /** The card of one Espace on « Accueil », by its name. */
  space(name: string): Locator {
    return this.section
      .getByTestId('space')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async balanceOf(name: string): Promise<string> {
    return oneLine(await this.space(name).getByTestId('space-balance').textContent());
  }

  async mainBalance(): Promise<string> {
    return oneLine(await this.balanceCard.getByTestId('booked-balance').textContent());
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  async createSpace(name: string, goal: string): Promise<void> {
    await this.section.getByRole('button', { name: 'Créer un Espace' }).click();
    const dialog = this.dialog('Créer un Espace');
    await dialog.getByLabel('Nom de l’Espace').fill(name);
    await dialog.getByLabel('Objectif (facultatif)').fill(goal);
    await dialog.getByRole('button', { name: 'Créer un Espace' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** « Alimenter » or « Retirer » on an Espace's card, then the amount. */
  async move(name: string, direction: 'Alimenter' | 'Retirer', amount: string): Promise<void> {
    await this.space(name).getByRole('button', { name: direction }).click();
    const dialog = this.dialog(
      direction === 'Alimenter' ? `Alimenter l’Espace ${name}` : `Retirer de l’Espace ${name}`,
    );
    await dialog.getByLabel('Montant').fill(amount);
    await dialog.getByRole('button', { name: 'Valider' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  actionsOf(name: string): Locator {
    return this.space(name).getByRole('button', { name: `Actions pour l’Espace ${name}` });
  }
}
