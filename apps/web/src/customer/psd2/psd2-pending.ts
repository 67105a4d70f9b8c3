import type { Psd2AuthorisationLiveEvent, Psd2PendingAuthorisation } from '@comptoir/contracts';
import { cents, formatEuros } from '@comptoir/core';

/** Soonest to expire first, as `GET /api/psd2/authorisations` answers. */
const bySoonest = (a: Psd2PendingAuthorisation, b: Psd2PendingAuthorisation) =>
  a.expiresAt.localeCompare(b.expiresAt) || a.id.localeCompare(b.id);

/**
 * The list of requests waiting for the customer, as a live event changes it: a request received
 * takes its place (once), one decided (`finalised`) or expired or failed (`failed`) leaves.
 */
export function withPendingAuthorisation(
  list: readonly Psd2PendingAuthorisation[] | undefined,
  event: Psd2AuthorisationLiveEvent['authorisation'],
): Psd2PendingAuthorisation[] {
  const others = (list ?? []).filter((item) => item.id !== event.id);
  if (event.status !== 'received') return others;
  const { id, tpp, kind, amount, expiresAt } = event;
  return [...others, { id, tpp, kind, amount, expiresAt }].sort(bySoonest);
}

/** The list without one request (decided here). */
export const withoutAuthorisation = (
  list: readonly Psd2PendingAuthorisation[] | undefined,
  id: string,
): Psd2PendingAuthorisation[] => (list ?? []).filter((item) => item.id !== id);

/** The requests still open at `now` (ms): one past its expiry is no longer shown. */
export const openAuthorisations = (
  list: readonly Psd2PendingAuthorisation[],
  now: number,
): Psd2PendingAuthorisation[] => list.filter((item) => new Date(item.expiresAt).getTime() > now);

/** When the first of them expires (ms), for the banner to be read again then; null: none. */
export function nextExpiry(list: readonly Psd2PendingAuthorisation[]): number | null {
  const times = list.map((item) => new Date(item.expiresAt).getTime()).filter(Number.isFinite);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * What the banner says of one request, as the i18n key and its values: « Budgetly vous demande
 * d’autoriser un paiement de 12,00 € », « … un accès à vos comptes ».
 */
export function pendingText(
  item: Psd2PendingAuthorisation,
):
  | { key: 'psd2.pending.payment'; values: { tpp: string; amount: string } }
  | { key: 'psd2.pending.paymentNoAmount' | 'psd2.pending.consent'; values: { tpp: string } } {
  const tpp = item.tpp.name;
  if (item.kind === 'consent') return { key: 'psd2.pending.consent', values: { tpp } };
  return item.amount === null
    ? { key: 'psd2.pending.paymentNoAmount', values: { tpp } }
    : { key: 'psd2.pending.payment', values: { tpp, amount: formatEuros(cents(item.amount)) } };
}
