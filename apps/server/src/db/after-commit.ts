import { appLog } from '../log.ts';
import type { AfterCommit, Db } from './types.ts';

/**
 * Runs a committed transaction's after-commit work, one after the other. A failure is logged and
 * goes no further: what committed stays committed, and the caller gets its answer.
 */
export async function runAfterCommit(db: Db, hooks: readonly AfterCommit[]): Promise<void> {
  for (const hook of hooks) {
    try {
      await hook(db);
    } catch (error) {
      appLog().error({ err: error }, 'after-commit work failed');
    }
  }
}
