import type { CardAuthentication, CardAuthenticationList } from '@comptoir/contracts';

/** `?confirmer=<id>`: the link a push notification opens, and the list's « Confirmer ou refuser ». */
export const CONFIRM_PARAM = 'confirmer';

/**
 * The list the customer area keeps of online payments to confirm: the pending ones first, then the
 * others, newest first in each group (as `GET /api/card-authentications` answers).
 */
export function sortAuthentications(items: readonly CardAuthentication[]): CardAuthentication[] {
  return [...items].sort((a, b) => {
    const pending = Number(b.status === 'pending') - Number(a.status === 'pending');
    return pending !== 0 ? pending : b.createdAt.localeCompare(a.createdAt);
  });
}

/** The list with one authentication as a live event (or an answer) brings it: replaced, or added. */
export function withAuthentication(
  list: CardAuthenticationList | undefined,
  authentication: CardAuthentication,
): CardAuthenticationList {
  const others = (list?.items ?? []).filter((item) => item.id !== authentication.id);
  return { items: sortAuthentications([authentication, ...others]) };
}

/** Whole seconds left before `expiresAt` (never negative). */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.floor((new Date(expiresAt).getTime() - now) / 1000));
}

/** « 9 min 05 s », « 45 s »: what is left of the 10 minutes. */
export function formatTimeLeft(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${rest} s`;
}

/**
 * Which authentication the dialog shows: the one a link asked for (`?confirmer=<id>`, a push
 * notification's), if the list has it, else the newest pending one the customer has not put aside.
 */
export function authenticationToShow(
  items: readonly CardAuthentication[],
  asked: string | null,
  putAside: ReadonlySet<string>,
): CardAuthentication | null {
  if (asked) {
    const found = items.find((item) => item.id === asked);
    if (found) return found;
  }
  return items.find((item) => item.status === 'pending' && !putAside.has(item.id)) ?? null;
}

/** The merchant's site as the customer reads it: its host name (« www.librairie-du-port.fr »). */
export function siteName(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
