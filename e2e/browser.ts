import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's Chromium — never a downloaded browser (docs/testing.md). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** A fresh Chromium profile in a temporary folder, removed on close. */
export async function launchBrowser(options: { width?: number; height?: number } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'comptoir-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // Dialogs open at once (the theme respects reduced motion): nothing is checked mid-fade.
    reducedMotion: 'reduce',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
