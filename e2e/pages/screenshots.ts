import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { settled } from './page-checks.ts';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** `SCREENSHOTS=<folder>` keeps the pictures there; by default in the system's temporary folder. */
const ROOT = process.env.SCREENSHOTS ?? join(tmpdir(), 'comptoir-e2e-screenshots');

export interface ShotOptions {
  /** One part of the page instead of the whole page. */
  part?: Locator;
  /** `false`: the window only, as it is scrolled now (default: the whole page from the top). */
  fullPage?: boolean;
}

/**
 * Screenshots of one test file's screens for a person to look at, in
 * `<root>/<area>/<name>-<width>.png`: each state at 360 px and 1280 px.
 */
/**
 * How far the page is wider than the window, and the innermost elements that stick out (so that a
 * failure names them).
 */
async function overflow(page: Page): Promise<{ by: number; widest: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const by = root.scrollWidth - root.clientWidth;
    if (by <= 0) return { by: 0, widest: [] };
    const out = [...document.body.querySelectorAll('*')].filter(
      (e) => e.getBoundingClientRect().right > root.clientWidth + 1,
    );
    const innermost = out.filter((e) => !out.some((o) => o !== e && e.contains(o)));
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')}` +
      ` «${(e.textContent ?? '').trim().slice(0, 40)}» right=${Math.round(e.getBoundingClientRect().right)}`;
    return { by, widest: innermost.slice(0, 5).map(name) };
  });
}

export function screenshots(area: string) {
  const folder = join(ROOT, area);

  /** The page at its current width, once its transitions are over. */
  async function shoot(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
    mkdirSync(folder, { recursive: true });
    await settled(page);
    const path = join(folder, `${name}-${page.viewportSize()?.width ?? 0}.png`);
    if (options.part) {
      await options.part.screenshot({ path, animations: 'disabled' });
      return;
    }
    const fullPage = options.fullPage ?? true;
    // From the top: the fixed header and navigation then sit where a person sees them.
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path, fullPage, animations: 'disabled' });
  }

  /**
   * The same state at 360 px and at 1280 px, checking that nothing is wider than the screen (no
   * sideways scrolling on a phone), then back to the page's own size.
   */
  async function shootBoth(page: Page, name: string): Promise<void> {
    const own = page.viewportSize();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await shoot(page, name);
      // Polled: a chart sized by a ResizeObserver keeps the old width until its next frame, which a
      // loaded machine may not have drawn yet; a layout that stays too wide still fails.
      await expect
        .poll(() => overflow(page), {
          message: `${name}: wider than the screen at ${size.width} px`,
          timeout: 5_000,
        })
        .toEqual({ by: 0, widest: [] });
    }
    if (own) await page.setViewportSize(own);
  }

  return { folder, shoot, shootBoth };
}
