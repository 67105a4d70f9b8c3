// Error codes thrown here: customer_not_found, pagination_cursor_invalid.
import type { CustomerScreeningsPage, CustomerScreeningsQuery } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { customerIdParam } from '../../http/params.ts';
import {
  customerExists,
  customerScreeningPage,
  customerScreeningSummary,
  type ScreeningRow,
} from './records-queries.ts';

const DEFAULT_LIMIT = 20;

const encodeCursor = (row: ScreeningRow): string =>
  Buffer.from(`s:${row.screened_at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const m = /^s:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,18})$/.exec(
    Buffer.from(cursor, 'base64url').toString(),
  );
  const at = m?.[1] ? new Date(m[1]) : null;
  if (!m?.[2] || !at || Number.isNaN(at.getTime())) throw new AppError('pagination_cursor_invalid');
  return { at, id: m[2] };
}

/**
 * `GET /api/backoffice/customers/:id/screenings`: every screening of the customer and of their
 * beneficiaries, newest first — when, against which list version, why, the result — with the
 * summary the review and customer screens show (last screening, alerts open, freeze in force).
 */
export async function customerScreenings(
  ctx: AppContext,
  customerParam: string,
  query: CustomerScreeningsQuery,
): Promise<CustomerScreeningsPage> {
  const customerId = customerIdParam(customerParam);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const after = decodeCursor(query.cursor);
  return ctx.db.tx(async (q) => {
    if (!(await customerExists(q, customerId))) throw new AppError('customer_not_found');
    const rows = await customerScreeningPage(q, customerId, { after, limit: limit + 1 });
    const summary = await customerScreeningSummary(q, customerId);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      summary: {
        lastScreenedAt: summary.last_screened_at?.toISOString() ?? null,
        listVersionNumber: summary.list_version_number,
        openAlerts: summary.open_alerts,
        frozen: summary.frozen,
      },
      items: items.map((row) => ({
        id: row.id,
        screenedAt: row.screened_at.toISOString(),
        listVersionNumber: row.version_number,
        reason: row.reason,
        subjectKind: row.subject_kind,
        subjectName: row.subject_name,
        outcome: row.outcome,
        topScore: row.top_score,
        threshold: row.threshold,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  });
}
