import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** What a browser holds of the installable app: its service worker, its caches, its manifest. */
export class InstallableApp {
  constructor(readonly page: Page) {}

  /** Waits until a service worker is active and controls the page; answers its script URL. */
  async controller(): Promise<string> {
    await this.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 15_000,
    });
    return this.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
  }

  registrations(): Promise<string[]> {
    return this.page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope),
    );
  }

  /** Every request URL stored in any Cache Storage cache, by cache name. */
  cachedUrls(): Promise<Record<string, string[]>> {
    return this.page.evaluate(async () => {
      const all: Record<string, string[]> = {};
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        all[name] = (await cache.keys()).map((request) => request.url);
      }
      return all;
    });
  }

  /** Chromium's own installability checks and parsed manifest (what its « Installer » entry uses). */
  async installability(): Promise<{
    errors: { errorId: string }[];
    manifestUrl: string;
    manifestErrors: { message: string; critical: number }[];
    manifest: unknown;
  }> {
    const cdp: CDPSession = await this.page.context().newCDPSession(this.page);
    try {
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: { message: string; critical: number }[];
        data?: string;
      };
      return {
        errors: installabilityErrors,
        manifestUrl: manifest.url,
        manifestErrors: manifest.errors,
        manifest: manifest.data ? JSON.parse(manifest.data) : null,
      };
    } finally {
      await cdp.detach();
    }
  }

  /** Asks the browser to look for a new version of the worker now (as it does on its own). */
  checkForUpdate(): Promise<void> {
    return this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      await registration?.update();
    });
  }

  static async clearAll(context: BrowserContext): Promise<void> {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
      for (const name of await caches.keys()) await caches.delete(name);
    });
  }
}
