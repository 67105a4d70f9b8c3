import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../../context.ts';
import { importSanctionsList } from './import-list-service.ts';
import { newestVersion } from './queries.ts';

/**
 * The fictional lists in the EU's schema (never real records), beside this file in the sources and
 * beside the compiled server (scripts/build-server.mjs copies the folder).
 */
export const SYNTHETIC_LIST_DIR = join(dirname(fileURLToPath(import.meta.url)), 'synthetic');

/**
 * Sandbox only: loads the fictional list `synthetic/eu-list.xml` (source `sandbox`) when no list
 * was ever loaded, so that screening has something to screen against from the first start.
 */
export async function ensureSandboxSanctionsList(ctx: AppContext): Promise<void> {
  if (!ctx.config.sandbox || (await newestVersion(ctx.db))) return;
  await importSanctionsList(ctx, {
    xml: readFileSync(join(SYNTHETIC_LIST_DIR, 'eu-list.xml')),
    source: 'sandbox',
    loadedBy: 'Liste fictive du bac à sable (eu-list.xml)',
  });
}
