import type { ConsentScope } from '@comptoir/contracts';
import { firstOfMonthOrdinal, frenchLongDay } from '@comptoir/core';

/**
 * The scopes in the order they are said: the accounts first, then what is read of them; the
 * confirmation of funds (a consent of its own) last.
 */
const SCOPE_ORDER: readonly ConsentScope[] = ['accounts', 'balances', 'transactions', 'funds'];

/**
 * What a TPP may read, as one French phrase from each scope's words: « la liste de vos comptes et
 * leurs informations, leurs soldes et l’historique de leurs opérations ».
 */
export function scopesPhrase(
  scopes: readonly ConsentScope[],
  words: (scope: ConsentScope) => string,
): string {
  const ordered = SCOPE_ORDER.filter((scope) => scopes.includes(scope));
  return new Intl.ListFormat('fr-FR', { type: 'conjunction' }).format(ordered.map(words));
}

/**
 * What a TPP may do on one account when it is not the whole consent's (a TPP that named its accounts
 * asks per account: balances on one, operations on another); null when it is the same.
 */
export function ownScopes(
  account: readonly ConsentScope[],
  consent: readonly ConsentScope[],
): ConsentScope[] | null {
  const same = account.length === consent.length && account.every((scope) => consent.includes(scope));
  return same ? null : SCOPE_ORDER.filter((scope) => account.includes(scope));
}

/**
 * A card issuer's confirmation of funds (`['funds']`): one account, answered yes or no; its
 * frequency means nothing and is not shown.
 */
export const isFundsConsent = (scopes: readonly ConsentScope[]): boolean => scopes.includes('funds');

/** The first letter in capitals, for a phrase that starts a line. */
export const capitalised = (text: string): string =>
  text.charAt(0).toLocaleUpperCase('fr-FR') + text.slice(1);

/**
 * The accounts chosen, as the strong authentication binds them and the server compares them: each
 * once, in string order (the server sorts the same way).
 */
export const sortedAccountIds = (ids: Iterable<string>): string[] => [...new Set(ids)].sort();

/** « 30 novembre 2027 », « 1er décembre 2027 » from a `YYYY-MM-DD` day. */
export const longDay = (isoDay: string): string => frenchLongDay(isoDay) || isoDay;

const DAY = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const DAY_TIME = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});
const TIME = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** « 30 novembre 2026 » — the day of a moment, Paris time. */
export const dayOf = (iso: string): string => firstOfMonthOrdinal(DAY.format(new Date(iso)));

/** « 30 novembre 2026 à 14:05 » — a moment, Paris time. */
export const momentOf = (iso: string): string => firstOfMonthOrdinal(DAY_TIME.format(new Date(iso)));

/** « 14:35 » — the time of a moment, Paris time. */
export const timeOf = (iso: string): string => TIME.format(new Date(iso));

/**
 * The TPP's address to go back to, when it is a web address: the server checked it when the TPP
 * gave it; this only keeps anything else (a `javascript:` URL) out of the address bar.
 */
export function webAddress(uri: string | null): string | null {
  if (uri === null) return null;
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
