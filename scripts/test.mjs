// `npm test`: every test (unit, integration on a real database, browser), then one summary line.
// With DATABASE_URL set, the tests run in a fresh PostgreSQL database created here and dropped after.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildWebIfStale } from './build-web-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env };
let dropDatabase = async () => {};

if (process.env.DATABASE_URL) {
  const base = new URL(process.env.DATABASE_URL);
  const name = `comptoir_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  console.log(`Tests on PostgreSQL (fresh database ${name})`);
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base.toString() });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
} else {
  console.log('Tests on PGlite (embedded PostgreSQL)');
}

buildWebIfStale();

const report = join(mkdtempSync(join(tmpdir(), 'comptoir-vitest-')), 'report.json');
const run = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, env, stdio: 'inherit' },
);
await dropDatabase();

if (!existsSync(report)) {
  console.log('0 passed, 1 failed');
  process.exit(run.status || 1);
}
const r = JSON.parse(readFileSync(report, 'utf8'));
const skipped = r.numPendingTests + (r.numTodoTests ?? 0);
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
process.exit(run.status ?? 1);
