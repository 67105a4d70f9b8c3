import { CreateTransferRequest, type TransferType } from '@comptoir/contracts';
import { parseEuros, toJsonCents, toSepaText, type Cents } from '@comptoir/core';
import { isIsoDate } from './transfer-dates.ts';

/** What the customer typed, as the form holds it (texts, so nothing is rounded before parsing). */
export interface TransferFormValues {
  amount: string;
  beneficiaryId: string;
  reference: string;
  /** One-off only: YYYY-MM-DD, today by default. */
  executionDate: string;
  /** One-off only: a monthly repetition. */
  repeat: boolean;
  repeatUntil: 'endDate' | 'count';
  repeatEndDate: string;
  repeatCount: string;
}

export const emptyTransferForm = (today: string): TransferFormValues => ({
  amount: '',
  beneficiaryId: '',
  reference: '',
  executionDate: today,
  repeat: false,
  repeatUntil: 'endDate',
  repeatEndDate: '',
  repeatCount: '',
});

/**
 * The form's own rule (SPEC §5, first of the list): a beneficiary, an amount above zero in euros with
 * at most two decimals, and for a one-off transfer a date from today on and a repetition that ends.
 * `reference`: the motif breaks the contract (length, SEPA character set); `message` is the contract's
 * French one when it has its own.
 */
export type FormProblem = { kind: 'incomplete' } | { kind: 'reference'; message: string | null };

export type BuiltTransfer =
  { ok: true; request: CreateTransferRequest; amount: Cents } | { ok: false; problem: FormProblem };

const incomplete: BuiltTransfer = { ok: false, problem: { kind: 'incomplete' } };

/** Turns the form into the API request, or says which rule it breaks. `today` is Europe/Paris. */
export function buildTransferRequest(
  values: TransferFormValues,
  context: { type: TransferType; accountId: string; today: string },
): BuiltTransfer {
  const amount = parseEuros(values.amount);
  if (!values.beneficiaryId || amount === null || amount <= 0n) return incomplete;

  const request: CreateTransferRequest = {
    accountId: context.accountId,
    beneficiaryId: values.beneficiaryId,
    amount: toJsonCents(amount),
    reference: toSepaText(values.reference.trim()),
    type: context.type,
  };

  if (context.type === 'standard') {
    const date = values.executionDate || context.today;
    if (!isIsoDate(date) || date < context.today) return incomplete;
    if (date > context.today) request.executionDate = date;
    if (values.repeat) {
      if (values.repeatUntil === 'endDate') {
        if (!isIsoDate(values.repeatEndDate) || values.repeatEndDate <= date) return incomplete;
        request.repeat = { frequency: 'monthly', endDate: values.repeatEndDate };
      } else {
        const count = /^\d{1,3}$/.test(values.repeatCount.trim()) ? Number(values.repeatCount) : NaN;
        if (!Number.isInteger(count) || count < 2 || count > 120) return incomplete;
        request.repeat = { frequency: 'monthly', count };
      }
    }
  }

  const checked = CreateTransferRequest.safeParse(request);
  if (!checked.success) {
    const issue = checked.error.issues.find((i) => i.path[0] === 'reference');
    if (!issue) return incomplete;
    // A refinement of the contract says why in French; zod's own length message does not.
    return {
      ok: false,
      problem: { kind: 'reference', message: issue.code === 'custom' ? issue.message : null },
    };
  }
  return { ok: true, request: checked.data, amount };
}

/** SPEC §5, third rule: the available balance (reservations deducted) must cover the amount. */
export const coversAmount = (availableBalance: number, amount: Cents): boolean =>
  BigInt(availableBalance) >= amount;
