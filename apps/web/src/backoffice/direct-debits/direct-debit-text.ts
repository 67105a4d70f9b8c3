import type { TFunction } from 'i18next';
import type { DirectDebitCollection, DirectDebitMandate } from '@comptoir/contracts';
import { formatEuros } from '@comptoir/core';
import { formatDay } from '../format.ts';

/**
 * The words of the back office's direct-debit screens (docs/direct-debits.md#back-office): a
 * mandate's limits, a collection's refund or claim, a customer's rules.
 */

/** « 50,00 € au plus par prélèvement · 2 prélèvements par mois », or « Aucune ». */
export function mandateLimitsText(t: TFunction, limits: DirectDebitMandate['limits']): string {
  const parts: string[] = [];
  if (limits.maxAmount !== null) {
    parts.push(
      t('backofficeDirectDebits.mandate.maxAmount', { amount: formatEuros(BigInt(limits.maxAmount)) }),
    );
  }
  if (limits.maxCount !== null && limits.period !== null) {
    parts.push(
      t('backofficeDirectDebits.mandate.maxCount', {
        count: limits.maxCount,
        period: t(`backofficeDirectDebits.mandate.periods.${limits.period}`),
      }),
    );
  }
  return parts.length === 0 ? t('backofficeDirectDebits.mandate.noLimit') : parts.join(' · ');
}

/**
 * Where a collection stands after its debit: refunded (by the customer or an accepted claim),
 * contested, still refundable without question — or « — ».
 */
export function refundOrClaimText(t: TFunction, collection: DirectDebitCollection): string {
  const parts: string[] = [];
  if (collection.refundedAt !== null) {
    parts.push(t('backofficeDirectDebits.collection.refunded', { date: formatDay(collection.refundedAt) }));
  }
  if (collection.claim !== null) {
    parts.push(
      t('backofficeDirectDebits.collection.claim', {
        status: t(`backofficeDirectDebits.collection.claimStatuses.${collection.claim.status}`),
      }),
    );
  }
  if (parts.length === 0 && collection.refundableUntil !== null) {
    parts.push(
      t('backofficeDirectDebits.collection.refundableUntil', { date: formatDay(collection.refundableUntil) }),
    );
  }
  return parts.length === 0 ? t('backofficeDirectDebits.collection.none') : parts.join(' · ');
}

/** The customer's rules, one sentence each. */
export function rulesText(
  t: TFunction,
  settings: { blockAll: boolean; allowedCreditorIds: string[]; blockedCreditorIds: string[] },
): string[] {
  return [
    t(
      settings.blockAll ? 'backofficeDirectDebits.rules.blockAll' : 'backofficeDirectDebits.rules.acceptsAll',
    ),
    settings.allowedCreditorIds.length === 0
      ? t('backofficeDirectDebits.rules.allowedNone')
      : t('backofficeDirectDebits.rules.allowed', { list: settings.allowedCreditorIds.join(', ') }),
    settings.blockedCreditorIds.length === 0
      ? t('backofficeDirectDebits.rules.blockedNone')
      : t('backofficeDirectDebits.rules.blocked', { list: settings.blockedCreditorIds.join(', ') }),
  ];
}
