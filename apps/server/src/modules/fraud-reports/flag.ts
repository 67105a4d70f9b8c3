import type { Queryable } from '../../db/types.ts';
import { payeeReporterCount } from './queries.ts';

/**
 * A payee IBAN is flagged once two different customers have reported transfers to it as fraud —
 * reported, whatever compliance decided since: the sharing of fraud data between payment service
 * providers (the Payment Services Regulation agreed in November 2025) is about
 * identifiers reported, and one customer alone flags nothing. A flag closes nobody's account.
 */
export const REPORTERS_TO_FLAG = 2;

export const isFlagged = (reporters: number): boolean => reporters >= REPORTERS_TO_FLAG;

/** Whether this payee IBAN (canonical form) is flagged. */
export async function payeeReportedForFraud(q: Queryable, canonicalIban: string): Promise<boolean> {
  return isFlagged(await payeeReporterCount(q, canonicalIban));
}
