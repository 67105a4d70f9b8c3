import { monthlyDate, type IsoDate } from '@comptoir/core';
import type { Queryable } from '../../db/types.ts';
import { freeNumber, insertTransfer, occurrenceExists, type TransferRow } from './queries.ts';

/** The date of the occurrence after `t` in its monthly series, or null when the series is over. */
export function nextOccurrenceDate(t: TransferRow): IsoDate | null {
  if (!t.repeat || !t.series_start) return null;
  if (t.repeat.count !== undefined && t.occurrence >= t.repeat.count) return null;
  const date = monthlyDate(t.series_start, t.occurrence);
  if (t.repeat.endDate !== undefined && date > t.repeat.endDate) return null;
  return date;
}

/**
 * Plans the next occurrence of a monthly series once `t` has run (executed or skipped), in the
 * same transaction: `scheduled`, nothing reserved until its day. The unique (series, occurrence)
 * index makes a second planning a no-op.
 */
export async function planNextOccurrence(q: Queryable, t: TransferRow, now: Date): Promise<IsoDate | null> {
  const date = nextOccurrenceDate(t);
  if (!date || !t.series_id) return null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await insertTransfer(q, {
      customer_id: t.customer_id,
      account_id: t.account_id,
      beneficiary_id: t.beneficiary_id,
      payee_name: t.payee_name,
      payee_iban: t.payee_iban,
      payee_bic: t.payee_bic,
      payee_account_id: t.payee_account_id,
      internal: t.internal,
      amount: t.amount,
      reference: t.reference,
      type: 'standard',
      status: 'scheduled',
      execution_date: date,
      repeat: t.repeat,
      series_id: t.series_id,
      occurrence: t.occurrence + 1,
      series_start: t.series_start,
      entry_id: null,
      number: await freeNumber(q),
      now,
    });
    if (row) return date;
    if (await occurrenceExists(q, t.series_id, t.occurrence + 1)) return date;
  }
  throw new Error('could not plan the next occurrence');
}
