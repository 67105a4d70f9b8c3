// The OpenAPI document, as an integrator gets it from /api/openapi.json, passes Redocly's
// recommended rules (redocly.yaml at the root says which rule is off, and why).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../testing/test-context.ts';

const root = join(import.meta.dirname, '../../../..');
const redocly = join(root, 'node_modules/.bin/redocly');

let t: TestContext;
let dir: string;

beforeAll(async () => {
  t = await makeTestContext();
  dir = mkdtempSync(join(tmpdir(), 'comptoir-openapi-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('passes redocly lint (recommended rules)', { timeout: 120_000 }, async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, (await t.app.inject({ url: '/api/openapi.json' })).body);
    const result = await promisify(execFile)(
      redocly,
      ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'stylish'],
      {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
      failed: true,
    }));
    expect('failed' in result ? `${result.stdout}\n${result.stderr}` : '').toBe('');
  });
});
