import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { ledgerCounts, verifyLedger } from '../ledger/index.ts';
import { secureDataDir } from '../data-dir.ts';

/** `npm run ledger:verify`: exits 1 when any ledger invariant is broken (reads DATABASE_URL / DATA_DIR). */
const config = loadConfig();
secureDataDir(config.dataDir);
const db = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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
} finally {
  await db.close();
}
