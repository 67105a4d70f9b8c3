import { loadConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { connect } from '../db/connect.ts';
import { loadMasterKey } from '../crypto/master-key.ts';
import { outbox } from '../mail/outbox.ts';
import { documentFiles } from '../storage/encrypted-files.ts';
import { sandboxInstantRail } from '../rails/sandbox-instant-rail.ts';
import { secureDataDir } from '../data-dir.ts';
import { lockDataDirOrExit } from '../data-dir-lock.ts';

/**
 * The context an operators' command runs a use case in, from the server's configuration (a
 * `ConfigError` when it is wrong): the data folder secured and locked for `command` (a running
 * server or another command makes it exit), the database opened with a small pool, the master key
 * loaded. The caller closes `ctx.db`; when the
 * key cannot be loaded, the database is closed here before the error goes up.
 */
export async function openCommandContext(command: string): Promise<AppContext> {
  const config = loadConfig();
  secureDataDir(config.dataDir);
  lockDataDirOrExit(config, command);
  const db = await connect({
    databaseUrl: config.databaseUrl,
    migrationDatabaseUrl: config.migrationDatabaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    const masterKey = loadMasterKey(config.masterKey, config.dataDir, config.masterKeyPrevious);
    return {
      config,
      db,
      clock: systemClock,
      masterKey,
      outbox,
      files: documentFiles(config, masterKey),
      rails: { instant: sandboxInstantRail() },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
