import type { Psd2AuthorisationOutcome, Psd2PaymentTerms } from '@comptoir/contracts';
import { webAddress } from './psd2-view.ts';

/** What the bank says became of a payment a TPP initiated (Berlin Group transaction status). */
export type Psd2PaymentStatus = NonNullable<Psd2AuthorisationOutcome['paymentStatus']>;

/** « 12/01/2027 » from a `YYYY-MM-DD` day (as written, whatever the time zone). */
export function numericDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDay;
}

/** A payment on the instant rail (SCT Inst) rather than a SEPA credit transfer. */
export const isInstantPayment = (payment: Pick<Psd2PaymentTerms, 'product'>): boolean =>
  payment.product === 'instant-sepa-credit-transfers';

/**
 * When the payment leaves, as the i18n key and its values: a day the TPP asked for (« Le
 * 12/01/2027 »), else now for an instant one (« Immédiat (virement instantané) »), else the
 * standard timing of a SEPA credit transfer (« Sous 48 h à 72 h »).
 */
export function paymentWhen(payment: Pick<Psd2PaymentTerms, 'product' | 'executionDate'>): {
  key: 'psd2.payment.when.on' | 'psd2.payment.when.instant' | 'psd2.payment.when.standard';
  values: { date?: string };
} {
  if (payment.executionDate !== null)
    return { key: 'psd2.payment.when.on', values: { date: numericDay(payment.executionDate) } };
  return {
    key: isInstantPayment(payment) ? 'psd2.payment.when.instant' : 'psd2.payment.when.standard',
    values: {},
  };
}

/** The statuses that say the approved payment will not be executed. */
const NOT_EXECUTED: readonly Psd2PaymentStatus[] = ['RJCT', 'CANC'];

export type Psd2Decision = 'approved' | 'denied';

/** The message the page shows once the customer has decided. */
export interface DecisionMessage {
  key:
    | 'psd2.authorisation.approved'
    | 'psd2.authorisation.denied'
    | 'psd2.authorisation.approvedNoReturn'
    | 'psd2.authorisation.deniedNoReturn'
    | 'psd2.outcome.paymentApproved'
    | 'psd2.outcome.paymentNotExecuted'
    | 'psd2.outcome.paymentNotExecutedReturn';
  /** Teal for done, red for a payment not executed, grey for a refusal. */
  tone: 'done' | 'failed' | 'refused';
  /** The browser goes back to this address a moment later (the TPP's, a web address); else null. */
  returnTo: string | null;
  /** A payment's status, said under the message; null for a consent or a refusal. */
  paymentStatus: Psd2PaymentStatus | null;
}

/**
 * What the page says after « Autoriser » or « Refuser »: back to the TPP when it gave a web address
 * (« … Retour vers Budgetly… »), else where the customer stands (decoupled: the TPP learns it by
 * asking the bank); an approved payment the bank did not execute says so, with its status.
 */
export function decisionMessage(
  kind: 'consent' | 'payment',
  decision: Psd2Decision,
  outcome: Pick<Psd2AuthorisationOutcome, 'redirectUri' | 'paymentStatus'>,
): DecisionMessage {
  const returnTo = webAddress(outcome.redirectUri);
  if (decision === 'denied')
    return {
      key: returnTo ? 'psd2.authorisation.denied' : 'psd2.authorisation.deniedNoReturn',
      tone: 'refused',
      returnTo,
      paymentStatus: null,
    };
  const paymentStatus = kind === 'payment' ? outcome.paymentStatus : null;
  if (paymentStatus !== null && NOT_EXECUTED.includes(paymentStatus))
    return {
      key: returnTo ? 'psd2.outcome.paymentNotExecutedReturn' : 'psd2.outcome.paymentNotExecuted',
      tone: 'failed',
      returnTo,
      paymentStatus,
    };
  return {
    key: returnTo
      ? kind === 'payment'
        ? 'psd2.outcome.paymentApproved'
        : 'psd2.authorisation.approved'
      : 'psd2.authorisation.approvedNoReturn',
    tone: 'done',
    returnTo,
    paymentStatus,
  };
}
