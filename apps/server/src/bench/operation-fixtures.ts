import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_VALUE } from '@comptoir/contracts';
import { loadConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/types.ts';
import { hashPassword } from '../crypto/password.ts';
import { glAccount, importPostedHistory, type HistoryRow } from '../ledger/index.ts';
import { createCustomerWithHash } from '../modules/customers/index.ts';
import { openMainAccount } from '../modules/accounts/index.ts';
import { openCustomerSession } from '../modules/auth/index.ts';
import { CUSTOMER_COOKIE } from '../http/cookies.ts';

/**
 * An active customer with a main account holding `history` (booked in bulk through the ledger's
 * importer, in one transaction) and a signed-in session, made through the product's own services.
 */
export async function customerWithHistory(
  db: Db,
  history: readonly HistoryRow[],
): Promise<{ customerId: string; accountId: bigint; headers: Record<string, string> }> {
  const ctx = {
    config: loadConfig({ ...process.env, SANDBOX: 'true' }),
    clock: systemClock,
    db,
  } as AppContext;
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  return db.tx(async (q) => {
    const row = await createCustomerWithHash(q, {
      email: `bench-ops-${randomBytes(4).toString('hex')}@bench.test`,
      passwordHash,
      status: 'pending_review',
      firstName: 'Client',
      lastName: 'Historique',
    });
    const account = await openMainAccount(ctx, q, row.id);
    const clearing = await glAccount(q, 'gl:sepa-clearing');
    await importPostedHistory(q, account.id, clearing.id, history);
    const session = await openCustomerSession(ctx, q, row.id, { ip: '127.0.0.1', userAgent: 'bench' });
    return {
      customerId: row.id,
      accountId: account.id,
      headers: { cookie: `${CUSTOMER_COOKIE}=${session.token}`, [CSRF_HEADER]: CSRF_VALUE },
    };
  });
}
