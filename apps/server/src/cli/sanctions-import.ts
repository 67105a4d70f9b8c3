/**
 * Loads a file of the EU consolidated financial sanctions list (its XML export) as a new version,
 * and prints the version with what changed since the previous one (docs/screening.md#the-list).
 *
 *   npm run sanctions:import -- FILE
 *
 * Uses the same configuration as the server (DATABASE_URL, or PGlite in DATA_DIR, whose lock it
 * holds meanwhile). The same file as the version in force changes nothing. Exit code 1 with a
 * one-line French message on a refused file (malformed, cut short, not the EU list…): nothing is
 * written and the version in force stays.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config.ts';
import type { Db } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { importSanctionsList } from '../modules/sanctions-lists/index.ts';
import { openCommandContext } from './command-context.ts';

const USAGE = 'Usage : npm run sanctions:import -- FICHIER.xml';

class UsageError extends Error {}

function fileArgument(argv: string[]): string {
  let positionals: string[];
  let help: boolean | undefined;
  try {
    ({
      positionals,
      values: { help },
    } = parseArgs({
      args: argv,
      options: { help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    }));
  } catch (error) {
    throw new UsageError(`Argument invalide / invalid argument: ${(error as Error).message}\n${USAGE}`);
  }
  if (help) {
    console.log(USAGE);
    process.exit(0);
  }
  const [file, ...rest] = positionals;
  if (file === undefined || rest.length > 0) {
    throw new UsageError(`Indiquez un seul fichier / give exactly one file.\n${USAGE}`);
  }
  return file;
}

async function main(): Promise<number> {
  let db: Db | undefined;
  try {
    const file = fileArgument(process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')));
    let xml: Buffer;
    try {
      xml = readFileSync(file);
    } catch (error) {
      throw new UsageError(`Fichier illisible / cannot read ${file}: ${(error as Error).message}`);
    }
    const ctx = await openCommandContext('npm run sanctions:import');
    db = ctx.db;
    const { version, unchanged } = await importSanctionsList(ctx, {
      xml,
      source: 'command',
      loadedBy: `npm run sanctions:import (${basename(file)})`,
    });
    if (unchanged) {
      console.log(`unchanged: version ${version.number} already in force (sha256 ${version.contentSha256})`);
    } else {
      console.log(`version: ${version.number}`);
      console.log(`entries: ${version.entryCount}`);
      console.log(`added: ${version.added} removed: ${version.removed} changed: ${version.changed}`);
      console.log(`sha256: ${version.contentSha256}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
    } else if (error instanceof AppError) {
      console.error(`Erreur : ${error.detail}`);
    } else {
      console.error(`Erreur / error: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  } finally {
    await db?.close().catch(() => undefined);
  }
}

process.exitCode = await main();
