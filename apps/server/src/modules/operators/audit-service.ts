import type { AuditEntry, AuditPage, AuditQuery } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { validation } from '../../errors.ts';
import { auditPage, type AuditRow } from '../../audit/queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE_SIZE = 50;

const encodeCursor = (id: bigint) => Buffer.from(`a:${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): bigint | null {
  if (!cursor) return null;
  const match = /^a:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1]) throw validation('Curseur de pagination invalide.');
  return BigInt(match[1]);
}

function uuidFilter(value: string | undefined, label: string): string | null {
  if (!value) return null;
  if (!UUID.test(value)) throw validation(`Identifiant ${label} invalide.`);
  return value.toLowerCase();
}

const toEntry = (r: AuditRow): AuditEntry => ({
  id: String(r.id),
  at: r.at.toISOString(),
  operatorId: r.operator_id,
  customerId: r.customer_id,
  action: r.action,
  details: r.details,
  hash: r.hash,
});

/** One page of the audit log, newest first, filtered by customer, operator and/or action. */
export async function listAuditLog(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? PAGE_SIZE;
  const rows = await auditPage(ctx.db, {
    customerId: uuidFilter(query.customerId, 'client'),
    operatorId: uuidFilter(query.operatorId, 'opérateur'),
    action: query.action?.trim() || null,
    beforeId: decodeCursor(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toEntry), nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
}
