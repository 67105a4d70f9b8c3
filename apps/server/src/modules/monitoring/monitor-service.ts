import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import {
  lastOutgoingBetween,
  movementsOfCustomers,
  takeUnmonitoredMovements,
  type LedgerMovement,
} from '../../ledger/index.ts';
import { appLog } from '../../log.ts';
import { payeesAddedAt, recordHit, ruleVersionInForce } from './queries.ts';
import { evaluateRules, lookbackMs, type RuleParameters } from './rules/index.ts';

/** How many movements one pass takes off the feed, in one transaction. */
export const MONITORING_BATCH = 200;

/**
 * The most of an account's history the rules read, its latest movements in the longest window: far
 * above what any rule needs of a person's account (11 transfers an hour, 5 payers a day, 3 credits a
 * week), and a bound on what a merchant's busy account costs each pass.
 */
export const HISTORY_PER_ACCOUNT = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Made before `m`: earlier, or at the same instant with a lower entry id. */
const isBefore = (h: LedgerMovement, m: LedgerMovement): boolean =>
  h.at.getTime() < m.at.getTime() || (h.at.getTime() === m.at.getTime() && h.entryId < m.entryId);

/**
 * One pass of the transaction monitoring (docs/monitoring.md): takes up to `limit` movements off the
 * ledger's feed, evaluates every rule on each against the customer's history, and records the hits in
 * their customers' open cases — all in one transaction, so that each movement is evaluated exactly
 * once, whichever instance takes it (SKIP LOCKED), and a crash leaves it to the next pass. A movement
 * voided before its turn (a refused reservation) is dropped. Returns how many it took.
 */
export async function monitorMovements(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  limit = MONITORING_BATCH,
): Promise<number> {
  return ctx.db.tx(async (q) => {
    const taken = await takeUnmonitoredMovements(q, limit);
    const movements = taken.filter((m) => m.status !== 'voided');
    if (movements.length === 0) return taken.length;
    const { version, parameters } = await ruleVersionInForce(q, ctx.clock.now());
    const lookback = lookbackMs(parameters);
    const history = await historyOf(q, movements, lookback);
    const payees = await payeesAddedAt(
      q,
      movements.filter((m) => m.amount < 0n && m.transferId !== null).map((m) => m.transferId ?? ''),
    );
    let hits = 0;
    for (const m of movements) {
      const before = (history.get(m.customerId) ?? []).filter(
        (h) => isBefore(h, m) && h.at.getTime() >= m.at.getTime() - lookback,
      );
      const found = evaluateRules(parameters, {
        movement: m,
        before,
        payeeAddedAt: m.transferId === null ? null : (payees.get(m.transferId) ?? null),
        lastOutgoingAt: await lastOutgoingIfLarge(q, parameters, m),
        accountOpenedAt: m.accountOpenedAt,
      });
      for (const hit of found) {
        await recordHit(q, {
          customerId: m.customerId,
          hit,
          version,
          entryId: m.entryId,
          accountId: m.accountId,
          at: ctx.clock.now(),
        });
        hits++;
      }
    }
    if (hits > 0) appLog().info({ movements: movements.length, hits }, 'transaction monitoring: rules hit');
    return taken.length;
  });
}

/** Every movement on the feed evaluated: the job's pass. */
export async function monitorAllMovements(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<void> {
  while ((await monitorMovements(ctx)) === MONITORING_BATCH);
}

/** The movements' customers' history, one read for the whole batch, by customer. */
async function historyOf(
  q: Queryable,
  movements: readonly LedgerMovement[],
  lookback: number,
): Promise<Map<string, LedgerMovement[]>> {
  const times = movements.map((m) => m.at.getTime());
  const rows = await movementsOfCustomers(
    q,
    [...new Set(movements.map((m) => m.customerId))],
    new Date(Math.min(...times) - lookback),
    new Date(Math.max(...times)),
    HISTORY_PER_ACCOUNT,
  );
  const byCustomer = new Map<string, LedgerMovement[]>();
  for (const r of rows) {
    const list = byCustomer.get(r.customerId);
    if (list) list.push(r);
    else byCustomer.set(r.customerId, [r]);
  }
  return byCustomer;
}

/**
 * The customer's latest outgoing movement before `m`, looked for only when `m` is an outgoing one
 * large enough for the dormant-account rule, and only over the dormancy and a day more.
 */
async function lastOutgoingIfLarge(q: Queryable, p: RuleParameters, m: LedgerMovement): Promise<Date | null> {
  if (m.amount >= 0n || 0n - m.amount < BigInt(p.dormantAccount.minAmountCents)) return null;
  return lastOutgoingBetween(
    q,
    m.customerId,
    new Date(m.at.getTime() - (p.dormantAccount.days + 1) * DAY_MS),
    m.at,
  );
}
