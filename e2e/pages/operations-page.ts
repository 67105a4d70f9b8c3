import type { Locator } from 'playwright-core';
import { ComptoirApp } from './comptoir-app.ts';

/** Page object for « Accueil »'s operations: search, month filter, list, detail sheet, summary. */
export class OperationsScreen extends ComptoirApp {
  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Rechercher une opération' });
  }

  get monthSelect(): Locator {
    return this.page.getByRole('combobox', { name: 'Mois', exact: true });
  }

  async chooseMonth(label: string): Promise<void> {
    await this.monthSelect.selectOption({ label });
  }

  /** Waits until the list shows exactly `count` operations (a search answers after its debounce). */
  async expectCount(count: number): Promise<void> {
    await this.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="operation"]').length === n,
      count,
      { timeout: 10_000 },
    );
  }

  /** Waits until the list shows exactly these operations (by `st-` number), in this order. */
  async expectNumbers(numbers: readonly string[]): Promise<void> {
    await this.page.waitForFunction(
      (expected) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="operation-open"]')].map((b) =>
            b.getAttribute('data-number'),
          ),
        ) === JSON.stringify(expected),
      numbers,
      { timeout: 10_000 },
    );
  }

  get empty(): Locator {
    return this.page.getByTestId('operations-empty');
  }

  numbers(): Promise<string[]> {
    return this.page
      .getByTestId('operation-open')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-number') ?? ''));
  }

  /** Scrolls to the end of the list until no further page comes. */
  async scrollToEnd(): Promise<void> {
    for (let i = 0; i < 20; i++) {
      const before = await this.operations.count();
      await this.operations.last().scrollIntoViewIfNeeded();
      await this.page.mouse.wheel(0, 2000);
      await this.page.waitForTimeout(0);
      const more = this.page.getByRole('button', { name: 'Charger plus' });
      await this.page
        .waitForFunction((n) => document.querySelectorAll('[data-testid="operation"]').length > n, before, {
          timeout: 2_000,
        })
        .catch(() => undefined);
      if ((await this.operations.count()) === before && !(await more.isVisible())) return;
    }
  }

  get detail(): Locator {
    return this.page.getByRole('dialog', { name: 'Détail de l’opération' });
  }

  detailValue(id: string): Locator {
    return this.detail.getByTestId(`detail-${id}`);
  }

  get summary(): Locator {
    return this.page.getByTestId('month-summary');
  }
}
