import { expect } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';

/**
 * Chromium's own line for an answer of 400 or more. The browser prints it for every such fetch,
 * whatever the page then does with the answer, so it is no sign of a fault by itself: a refusal the
 * screen expects and shows (a wrong code, an insufficient balance) is declared, anything else fails.
 */
const REFUSED_LOAD = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

export interface ConsoleWatch {
  /** An API answer the flow expects and the screen handles: `status` from a path matching `path`. */
  expectRefusal(status: number, path: string | RegExp): void;
  /** Stops watching and fails on any console error or page error the flow did not expect. */
  stop(): void;
}

/**
 * Watches a page's console while a flow runs: the app itself prints no error for an answer it
 * handles, a script error or a failed asset load is a fault, and an API refusal must be declared.
 */
export function watchConsole(page: Page): ConsoleWatch {
  const expected: { status: number; path: string | RegExp }[] = [];
  const problems: string[] = [];

  const isExpected = (status: number, url: string): boolean => {
    const { pathname } = new URL(url);
    return expected.some(
      (refusal) =>
        refusal.status === status &&
        (typeof refusal.path === 'string' ? refusal.path === pathname : refusal.path.test(pathname)),
    );
  };

  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const refused = REFUSED_LOAD.exec(message.text());
    const url = message.location().url;
    if (refused && url && isExpected(Number(refused[1]), url)) return;
    problems.push(`console: ${message.text()}${url ? ` (${url})` : ''}`);
  };
  const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);

  return {
    expectRefusal: (status, path) => void expected.push({ status, path }),
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      expect(problems, 'console errors the flow did not expect').toEqual([]);
    },
  };
}
