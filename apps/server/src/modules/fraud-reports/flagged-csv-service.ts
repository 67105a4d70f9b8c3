import { parisDate } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../audit/audit.ts';
import type { OperatorPrincipal } from '../../http/operator-principal.ts';
import { REPORTERS_TO_FLAG } from './flag.ts';
import { flaggedPayees, type FlaggedPayeeRow } from './queries.ts';

const HEADER = ['IBAN', 'Clients signalants', 'Signalements', 'Premier signalement', 'Dernier signalement'];

const line = (r: FlaggedPayeeRow): string[] => [
  r.payee_iban,
  String(r.reporters),
  String(r.reports),
  parisDate(r.first_reported_at),
  parisDate(r.last_reported_at),
];

/**
 * The flagged payee IBANs for compliance, to share with other banks under their arrangements:
 * identifiers and counts only — no customer, no amount, no description. CSV as the statements make
 * it (UTF-8 with BOM, « ; », CRLF; an IBAN holds no character to escape). Audited before it leaves.
 */
export async function flaggedPayeesCsv(
  ctx: AppContext,
  operator: OperatorPrincipal,
): Promise<{ filename: string; bytes: Buffer }> {
  const now = ctx.clock.now();
  const rows = await ctx.db.tx(async (q) => {
    const found = await flaggedPayees(q, REPORTERS_TO_FLAG);
    await appendAudit(q, {
      operatorId: operator.id,
      customerId: null,
      action: 'fraud_report.flagged_payees_exported',
      details: { count: found.length },
      at: now,
    });
    return found;
  });
  const text = [HEADER, ...rows.map(line)].map((cells) => cells.join(';')).join('\r\n') + '\r\n';
  return { filename: `iban-signales-${parisDate(now)}.csv`, bytes: Buffer.from(`\uFEFF${text}`, 'utf8') };
}
