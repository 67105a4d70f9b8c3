import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_VALUE, transferScaDetails } from '@comptoir/contracts';
import { loadConfig } from '../config.ts';
import { systemClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/types.ts';
import { hashPassword } from '../crypto/password.ts';
import { newToken, tokenHash } from '../crypto/seal.ts';
import { glAccount, postEntry } from '../ledger/index.ts';
import { cents, parisDate } from '@comptoir/core';
import { createCustomerWithHash } from '../modules/customers/index.ts';
import { openMainAccount } from '../modules/accounts/index.ts';
import { openCustomerSession } from '../modules/auth/index.ts';
import { recordCheckedBeneficiary } from '../modules/beneficiaries/index.ts';
import { CUSTOMER_COOKIE } from '../http/cookies.ts';
import { canonicalDetails, detailsHash } from '../modules/sca/index.ts';
import { insertVerifiedChallenges } from './queries.ts';

export interface BenchCustomer {
  id: string;
  name: string;
  iban: string;
  accountId: string;
  headers: Record<string, string>;
  /** Pays the next customer (a), and the first customer (c). */
  peer: { iban: string; name: string };
  peerBeneficiaryId: string;
  hot: { iban: string; name: string };
  hotBeneficiaryId: string;
  totpSecret: string | null;
  lastTotpStep: number;
}

const FUNDING = 100_000_000n; // one million euros each: one-cent transfers never run out

/**
 * `count` active customers with a funded main account, a signed-in session and two beneficiaries,
 * made through the product's own services (one shared password hash: the bench never signs in).
 */
export async function prepareCustomers(db: Db, count: number): Promise<BenchCustomer[]> {
  const ctx = {
    config: loadConfig({ ...process.env, SANDBOX: 'true' }),
    clock: systemClock,
    db,
  } as AppContext;
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  const clearing = await glAccount(db, 'gl:sepa-clearing');
  type Made = Omit<BenchCustomer, 'peer' | 'peerBeneficiaryId' | 'hot' | 'hotBeneficiaryId'>;
  const made = new Array<Made>(count);
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      for (let i = w; i < count; i += 8) {
        made[i] = await db.tx(async (q) => {
          const row = await createCustomerWithHash(q, {
            email: `bench-${i}-${randomBytes(4).toString('hex')}@bench.test`,
            passwordHash,
            status: 'pending_review',
            firstName: 'Client',
            lastName: `Numéro ${i}`,
          });
          const account = await openMainAccount(ctx, q, row.id);
          await postEntry(q, {
            kind: 'transfer',
            legs: [
              { accountId: clearing.id, amount: cents(-FUNDING) },
              { accountId: account.id, amount: cents(FUNDING) },
            ],
            description: 'Virement SEPA reçu',
            at: ctx.clock.now(),
          });
          const session = await openCustomerSession(ctx, q, row.id, { ip: '127.0.0.1', userAgent: 'bench' });
          return {
            id: row.id,
            name: `Client Numéro ${i}`,
            iban: account.iban ?? '',
            accountId: String(account.id),
            headers: { cookie: `${CUSTOMER_COOKIE}=${session.token}`, [CSRF_HEADER]: CSRF_VALUE },
            totpSecret: null,
            lastTotpStep: 0,
          };
        });
      }
    }),
  );
  const hot = made[0]!;
  const out: BenchCustomer[] = [];
  for (let i = 0; i < count; i++) {
    const me = made[i]!;
    // Half the customers away: the bench's workers take customers in turn, so that neighbours pay
    // each other at the same moment; a next-door peer would make each transfer wait for the lock on
    // the account its neighbour is debiting, a queue no bank's traffic has (that is the hot payee's run).
    const peer = made[(i + Math.floor(count / 2)) % count]!;
    const [peerBeneficiary, hotBeneficiary] = await db.tx(async (q) => [
      await recordCheckedBeneficiary(q, {
        customer_id: me.id,
        label: null,
        name: peer.name,
        iban: peer.iban,
        bic: null,
        internal: true,
        verification: 'match',
      }),
      await recordCheckedBeneficiary(q, {
        customer_id: me.id,
        label: null,
        name: hot.name,
        iban: hot.iban,
        bic: null,
        internal: true,
        verification: 'match',
      }),
    ]);
    out.push({
      ...me,
      peer: { iban: peer.iban, name: peer.name },
      peerBeneficiaryId: peerBeneficiary.id,
      hot: { iban: hot.iban, name: hot.name },
      hotBeneficiaryId: hotBeneficiary.id,
    });
  }
  return out;
}

/**
 * `perCustomer` single-use SCA tokens for each customer, bound to a one-cent transfer to their
 * peer or to the hot account, as verified challenges. Returns the tokens by customer id.
 */
export async function grantTransferTokens(
  db: Db,
  customers: readonly BenchCustomer[],
  payee: 'peer' | 'hot',
  perCustomer: number,
): Promise<Map<string, string[]>> {
  const tokens = new Map<string, string[]>();
  let batch: Parameters<typeof insertVerifiedChallenges>[1][number][] = [];
  const flush = async () => {
    await db.tx((q) => insertVerifiedChallenges(q, batch, 15 * 60));
    batch = [];
  };
  for (const c of customers) {
    const details = transferScaDetails({ amount: 1 }, c[payee], parisDate(systemClock.now()));
    const mine: string[] = [];
    for (let k = 0; k < perCustomer; k++) {
      const token = newToken();
      mine.push(token);
      batch.push({
        customerId: c.id,
        details: JSON.stringify(canonicalDetails('transfer', details)),
        detailsHash: detailsHash('transfer', details),
        nonce: newToken(),
        tokenHash: tokenHash(token),
      });
      if (batch.length >= 5_000) await flush();
    }
    tokens.set(c.id, mine);
  }
  if (batch.length) await flush();
  return tokens;
}
