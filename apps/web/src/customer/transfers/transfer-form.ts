import { z } from 'zod';
import { CreateTransferRequest, TRANSFER_FIELDS_MESSAGE, type TransferType } from '@comptoir/contracts';
import { cents, parseEuros, toSepaText, type Cents } from '@comptoir/core';
import { isIsoDate } from './transfer-dates.ts';

/** What the customer typed, as the form holds it (texts, so nothing is rounded before parsing). */
const TransferFormFields = z.object({
  amount: z.string(),
  beneficiaryId: z.string(),
  reference: z.string(),
  /** One-off only: YYYY-MM-DD, today by default. */
  executionDate: z.string(),
  /** One-off only: a monthly repetition. */
  repeat: z.boolean(),
  repeatUntil: z.enum(['endDate', 'count']),
  repeatEndDate: z.string(),
  repeatCount: z.string(),
});
export type TransferFormValues = z.input<typeof TransferFormFields>;

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

export interface TransferFormContext {
  type: TransferType;
  accountId: string;
  /** Europe/Paris. */
  today: string;
}

/** The fields the form's own rule refuses, each with the words shown under it. */
export type TransferFieldMessages = Record<
  'beneficiaryId' | 'amount' | 'executionDate' | 'repeatEndDate' | 'repeatCount',
  string
>;

/** One sentence for every field (the server's words for the whole rule). */
const sameForEveryField = (message: string): TransferFieldMessages => ({
  beneficiaryId: message,
  amount: message,
  executionDate: message,
  repeatEndDate: message,
  repeatCount: message,
});

/**
 * The form as a schema whose output is the API request: first the form's own rule
 * (docs/product/transfers.md#rules-in-this-order, first of the list) — a beneficiary, an amount
 * above zero in euros with at most two decimals, and for a one-off transfer a date from today on
 * and a repetition that ends, each refused on its own field with that field's words; then, only
 * once those hold, the contract `CreateTransferRequest`, whose French words refuse a motif too long
 * or outside the SEPA character set.
 */
export const transferForm = (
  context: TransferFormContext,
  messages: TransferFieldMessages = sameForEveryField(TRANSFER_FIELDS_MESSAGE),
) =>
  TransferFormFields.transform((values, ctx): z.input<typeof CreateTransferRequest> => {
    const refuse = (field: keyof TransferFieldMessages) =>
      ctx.addIssue({ code: 'custom', path: [field], message: messages[field] });
    if (!values.beneficiaryId) refuse('beneficiaryId');
    const amount = parseEuros(values.amount);
    if (amount === null || amount <= 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) refuse('amount');

    let schedule: Pick<z.input<typeof CreateTransferRequest>, 'executionDate' | 'repeat'> = {};
    if (context.type === 'standard') {
      const date = values.executionDate || context.today;
      if (!isIsoDate(date) || date < context.today) refuse('executionDate');
      else if (date > context.today) schedule = { executionDate: date };
      if (values.repeat && values.repeatUntil === 'endDate') {
        if (!isIsoDate(values.repeatEndDate) || values.repeatEndDate <= date) refuse('repeatEndDate');
        schedule.repeat = { frequency: 'monthly', endDate: values.repeatEndDate };
      } else if (values.repeat) {
        const count = /^\d{1,3}$/.test(values.repeatCount.trim()) ? Number(values.repeatCount) : NaN;
        if (!Number.isInteger(count) || count < 2 || count > 120) refuse('repeatCount');
        schedule.repeat = { frequency: 'monthly', count };
      }
    }
    if (ctx.issues.length > 0) return z.NEVER;
    return {
      accountId: context.accountId,
      beneficiaryId: values.beneficiaryId,
      amount: Number(amount),
      reference: toSepaText(values.reference.trim()),
      type: context.type,
      ...schedule,
    };
  }).pipe(CreateTransferRequest);

/**
 * `reference`: the motif breaks the contract (length, SEPA character set), `message` in French;
 * `incomplete`: any other field breaks the form's own rule.
 */
export type FormProblem = { kind: 'incomplete' } | { kind: 'reference'; message: string | null };

/** The problem a refused form shows: the motif's only when nothing else is wrong (the fields come first). */
export function formProblem(
  issues: readonly { field: PropertyKey | undefined; message: string }[],
): FormProblem {
  const reference = issues.find((issue) => issue.field === 'reference');
  return reference && issues.every((issue) => issue.field === 'reference')
    ? { kind: 'reference', message: reference.message }
    : { kind: 'incomplete' };
}

export type BuiltTransfer =
  { ok: true; request: CreateTransferRequest; amount: Cents } | { ok: false; problem: FormProblem };

/** Turns the form into the API request, or says which rule it breaks. `today` is Europe/Paris. */
export function buildTransferRequest(
  values: TransferFormValues,
  context: TransferFormContext,
): BuiltTransfer {
  const built = transferForm(context).safeParse(values);
  if (!built.success) {
    return {
      ok: false,
      problem: formProblem(built.error.issues.map((i) => ({ field: i.path[0], message: i.message }))),
    };
  }
  return { ok: true, request: built.data, amount: cents(built.data.amount) };
}

/** docs/product/transfers.md#rules-in-this-order, third rule: the available balance (reservations deducted) must cover the amount. */
export const coversAmount = (availableBalance: number, amount: Cents): boolean =>
  BigInt(availableBalance) >= amount;
