import type { AppContext } from '../../context.ts';
import { ping } from './queries.ts';

/** True only when the database answers within two seconds. */
export async function databaseAnswers(ctx: AppContext): Promise<boolean> {
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000).unref());
  return Promise.race([
    ping(ctx.db).then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}
