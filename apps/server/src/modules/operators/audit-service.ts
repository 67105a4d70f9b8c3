// Error codes thrown here: audit_customer_id_invalid, audit_from_date_invalid, audit_operator_id_invalid,
//   audit_to_date_invalid, pagination_cursor_invalid.
import { isUuid } from '@comptoir/core';
import type { AuditEntry, AuditPage, AuditQuery } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { auditPage, type AuditRow } from '../../audit/queries.ts';

const PAGE_SIZE = 50;

const encodeCursor = (id: bigint) => Buffer.from(`a:${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): bigint | null {
  if (!cursor) return null;
  const match = /^a:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1]) throw new AppError('pagination_cursor_invalid');
  return BigInt(match[1]);
}

function uuidFilter(
  value: string | undefined,
  invalid: 'audit_customer_id_invalid' | 'audit_operator_id_invalid',
): string | null {
  if (!value) return null;
  if (!isUuid(value)) throw new AppError(invalid);
  return value.toLowerCase();
}

const toEntry = (r: AuditRow & { operator_email: string | null }): AuditEntry => ({
  id: String(r.id),
  at: r.at.toISOString(),
  operatorId: r.operator_id,
  operatorEmail: r.operator_email,
  actor: r.actor ?? (r.operator_id ? 'operator' : 'system'),
  customerId: r.customer_id,
  action: r.action,
  details: r.details,
  hash: r.hash,
});

const DAY_MS = 86_400_000;

/**
 * A date bound: `YYYY-MM-DD` is a whole day (UTC) — `from` its start, `to` the end of that day —
 * and a full ISO date-time is taken as is.
 */
function dateBound(value: string | undefined, edge: 'from' | 'to'): Date | null {
  if (!value) return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const time = day ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(time))
    throw new AppError(edge === 'from' ? 'audit_from_date_invalid' : 'audit_to_date_invalid');
  if (edge === 'from') return new Date(time);
  return new Date(day ? time + DAY_MS : time + 1);
}

/** One page of the audit log, newest first, filtered by customer, operator, action and/or dates. */
export async function listAuditLog(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? PAGE_SIZE;
  const rows = await auditPage(ctx.db, {
    customerId: uuidFilter(query.customerId, 'audit_customer_id_invalid'),
    operatorId: uuidFilter(query.operatorId, 'audit_operator_id_invalid'),
    action: query.action?.trim() || null,
    from: dateBound(query.from, 'from'),
    before: dateBound(query.to, 'to'),
    beforeId: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toEntry), nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
}
