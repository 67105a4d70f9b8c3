import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../db/connect.ts';
import { fundedAccount } from '../testing/ledger-fixtures.ts';
import { CHECKPOINT_STORAGE_KEY } from '../audit/checkpoint.ts';
import { localFileStore } from '../storage/local-store.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'comptoir-verify-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const runVerify = () =>
  spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'ledger-verify.ts')], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
  });

describe('npm run ledger:verify', () => {
  it('exits 0 on sound books and an intact audit chain, 1 once a balance or the audit checkpoint is tampered with', async () => {
    const db = await connect({ dataDir });
    const accountId = (await db.tx((q) => fundedAccount(q, 500))).id;
    await db.close();

    const ok = runVerify();
    expect(ok.stdout).toContain('ledger ok');
    expect(ok.stdout).toContain('audit chain ok');
    expect(ok.status).toBe(0);

    const tamper = await connect({ dataDir });
    await tamper.query('update ledger_accounts set posted_balance = posted_balance + 1 where id = $1', [
      String(accountId),
    ]);
    await tamper.close();

    // An audit checkpoint in the file store that its MAC does not cover is refused.
    const forged = {
      v: 1,
      lastId: null,
      hash: '0'.repeat(64),
      at: new Date().toISOString(),
      key: '00000000',
      mac: 'f'.repeat(64),
    };
    await localFileStore(join(dataDir, 'files')).put(
      CHECKPOINT_STORAGE_KEY,
      Buffer.from(JSON.stringify(forged)),
    );

    const broken = runVerify();
    expect(broken.stderr).toContain('VIOLATION cached_balances');
    expect(broken.stderr).toContain('audit checkpoint refused');
    expect(broken.status).toBe(1);
  });
});
