import type { TFunction } from 'i18next';
import { format } from 'date-fns';
import { fr } from 'date-fns/locale';
import type {
  AssetFreeze,
  CustomerScreeningSummary,
  ScreeningAlert,
  ScreeningCustomerRef,
  ScreeningExplanation,
  ScreeningListedEntry,
} from '@comptoir/contracts';
import { countryName } from '../../onboarding/countries.ts';
import { formatBirthDate } from '../format.ts';

/**
 * The words and rules of the « Criblage » screens (docs/screening.md): names, listed dates, the
 * matcher's explanation, and which step of the four eyes an operator is offered.
 */

type ListedAlias = ScreeningListedEntry['aliases'][number];
type ListedBirthDate = ScreeningListedEntry['birthDates'][number];

/** « Jeanne Martin »; empty once the customer is anonymised. */
export const customerRefName = (ref: ScreeningCustomerRef): string =>
  [ref.firstName, ref.lastName].filter(Boolean).join(' ');

/** An alias as listed: its whole name, else its first, middle and last names. */
export const aliasName = (alias: ListedAlias): string =>
  alias.wholeName.trim() || [alias.firstName, alias.middleName, alias.lastName].filter(Boolean).join(' ');

const monthYear = (year: number, month: number): string =>
  format(new Date(year, month - 1, 1), 'MMMM yyyy', { locale: fr });

/** A listed birth date as the list gives it: « 22 juillet 1965 », « juillet 1965 », « 1970 », « vers 1970 ». */
export function listedBirthDateText(t: TFunction, date: ListedBirthDate): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const text =
    date.month === null
      ? String(date.year)
      : date.day === null
        ? monthYear(date.year, date.month)
        : formatBirthDate(`${date.year}-${pad(date.month)}-${pad(date.day)}`);
  return date.circa ? t('backofficeScreening.entry.circa', { date: text }) : text;
}

/** A date as the explanation stores it (1970-03-05, 1970-03, 1970, « vers 1970 »), in French words. */
export function explanationDateText(stored: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(stored);
  if (month) return monthYear(Number(month[1]), Number(month[2]));
  if (/^\d{4}-\d{2}-\d{2}$/.test(stored)) return formatBirthDate(stored);
  return stored;
}

const countries = (codes: readonly string[]): string => codes.map((code) => countryName(code)).join(', ');

/**
 * The explanation stored with an alert, one fact a line: the alias that scored (strong or weak),
 * the words paired and how, the words left over, the name's score, and what the birth date and the
 * nationality did to it. The server's one-line summary is shown above these.
 */
export function explanationLines(t: TFunction, e: ScreeningExplanation): string[] {
  const lines = [
    t(
      e.strong ? 'backofficeScreening.explanation.aliasStrong' : 'backofficeScreening.explanation.aliasWeak',
      {
        alias: e.alias,
      },
    ),
    e.tokens.length === 0
      ? t('backofficeScreening.explanation.noToken')
      : t('backofficeScreening.explanation.tokens', {
          words: e.tokens
            .map((token) =>
              token.how === 'exact' && token.subject === token.listed
                ? token.subject
                : t('backofficeScreening.explanation.pair', {
                    subject: token.subject,
                    listed: token.listed,
                    how: t(`backofficeScreening.explanation.how.${token.how}`),
                  }),
            )
            .join(', '),
        }),
  ];
  if (e.unmatchedListed.length > 0) {
    lines.push(t('backofficeScreening.explanation.unmatchedListed', { words: e.unmatchedListed.join(' ') }));
  }
  if (e.unmatchedSubject.length > 0) {
    lines.push(
      t('backofficeScreening.explanation.unmatchedSubject', { words: e.unmatchedSubject.join(' ') }),
    );
  }
  lines.push(t('backofficeScreening.explanation.nameScore', { score: Math.round(e.nameScore) }));
  if (e.birthDate) {
    lines.push(
      t(`backofficeScreening.explanation.birthDate.${e.birthDate.effect}`, {
        listed: explanationDateText(e.birthDate.listed),
        subject: explanationDateText(e.birthDate.subject),
      }),
    );
  }
  if (e.country) {
    lines.push(
      t(`backofficeScreening.explanation.country.${e.country.effect}`, {
        listed: countries(e.country.listed),
        subject: countries(e.country.subject),
      }),
    );
  }
  return lines;
}

/** The badge of an alert: its status while it waits, its decision once closed. */
export type AlertBadge = 'open' | 'confirmation_proposed' | 'false_positive' | 'confirmed';
export const alertBadge = (alert: ScreeningAlert): AlertBadge =>
  alert.status === 'closed' ? (alert.decision?.kind ?? 'false_positive') : alert.status;

/** What an operator may do with an alert; the server decides again (four eyes). */
export interface AlertActions {
  falsePositive: boolean;
  confirm: boolean;
  approve: boolean;
  /** This operator proposed the confirmation: another must approve or overrule it. */
  ownProposal: boolean;
}

export function alertActions(alert: ScreeningAlert, operatorId: string | null): AlertActions {
  const none = { falsePositive: false, confirm: false, approve: false, ownProposal: false };
  if (operatorId === null) return none;
  if (alert.status === 'open') return { ...none, falsePositive: true, confirm: true };
  if (alert.status === 'confirmation_proposed') {
    const own = alert.proposal?.by.id === operatorId;
    return { ...none, falsePositive: !own, approve: !own, ownProposal: own };
  }
  return none;
}

/** What an operator may do with a freeze: propose its lifting, or approve another's proposal. */
export interface FreezeActions {
  propose: boolean;
  approve: boolean;
  ownProposal: boolean;
}

export function freezeActions(freeze: AssetFreeze, operatorId: string | null): FreezeActions {
  const none = { propose: false, approve: false, ownProposal: false };
  if (operatorId === null) return none;
  if (freeze.status === 'active') return { ...none, propose: true };
  if (freeze.status === 'lift_proposed') {
    const own = freeze.lift?.proposedBy.id === operatorId;
    return { ...none, approve: !own, ownProposal: own };
  }
  return none;
}

/** The review's line: alerts to decide first, else the last screening, else still to come. */
export type ReviewScreening =
  | { kind: 'alerts'; count: number }
  | { kind: 'clear'; listVersionNumber: number; screenedAt: string }
  | { kind: 'pending' };

export function reviewScreening(summary: CustomerScreeningSummary): ReviewScreening {
  if (summary.openAlerts > 0) return { kind: 'alerts', count: summary.openAlerts };
  if (summary.lastScreenedAt !== null && summary.listVersionNumber !== null) {
    return {
      kind: 'clear',
      listVersionNumber: summary.listVersionNumber,
      screenedAt: summary.lastScreenedAt,
    };
  }
  return { kind: 'pending' };
}

/** A SHA-256 shortened for a table: its first 12 hex digits (the whole one in a tooltip). */
export const shortSha = (hex: string): string => (hex.length > 12 ? `${hex.slice(0, 12)}…` : hex);
