import type { Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** Page object for /carte (docs/product/cards.md). */
export class CardScreen extends ComptoirApp {
  async openCard(): Promise<void> {
    await this.open('/carte');
    await this.page.getByRole('heading', { name: 'Ma carte', level: 1 }).waitFor();
  }

  get visual(): Locator {
    return this.page.getByTestId('card-visual');
  }

  /** What the visual prints in one of its fields, spaces normalised. */
  async printed(field: 'number' | 'cvv' | 'expires-end' | 'valid-from' | 'last-name'): Promise<string> {
    return oneLine(await this.visual.getByTestId(`card-${field}`).textContent());
  }

  get showDetails(): Locator {
    return this.page.getByRole('button', { name: 'Afficher les détails' });
  }

  get hideDetails(): Locator {
    return this.page.getByRole('button', { name: 'Masquer' });
  }

  get countdown(): Locator {
    return this.page.getByTestId('card-countdown');
  }

  get revealDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Afficher les détails de la carte' });
  }

  async confirmReveal(code: string): Promise<void> {
    await this.revealDialog.getByLabel('Code de vérification').fill(code);
    await this.revealDialog.getByRole('button', { name: 'Valider' }).click();
    await this.revealDialog.waitFor({ state: 'detached' });
  }

  switchOf(label: string): Locator {
    return this.page.getByRole('switch', { name: label });
  }

  /**
   * Flips a switch as a person does: a click on it (Mantine's input covers its label), brought to
   * the middle of the screen first so that the phone's bottom navigation does not cover it.
   */
  async toggle(label: string): Promise<void> {
    const control = this.switchOf(label);
    await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await control.click();
  }

  get lockedNotice(): Locator {
    return this.page.getByTestId('card-locked');
  }

  slider(label: 'Plafond hebdomadaire' | 'Plafond mensuel'): Locator {
    return this.page.getByRole('slider', { name: label });
  }

  get activity(): Locator {
    return this.page.getByTestId('card-activity');
  }

  get error(): Locator {
    return this.page.getByTestId('card-error');
  }

  get deleteButton(): Locator {
    return this.page.getByRole('button', { name: 'Supprimer la carte' });
  }

  get deleteDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Supprimer la carte' });
  }

  get createButton(): Locator {
    return this.page.getByRole('button', { name: 'Créer une carte' });
  }

  /** A notification (toast) with this text. */
  toast(text: string): Locator {
    return this.page.locator('.mantine-Notification-root').filter({ hasText: text });
  }
}
