import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import type { Clock } from './clock.ts';
import type { Outbox } from './mail/mail-message.ts';
import type { SealedFiles } from './storage/file-store.ts';
import type { Rails } from './rails/instant-rail.ts';

/** What every module receives: configuration and the real parts (database, clock, outbox, keys, files). */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  masterKey: Buffer;
  outbox: Outbox;
  /** The encrypted store of identity documents (local folder or S3, from the configuration). */
  files: SealedFiles;
  /** The payment rails (the sandbox instant scheme by default; tests may put a fake one). */
  rails: Rails;
}
