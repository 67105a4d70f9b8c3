import type { CustomerSessionView } from '@comptoir/contracts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * « il y a 3 min », « il y a 2 h », « il y a 5 j » (fr-FR, short); under a minute « à l’instant »
 * (through `numeric: 'auto'`: « maintenant »). A time slightly ahead (clock skew) counts as now.
 */
export function timeAgo(iso: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** « 23 novembre 2026 à 09:41 » — when a session was opened. */
export function sessionDate(iso: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

/** « Chrome 120 sur Windows 10 », or the browser or the system alone, or null. */
export function browserOnOs(
  session: Pick<CustomerSessionView, 'browser' | 'os'>,
  join: (browser: string, os: string) => string,
): string | null {
  if (session.browser && session.os) return join(session.browser, session.os);
  return session.browser ?? session.os;
}
