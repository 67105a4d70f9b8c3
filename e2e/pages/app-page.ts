import type { Page } from 'playwright-core';

/** What every page object needs: open a path of the server under test and read where we are. */
export class AppPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path: string): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
  }

  /** The current path, without origin. */
  path(): string {
    return new URL(this.page.url()).pathname;
  }

  /** A JSON GET from inside the page, with its cookies. */
  async apiGet<T>(path: string): Promise<T> {
    return this.page.evaluate(async (url) => {
      const response = await fetch(url, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return (await response.json()) as unknown;
    }, path) as Promise<T>;
  }

  /** The HTTP status of a GET from inside the page, with its cookies. */
  async apiStatus(path: string): Promise<number> {
    return this.page.evaluate(
      async (url) =>
        (await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } })).status,
      path,
    );
  }

  /** Waits until the path is `path` (the app shows paths lower-cased). */
  async waitForPath(path: string): Promise<void> {
    const wanted = path.toLowerCase();
    await this.page.waitForURL((url) => url.pathname === wanted);
  }
}
