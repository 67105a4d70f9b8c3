import type { Queryable } from '../../db/types.ts';
import { publishCardAuthentication } from '../../events/index.ts';
import { toCardAuthentication } from './authentication-view.ts';
import type { AuthenticationRow } from './queries.ts';

/** Tells the customer (live, and the event's subscribers) how an authentication now stands. */
export async function announce(q: Queryable, row: AuthenticationRow, now: Date): Promise<void> {
  if (!row.customer_id) return;
  await publishCardAuthentication(q, row.customer_id, {
    authentication: toCardAuthentication(row, now),
  });
}
