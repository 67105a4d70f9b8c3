import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Waits for the page's running transitions and animations to end (endless ones, a spinner or a
 * skeleton, are left running) and for the next frame to be drawn.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
        .map((a) => a.finished.catch(() => undefined)),
    );
    await new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(resolve));
      setTimeout(resolve, 200); // a page in the background draws no frame
    });
  });
}

/**
 * Rules of axe's « best practice » set checked besides WCAG's: a dialog's header must not be a
 * second banner, headings go down one level at a time.
 */
const BEST_PRACTICES = ['landmark-no-duplicate-banner', 'heading-order'] as const;

/**
 * WCAG A/AA rules of axe (`link-in-text-block`, a link told apart by colour only, among them) and
 * the best practices above, on the page as it is now, or on one part of it: none may fail.
 */
export async function expectAccessible(page: Page, where: string, selector?: string): Promise<void> {
  // Colours are measured on the settled page, never halfway through a transition.
  await settled(page);
  const builder = new AxeBuilder({ page });
  if (selector) builder.include(selector);
  const { violations } = await builder
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa'] },
      rules: Object.fromEntries(BEST_PRACTICES.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  expect(
    violations.map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A mutation from inside the page, with its cookies and the anti-CSRF header. */
export async function apiPost<T>(
  page: Page,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return page.evaluate(
    async ({ path, body, headers }) => {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { ...headers, 'content-type': 'application/json', 'x-requested-with': 'comptoir' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as unknown;
    },
    { path, body, headers },
  ) as Promise<T>;
}
