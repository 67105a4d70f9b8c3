import type { Psd2Authorisation } from '@comptoir/contracts';
import { toJsonCents } from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import { verifyPayee } from '../beneficiaries/index.ts';
import { authorisationFor } from './authorisation-context.ts';
import { accountScopes } from './consent-scope.ts';

/** `GET /api/psd2/authorisations/{id}`: the TPP, what it asks, and the accounts to choose from. */
export async function viewAuthorisation(
  ctx: AppContext,
  customerId: string,
  id: string,
): Promise<Psd2Authorisation> {
  const found = await authorisationFor(ctx.db, customerId, id);
  const { authorisation, tpp } = found;
  const expired = authorisation.status === 'received' && authorisation.expires_at <= ctx.clock.now();
  const base = {
    id: authorisation.id,
    tpp: { name: tpp.name, organisationId: tpp.organisation_id },
    status: expired ? ('failed' as const) : authorisation.status,
    expiresAt: authorisation.expires_at.toISOString(),
    decoupled: authorisation.decoupled,
  };
  if (found.kind === 'payment') {
    const { payment, account } = found;
    return {
      ...base,
      consent: null,
      payment: {
        product: payment.product,
        amount: toJsonCents(payment.amount),
        creditorName: payment.creditor_name,
        creditorIban: payment.creditor_iban,
        creditorBic: payment.creditor_bic,
        reference: payment.reference,
        executionDate: payment.requested_execution_date,
        verification: await verifyPayee(ctx, { iban: payment.creditor_iban, name: payment.creditor_name }),
      },
      accounts: [{ id: account.id, iban: account.iban, name: account.name, requested: true, scopes: [] }],
    };
  }
  const { consent, offered } = found;
  return {
    ...base,
    payment: null,
    consent: {
      kind: consent.kind === 'fundsConfirmation' ? 'accounts' : consent.kind,
      scopes: consent.scopes,
      recurring: consent.recurring,
      validUntil: consent.valid_until,
      frequencyPerDay: consent.frequency_per_day,
    },
    accounts: offered.map((a) => ({
      id: a.id,
      iban: a.iban,
      name: a.name,
      requested: a.requested,
      scopes: accountScopes(consent, a.iban),
    })),
  };
}
