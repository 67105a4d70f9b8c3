import { format, getYear, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import type { Operation } from '@comptoir/contracts';

/** fr.json key of the label shown for each kind of operation. */
export const KIND_LABEL = {
  transfer: 'operations.kind.transfer',
  card: 'operations.kind.card',
  direct_debit: 'operations.kind.direct_debit',
  adjustment: 'operations.kind.adjustment',
  internal: 'operations.kind.internal',
} as const satisfies Record<Operation['kind'], string>;

/** « Lundi 3 mars à 14:05 » (the year too when it is not this one). */
export function operationDateLine(iso: string, patterns: { thisYear: string; otherYear: string }): string {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pattern = getYear(date) === getYear(new Date()) ? patterns.thisYear : patterns.otherYear;
  const text = format(date, pattern, { locale: fr });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
