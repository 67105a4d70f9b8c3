// Error codes thrown here: account_id_invalid, pagination_cursor_invalid.
import type { Operation, OperationsPage } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { customerAccount } from '../../ledger/index.ts';
import { toJsonCents } from '@comptoir/core';
import { AppError } from '../../errors.ts';
import { containsPattern, operationsPage, type OperationRow } from './queries.ts';

export const toOperation = (r: OperationRow): Operation => ({
  id: String(r.entry_id),
  number: r.number,
  kind: r.kind,
  status: r.status,
  amount: toJsonCents(r.amount),
  balanceAfter: r.balance_after === null ? null : toJsonCents(r.balance_after),
  counterpartyName: r.counterparty_name,
  counterpartyIban: r.counterparty_iban,
  reference: r.reference,
  description: r.description,
  createdAt: r.created_at.toISOString(),
  postedAt: r.posted_at?.toISOString() ?? null,
  rejectionReason: r.rejection_reason ?? null,
  initiatedVia: r.initiated_via ?? null,
});

const encodeCursor = (entryId: bigint) => Buffer.from(`e:${entryId}`).toString('base64url');
function decodeCursor(cursor: string | undefined): bigint | null {
  if (!cursor) return null;
  const match = /^e:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1]) throw new AppError('pagination_cursor_invalid');
  return BigInt(match[1]);
}

/**
 * What a search text says about an amount: « 12 », « 12,5 », « 12,50 » or « 12.50 » (euros, either
 * sign) are also searched as that amount in cents; anything else is text only.
 */
export function searchedAmount(text: string): bigint | null {
  const match = /^[-+−]?\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*€?$/.exec(text);
  if (!match?.[1]) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * A page of one of the acting customer's accounts' operations, newest first (cursor pagination),
 * optionally searched (`q`) and limited to one month (`month`, Luxembourg time); the cursor carries
 * on within the same filters.
 */
export async function listOperations(
  ctx: AppContext,
  customerId: string,
  accountId: string,
  query: { cursor?: string | undefined; limit: number; q?: string | undefined; month?: string | undefined },
): Promise<OperationsPage> {
  if (!/^\d{1,18}$/.test(accountId)) throw new AppError('account_id_invalid');
  const account = await customerAccount(ctx.db, customerId, BigInt(accountId));
  const rows = await operationsPage(ctx.db, {
    customerId,
    accountId: account.id,
    beforeEntryId: decodeCursor(query.cursor),
    pattern: query.q ? containsPattern(query.q) : null,
    amount: query.q ? searchedAmount(query.q) : null,
    month: query.month ?? null,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toOperation),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.entry_id) : null,
  };
}
