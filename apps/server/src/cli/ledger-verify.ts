import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { ledgerCounts, verifyLedger } from '../ledger/index.ts';
import { secureDataDir } from '../data-dir.ts';
import { lockDataDirOrExit } from '../data-dir-lock.ts';
import { loadMasterKey } from '../crypto/master-key.ts';
import { fileStoreFromConfig } from '../storage/encrypted-files.ts';
import { verifyAuditAnchored } from '../audit/anchored-verify.ts';
import { describeAuditCheck } from '../audit/describe-check.ts';
import { auditCount } from '../audit/queries.ts';

/**
 * `npm run ledger:verify`: exits 1 when any ledger invariant is broken, or the audit chain is (checked
 * against its newest checkpoint in the file store; reads DATABASE_URL / DATA_DIR / STORAGE_URL / MASTER_KEY).
 */
const config = loadConfig();
secureDataDir(config.dataDir);
lockDataDirOrExit(config, 'npm run ledger:verify');
const db = await connect({
  databaseUrl: config.databaseUrl,
  migrationDatabaseUrl: config.migrationDatabaseUrl,
  dataDir: config.dataDir,
});
try {
  const violations = await verifyLedger(db);
  const counts = await ledgerCounts(db);
  if (violations.length === 0) {
    console.log(`ledger ok: ${counts.accounts} accounts, ${counts.entries} entries, every invariant holds`);
  } else {
    for (const v of violations) console.error(`VIOLATION ${v.rule}: ${v.detail}`);
    console.error(`ledger broken: ${violations.length} violation(s)`);
    process.exitCode = 1;
  }
  const masterKey = loadMasterKey(config.masterKey, config.dataDir, config.masterKeyPrevious);
  const audit = describeAuditCheck(
    await verifyAuditAnchored({ db, store: fileStoreFromConfig(config), masterKey }),
    await auditCount(db),
  );
  if (audit.ok) console.log(audit.line);
  else {
    console.error(audit.line);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
