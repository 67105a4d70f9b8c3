import { randomInt } from 'node:crypto';
import { TRANSFER_FIELDS_MESSAGE, type CreateTransferRequest } from '@comptoir/contracts';
import {
  addDays,
  cents,
  isIsoDate,
  transactionNumber,
  normalizeIban,
  parisDate,
  type Cents,
  type IsoDate,
} from '@comptoir/core';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/types.ts';
import { AppError, validation } from '../../errors.ts';
import { availableBalance, type LedgerAccount } from '../../ledger/index.ts';
import type { BeneficiaryRow } from '../beneficiaries/queries.ts';
import { consumeScaToken } from '../sca/require-sca.ts';
import { freeNumber } from './numbers.ts';
import { orderFacts } from './queries.ts';

/** A transfer order that passed SPEC §5's rules: who pays whom, from which account. */
export interface Order {
  customerId: string;
  account: LedgerAccount;
  payerName: string;
  beneficiary: BeneficiaryRow;
  /** The payee's electronic IBAN. */
  payeeIban: string;
  /** The payee's account when it is one of this bank's. */
  payeeAccount: LedgerAccount | null;
  amount: Cents;
  reference: string;
  /** A `st-` number free among transfers and ledger entries, for the transfer and its entry. */
  number: string;
}

/** The columns of a transfer row that come from its order: who pays whom, how much, why. */
export const orderColumns = (order: Order) => ({
  customer_id: order.customerId,
  account_id: order.account.id,
  beneficiary_id: order.beneficiary.id,
  payee_name: order.beneficiary.name,
  payee_iban: order.payeeIban,
  payee_bic: order.beneficiary.bic,
  payee_account_id: order.payeeAccount?.id ?? null,
  internal: order.payeeAccount !== null,
  amount: order.amount,
  reference: order.reference,
});

/** Checks that need no database, run before anything else (SPEC §5's first rule and the dates). */
export function checkFields(body: CreateTransferRequest, now: Date): void {
  if (!body.beneficiaryId.trim() || body.amount <= 0) throw validation(TRANSFER_FIELDS_MESSAGE);
  if (body.type === 'instant' && (body.executionDate || body.repeat)) {
    throw validation('Un virement instantané part immédiatement : ni date d’exécution ni répétition.');
  }
  const today = parisDate(now);
  if (body.executionDate !== undefined) {
    if (!isIsoDate(body.executionDate)) throw validation('Date d’exécution invalide.');
    if (body.executionDate < today) throw validation('La date d’exécution ne peut pas être passée.');
    if (body.executionDate > addDays(today, 366)) {
      throw validation('La date d’exécution ne peut pas dépasser un an.');
    }
  }
  if (body.repeat) {
    const { endDate, count } = body.repeat;
    if ((endDate === undefined) === (count === undefined)) {
      throw validation('Indiquez soit une date de fin, soit un nombre de virements.');
    }
    if (endDate !== undefined) {
      if (!isIsoDate(endDate)) throw validation('Date de fin invalide.');
      const start: IsoDate = body.executionDate ?? today;
      if (endDate <= start) throw validation('La date de fin doit suivre la première exécution.');
      if (endDate > addDays(start, 3660)) throw validation('La répétition ne peut pas dépasser dix ans.');
    }
  }
}

/**
 * SPEC §5's rules after the fields, in their order: the beneficiary (the customer's own), the
 * account (a main account: an Espace never pays a third party), an open blocking compliance hold, the available balance (when money moves now), then
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
  const { beneficiary, account, payeeAccount } = facts;
  if (!beneficiary) throw new AppError('not_found', 404, 'Bénéficiaire non trouvé.');
  if (!account) throw new AppError('not_found', 404, 'Compte introuvable.');
  if (account.kind !== 'customer_main') {
    throw validation(
      'Un Espace ne peut pas payer de tiers : déplacez d’abord l’argent vers votre compte principal.',
    );
  }
  if (account.status !== 'open') throw new AppError('account_not_open', 409, 'Ce compte est clôturé.');
  if (facts.onHold) {
    throw new AppError('compliance_hold', 409, 'Transaction impossible : un document vous a été demandé');
  }
  const amount = cents(body.amount);
  if (input.movesNow && availableBalance(account) < amount) {
    throw new AppError('insufficient_funds', 422, 'Solde insuffisant pour effectuer cette transaction.');
  }
  const payeeIban = normalizeIban(beneficiary.iban);
  if (payeeAccount?.id === account.id) {
    throw validation('Le compte du bénéficiaire est le compte à débiter.');
  }
  if (payeeAccount?.customerId !== customerId) {
    await consumeScaToken(q, ctx.clock, {
      customerId,
      token: input.scaToken,
      action: 'transfer',
      details: { amount: body.amount, payeeIban, payeeName: beneficiary.name },
    });
  }
  const payerName = [facts.payerFirstName, facts.payerLastName].filter(Boolean).join(' ') || account.name;
  return {
    customerId,
    account,
    payerName,
    beneficiary,
    payeeIban,
    payeeAccount,
    amount,
    reference: body.reference,
    number: facts.numberFree ? candidate : await freeNumber(q),
  };
}
