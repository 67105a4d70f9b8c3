import type { Operation } from '@comptoir/contracts';
import { firstOfMonthOrdinal } from '@comptoir/core';

/** fr.json key of the label shown for each kind of operation. */
export const KIND_LABEL = {
  transfer: 'operations.kind.transfer',
  card: 'operations.kind.card',
  direct_debit: 'operations.kind.direct_debit',
  adjustment: 'operations.kind.adjustment',
  internal: 'operations.kind.internal',
} as const satisfies Record<Operation['kind'], string>;

const DAY_AND_TIME = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
} as const;
const THIS_YEAR = new Intl.DateTimeFormat('fr-FR', DAY_AND_TIME);
const OTHER_YEAR = new Intl.DateTimeFormat('fr-FR', { ...DAY_AND_TIME, year: 'numeric' });

/** « Lundi 3 mars à 14:05 », « Dimanche 1er mars à 09:00 » (the year too when it is not this one), in the device's time zone. */
export function operationDateLine(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const format = date.getFullYear() === new Date().getFullYear() ? THIS_YEAR : OTHER_YEAR;
  const text = firstOfMonthOrdinal(format.format(date));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * « Rejeté : le compte du bénéficiaire est clôturé (AC04) »: the line under a transfer the other
 * bank rejected, from the server's French reason (« Virement refusé : … » or « Virement refusé par … »).
 */
export function rejectedLine(reason: string): string {
  const colon = /^Virement refusé\s*:\s*/i;
  if (colon.test(reason)) return `Rejeté : ${reason.replace(colon, '')}`;
  const by = /^Virement refusé\s+/i;
  if (by.test(reason)) return `Rejeté ${reason.replace(by, '')}`;
  return `Rejeté : ${reason}`;
}
