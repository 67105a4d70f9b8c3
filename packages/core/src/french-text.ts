/**
 * Small rules of written French shared by the server's documents and the web app: « de » elided
 * before a vowel, the first day of a month written as an ordinal (« 1er »), and a moment written as
 * the messages write it.
 */

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** Starts with a vowel sound as far as the letters tell (a mute « h » is not guessed). */
const VOWEL_START = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;

/**
 * « de » before a name, elided before a vowel: « de Telecom Plus », « d’Energie Verte »,
 * « d’Électricité de Paris ». The typographic apostrophe, as every text of the project.
 */
export function ofName(name: string): string {
  const text = name.trim();
  return VOWEL_START.test(text) ? `d’${text}` : `de ${text}`;
}

/** The day of the month as French writes it in a date: « 1er », then « 2 », « 3 »… */
export const frenchDayOfMonth = (day: number): string => (day === 1 ? '1er' : String(day));

/**
 * Writes « 1er » for the first of a month in an already formatted French date (« lundi 1 mars
 * 2026 à 14:05 » → « lundi 1er mars 2026 à 14:05 »), whatever formatted it (Intl, date-fns).
 */
export function firstOfMonthOrdinal(text: string): string {
  return text.replace(new RegExp(`(^|[^\\d])1 (${MONTHS.join('|')})`, 'gi'), '$11er $2');
}

/** « 1er février 2026 », « 12 mars 2026 » from a `YYYY-MM-DD` day; '' when it is not one. */
export function frenchLongDay(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return '';
  const [, year, month, day] = match;
  const name = MONTHS[Number(month) - 1];
  if (!name || Number(day) < 1 || Number(day) > 31) return '';
  return `${frenchDayOfMonth(Number(day))} ${name} ${year}`;
}

const dateTimeFr = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Luxembourg',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A moment as the French messages write it: `22/11/2026` and `20:15`, Luxembourg time (the
 * institution's), whatever the time zone of the machine.
 */
export function frenchDateTime(at: Date): { date: string; time: string } {
  const parts = dateTimeFr.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')}/${part('month')}/${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}
