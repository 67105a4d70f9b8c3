import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import type { Clock } from './clock.ts';
import type { Outbox } from './mail/outbox.ts';
import type { EncryptedFiles } from './storage/encrypted-files.ts';
import type { Rails } from './rails/instant-rail.ts';

/** What every module receives: configuration and the real parts (database, clock, outbox, keys, files). */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  masterKey: Buffer;
  outbox: Outbox;
  /** The encrypted store of identity documents (local folder or S3, from the configuration). */
  files: EncryptedFiles;
  /** The payment rails (the sandbox instant scheme by default; tests may put a fake one). */
  rails: Rails;
}
