import { AppError } from '../../errors.ts';
import type { Queryable } from '../../db/types.ts';
import { paymentById, type PaymentRow } from './payment-queries.ts';
import {
  consentById,
  findAuthorisation,
  paymentAccounts,
  tppOf,
  type AuthorisationRow,
  type ConsentRow,
  type Psd2AccountRow,
  type TppRow,
} from './queries.ts';

/** An authorisation with what it authorises: a consent and the accounts offered, or a payment and its account. */
export type AuthorisationContext =
  | {
      kind: 'consent';
      authorisation: AuthorisationRow;
      consent: ConsentRow;
      tpp: TppRow;
      /** The customer's accounts the TPP may be granted, with those its request names. */
      offered: (Psd2AccountRow & { requested: boolean })[];
    }
  | {
      kind: 'payment';
      authorisation: AuthorisationRow;
      payment: PaymentRow;
      tpp: TppRow;
      /** The customer's account the TPP named to debit. */
      account: Psd2AccountRow;
    };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An authorisation as one customer may see it, or 404 as if unknown. Another customer's answers
 * like an unknown id: one decided by someone else, a consent or payment naming accounts that are
 * not theirs, a decoupled request the TPP addressed to someone else (or to nobody known yet).
 */
export async function authorisationFor(
  q: Queryable,
  customerId: string,
  id: string,
  lock = false,
): Promise<AuthorisationContext> {
  const authorisation = UUID.test(id) ? await findAuthorisation(q, id, lock) : null;
  const visible =
    authorisation !== null &&
    (authorisation.customer_id === null
      ? !authorisation.decoupled
      : authorisation.customer_id === customerId);
  if (!authorisation || !visible) throw new AppError('psd2_authorisation_not_found');
  return authorisation.payment_id
    ? paymentAuthorisation(q, customerId, authorisation, authorisation.payment_id, lock)
    : consentAuthorisation(q, customerId, authorisation, lock);
}

async function consentAuthorisation(
  q: Queryable,
  customerId: string,
  authorisation: AuthorisationRow,
  lock: boolean,
): Promise<AuthorisationContext> {
  const consent = authorisation.consent_id ? await consentById(q, authorisation.consent_id, lock) : null;
  const tpp = consent ? await tppOf(q, consent.tpp_id) : null;
  if (
    !consent ||
    !tpp ||
    consent.kind === 'fundsConfirmation' ||
    (consent.customer_id && consent.customer_id !== customerId)
  ) {
    throw new AppError('psd2_authorisation_not_found');
  }
  const accounts = await paymentAccounts(q, customerId);
  const requested = new Set(consent.requested_ibans);
  if (consent.requested_ibans.some((iban) => !accounts.some((a) => a.iban === iban))) {
    throw new AppError('psd2_authorisation_not_found');
  }
  // A renewal offers what was granted; a consent naming accounts offers those; else every account.
  const granted = new Set(consent.account_ids);
  const offered = accounts
    .filter((a) =>
      consent.status === 'valid' ? granted.has(a.id) : requested.size === 0 || requested.has(a.iban),
    )
    .map((a) => ({ ...a, requested: consent.status === 'valid' ? true : requested.has(a.iban) }));
  return { kind: 'consent', authorisation, consent, tpp, offered };
}

/** A payment shows only to the holder of the account it debits (whatever IBAN the TPP typed). */
async function paymentAuthorisation(
  q: Queryable,
  customerId: string,
  authorisation: AuthorisationRow,
  paymentId: string,
  lock: boolean,
): Promise<AuthorisationContext> {
  const payment = await paymentById(q, paymentId, lock);
  const tpp = payment ? await tppOf(q, payment.tpp_id) : null;
  const account = payment
    ? (await paymentAccounts(q, customerId)).find((a) => a.iban === payment.debtor_iban)
    : undefined;
  if (!payment || !tpp || !account || (payment.customer_id && payment.customer_id !== customerId)) {
    throw new AppError('psd2_authorisation_not_found');
  }
  return { kind: 'payment', authorisation, payment, tpp, account };
}
