import {
  TRANSFER_MAX_DAYS_AHEAD,
  type Psd2PaymentProduct,
  type Psd2PaymentRequest,
} from '@comptoir/contracts';
import {
  addDays,
  fromDecimalAmount,
  isBic,
  isIban,
  isIsoDate,
  isSepaText,
  normalizeIban,
  parisDate,
} from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { idempotent } from '../../idempotency/idempotency.ts';
import { AUTHORISATION_MINUTES } from './consent-create-service.ts';
import type { Approach } from './approach.ts';
import { authorisationLinks, href } from './links.ts';
import { insertPayment } from './payment-queries.ts';
import { insertAuthorisation } from './queries.ts';
import type { TppCaller } from './tpp.ts';
import { TppError } from './tpp-error.ts';

/** The payment's terms, checked: a Berlin Group body that says what a Comptoir transfer can do. */
function termsOf(product: Psd2PaymentProduct, body: Psd2PaymentRequest, today: string) {
  const debtorIban = normalizeIban(body.debtorAccount.iban);
  const creditorIban = normalizeIban(body.creditorAccount.iban);
  if (!isIban(debtorIban)) throw new TppError('FORMAT_ERROR', 'debtorAccount.iban : IBAN invalide.');
  if (!isIban(creditorIban)) throw new TppError('FORMAT_ERROR', 'creditorAccount.iban : IBAN invalide.');
  if (body.creditorAgent !== undefined && !isBic(body.creditorAgent)) {
    throw new TppError('FORMAT_ERROR', 'creditorAgent : BIC invalide.');
  }
  const amount = fromDecimalAmount(body.instructedAmount.amount);
  if (amount === null || amount <= 0n)
    throw new TppError('FORMAT_ERROR', 'instructedAmount.amount : un montant positif.');
  const reference = body.remittanceInformationUnstructured ?? '';
  if (!isSepaText(reference) || !isSepaText(body.creditorName)) {
    throw new TppError('FORMAT_ERROR', 'Caractères hors du jeu SEPA dans creditorName ou la référence.');
  }
  const date = body.requestedExecutionDate;
  if (
    date !== undefined &&
    (product !== 'sepa-credit-transfers' ||
      !isIsoDate(date) ||
      date < today ||
      date > addDays(today, TRANSFER_MAX_DAYS_AHEAD))
  ) {
    throw new TppError('EXECUTION_DATE_INVALID');
  }
  return {
    debtorIban,
    creditorIban,
    amount,
    reference,
    // Today is standard timing, as for the customer's own transfer.
    executionDate: date !== undefined && date > today ? date : null,
  };
}

/**
 * `POST /payments/{payment-product}` (docs/psd2.md#payment-initiation): the TPP asks for a SEPA or
 * instant SEPA credit transfer from the customer's account. It waits for the customer (`RCVD`), who
 * approves it on the bank's page (redirect) or in the app (decoupled). Nothing here says whether the
 * debtor's IBAN is a customer's: the answer is the same, and only its holder will see the request.
 * At most once per `X-Request-ID`: the same request again answers the same payment; another body
 * with the same id is refused.
 */
export async function initiatePayment(
  ctx: AppContext,
  tpp: TppCaller,
  product: Psd2PaymentProduct,
  body: Psd2PaymentRequest,
  headers: { requestId: string; approach: Approach },
) {
  const now = ctx.clock.now();
  const terms = termsOf(product, body, parisDate(now));
  try {
    const { body: answer } = await idempotent(
      ctx.db,
      `psd2:${tpp.id}:payments`,
      headers.requestId,
      { product, body, approach: headers.approach },
      async (q) => {
        const expiresAt = new Date(now.getTime() + AUTHORISATION_MINUTES * 60_000);
        const paymentId = await insertPayment(
          q,
          {
            tpp_id: tpp.id,
            product,
            debtor_iban: terms.debtorIban,
            creditor_iban: terms.creditorIban,
            creditor_name: body.creditorName,
            creditor_bic: body.creditorAgent ?? null,
            amount: terms.amount,
            reference: terms.reference,
            end_to_end_id: body.endToEndIdentification ?? null,
            requested_execution_date: terms.executionDate,
            expires_at: expiresAt,
            request_id: headers.requestId,
          },
          now,
        );
        const authorisationId = await insertAuthorisation(
          q,
          { paymentId, approach: headers.approach, expiresAt },
          now,
        );
        const { links, psuMessage } = authorisationLinks(ctx, headers.approach.decoupled, authorisationId);
        const self = `/payments/${product}/${paymentId}`;
        return {
          status: 201,
          body: {
            transactionStatus: 'RCVD' as const,
            paymentId,
            ...(psuMessage ? { psuMessage } : {}),
            _links: {
              ...links,
              self: href(self),
              status: href(`${self}/status`),
              scaStatus: href(`${self}/authorisations/${authorisationId}`),
            },
          },
        };
      },
    );
    return answer;
  } catch (error) {
    if (error instanceof AppError && error.code === 'idempotency_conflict') {
      throw new TppError('FORMAT_ERROR', 'Cet X-Request-ID a déjà servi à une autre demande de paiement.');
    }
    throw error;
  }
}
