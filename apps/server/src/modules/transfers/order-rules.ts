// Error codes thrown here: account_frozen, account_not_found, account_not_open, beneficiary_not_found,
//   compliance_hold, compliance_review, execution_date_invalid, execution_date_past, execution_date_too_far,
//   instant_transfer_scheduled, insufficient_funds, payee_frozen, payee_is_debited_account, repeat_end_ambiguous,
//   repeat_end_before_start, repeat_end_date_invalid, repeat_too_long, space_cannot_pay_third_party,
//   transfer_fields_invalid.
import { randomInt } from 'node:crypto';
import { TRANSFER_MAX_DAYS_AHEAD, transferScaDetails, type CreateTransferRequest } from '@comptoir/contracts';
import {
  addDays,
  cents,
  isIsoDate,
  type Cents,
  transactionNumber,
  normalizeIban,
  parisDate,
  type IsoDate,
} from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError } from '../../errors.ts';
import { availableBalance } from '../../ledger/index.ts';
import { consumeScaToken } from '../sca/index.ts';
import type { InitiatedTransfer } from '../../ports/initiated-transfers.ts';
import type { Order, Payee } from './order.ts';
import { freeNumber, orderFacts, type OrderFacts } from './queries.ts';

/** Checks that need no database, run before anything else (the first rule of docs/product/transfers.md#rules-in-this-order and the dates). */
export function checkFields(body: CreateTransferRequest, now: Date): void {
  if (!body.beneficiaryId.trim() || body.amount <= 0) throw new AppError('transfer_fields_invalid');
  checkExecutionDate(body, now);
  const today = parisDate(now);
  if (body.repeat) {
    const { endDate, count } = body.repeat;
    if ((endDate === undefined) === (count === undefined)) {
      throw new AppError('repeat_end_ambiguous');
    }
    if (endDate !== undefined) {
      if (!isIsoDate(endDate)) throw new AppError('repeat_end_date_invalid');
      const start: IsoDate = body.executionDate ?? today;
      if (endDate <= start) throw new AppError('repeat_end_before_start');
      if (endDate > addDays(start, 3660)) throw new AppError('repeat_too_long');
    }
  }
}

/** The day asked for: none for an instant transfer; else today (Europe/Paris) up to a year ahead. */
export function checkExecutionDate(
  body: Pick<CreateTransferRequest, 'type' | 'executionDate' | 'repeat'>,
  now: Date,
): void {
  if (body.type === 'instant' && (body.executionDate || body.repeat)) {
    throw new AppError('instant_transfer_scheduled');
  }
  if (body.executionDate === undefined) return;
  const today = parisDate(now);
  if (!isIsoDate(body.executionDate)) throw new AppError('execution_date_invalid');
  if (body.executionDate < today) throw new AppError('execution_date_past');
  if (body.executionDate > addDays(today, TRANSFER_MAX_DAYS_AHEAD))
    throw new AppError('execution_date_too_far');
}

/**
 * The rules of docs/product/transfers.md#rules-in-this-order after the fields, in their order: the beneficiary (the customer's own), the
 * account (a main account: an Espace never pays a third party), an asset freeze of the customer's funds
 * then of the payee (docs/screening.md#freezing-in-the-payment-paths: the account's state read with the
 * facts, never a name check — an instant transfer screens nobody), an open blocking compliance hold,
 * the available balance (when money moves now), then
 * strong authentication bound to the amount and the payee taken from the stored beneficiary —
 * exempt when the payee is one of the customer's own accounts. Runs in the order's transaction,
 * which also consumes the SCA token.
 */
export async function checkOrder(
  ctx: AppContext,
  q: Queryable,
  input: { customerId: string; scaToken: string | undefined; body: CreateTransferRequest; movesNow: boolean },
): Promise<Order> {
  const { customerId, body } = input;
  const candidate = transactionNumber(randomInt);
  const facts = await orderFacts(q, customerId, body.beneficiaryId, body.accountId, candidate);
  const { beneficiary } = facts;
  if (!beneficiary) throw new AppError('beneficiary_not_found');
  const payeeIban = normalizeIban(beneficiary.iban);
  const order = await orderOf(q, facts, {
    customerId,
    payee: { beneficiaryId: beneficiary.id, name: beneficiary.name, bic: beneficiary.bic },
    payeeIban,
    amount: cents(body.amount),
    reference: body.reference,
    movesNow: input.movesNow,
    candidate,
    initiatedVia: null,
  });
  if (order.payeeAccount?.customerId !== customerId) {
    await consumeScaToken(q, ctx.clock, {
      customerId,
      token: input.scaToken,
      action: 'transfer',
      details: transferScaDetails(
        body,
        { iban: payeeIban, name: beneficiary.name },
        parisDate(ctx.clock.now()),
      ),
    });
  }
  return order;
}

/** A transfer a third party initiated (PSD2): the payee it named, the account the customer approved. */
export type InitiatedOrder = Omit<InitiatedTransfer, 'type' | 'executionDate'> & { movesNow: boolean };

/**
 * The same rules for a payee a third party named rather than a saved beneficiary, in the order's
 * transaction. The strong authentication is the caller's: it bound it to the payment itself.
 */
export async function checkInitiatedOrder(q: Queryable, input: InitiatedOrder): Promise<Order> {
  const candidate = transactionNumber(randomInt);
  const payeeIban = normalizeIban(input.payee.iban);
  const facts = await orderFacts(q, input.customerId, '', input.accountId, candidate, payeeIban);
  return orderOf(q, facts, {
    ...input,
    payee: { beneficiaryId: null, name: input.payee.name, bic: input.payee.bic },
    payeeIban,
    candidate,
  });
}

/** The rules after the payee, in order: the account, the freezes, a blocking hold, the balance. */
async function orderOf(
  q: Queryable,
  facts: OrderFacts,
  input: {
    customerId: string;
    payee: Payee;
    payeeIban: string;
    amount: Cents;
    reference: string;
    movesNow: boolean;
    candidate: string;
    initiatedVia: string | null;
  },
): Promise<Order> {
  const { account, payeeAccount } = facts;
  if (!account) throw new AppError('account_not_found');
  if (account.kind !== 'customer_main') {
    throw new AppError('space_cannot_pay_third_party');
  }
  if (account.status !== 'open') throw new AppError('account_not_open');
  if (facts.frozen) throw new AppError('account_frozen');
  if (facts.payeeFrozen) throw new AppError('payee_frozen');
  if (facts.hold === 'open') throw new AppError('compliance_hold');
  if (facts.hold === 'submitted') throw new AppError('compliance_review');
  if (input.movesNow && availableBalance(account) < input.amount) {
    throw new AppError('insufficient_funds');
  }
  if (payeeAccount?.id === account.id) {
    throw new AppError('payee_is_debited_account');
  }
  const payerName = [facts.payerFirstName, facts.payerLastName].filter(Boolean).join(' ') || account.name;
  return {
    customerId: input.customerId,
    account,
    payerName,
    payee: input.payee,
    payeeIban: input.payeeIban,
    payeeAccount,
    amount: input.amount,
    reference: input.reference,
    number: facts.numberFree ? input.candidate : await freeNumber(q),
    initiatedVia: input.initiatedVia,
  };
}
