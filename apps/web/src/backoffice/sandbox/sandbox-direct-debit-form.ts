import { z } from 'zod';
import { SandboxDirectDebitRequest, type ErrorCode } from '@comptoir/contracts';
import { parseEuros, toJsonCents } from '@comptoir/core';

/** The fields of « Annoncer un prélèvement », in the order of the form. */
export const SANDBOX_DIRECT_DEBIT_FIELDS = [
  'iban',
  'creditorId',
  'creditorName',
  'mandateId',
  'mandateSignedOn',
  'sequence',
  'amount',
  'dueDate',
  'remittanceInfo',
] as const;
export type SandboxDirectDebitField = (typeof SANDBOX_DIRECT_DEBIT_FIELDS)[number];
/** What the form holds: every field as typed, the amount in euros (« 49,90 »). */
export type SandboxDirectDebitValues = Record<SandboxDirectDebitField, string>;

export interface SandboxDirectDebitMessages {
  /** An empty field (the libellé may stay empty). */
  required: string;
  /** Too long, or not one of the choices. */
  invalid: string;
  /** The amount is not euros with two decimals at most. */
  amount: string;
}

/**
 * One field checked by the contract's rule for it (`SandboxDirectDebitRequest`), the amount first
 * turned from euros into cents. The contract's own words are kept when it has some (a positive
 * amount, the 1 000 000 € cap…); the server checks the SEPA rules beyond (see `problemField`).
 */
const checkedField = (field: SandboxDirectDebitField, messages: SandboxDirectDebitMessages) =>
  z.string().transform((typed, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (field !== 'remittanceInfo' && typed.trim() === '') return fail(messages.required);
    let input: string | number = typed;
    if (field === 'amount') {
      const cents = parseEuros(typed);
      if (cents === null) return fail(messages.amount);
      input = toJsonCents(cents);
    }
    const checked = SandboxDirectDebitRequest.shape[field].safeParse(input);
    if (checked.success) return checked.data;
    const issue = checked.error.issues.at(-1);
    const own = field === 'amount' || issue?.code === 'custom';
    return fail(own && issue ? issue.message : messages.invalid);
  });

/** The form's schema: its output is the body of `POST /api/sandbox/direct-debits`. */
export const sandboxDirectDebitForm = (messages: SandboxDirectDebitMessages) =>
  z
    .object(
      Object.fromEntries(
        SANDBOX_DIRECT_DEBIT_FIELDS.map((field) => [field, checkedField(field, messages)]),
      ) as {
        [F in SandboxDirectDebitField]: ReturnType<typeof checkedField>;
      },
    )
    .transform((values): SandboxDirectDebitRequest => SandboxDirectDebitRequest.parse(values));

/** The server's refusals that belong to one field: its French detail is shown under that field. */
const PROBLEM_FIELDS: Partial<Record<ErrorCode, SandboxDirectDebitField>> = {
  sandbox_debited_iban_invalid: 'iban',
  sandbox_account_not_found: 'iban',
  direct_debit_creditor_id_invalid: 'creditorId',
  direct_debit_creditor_name_invalid: 'creditorName',
  direct_debit_mandate_reference_invalid: 'mandateId',
  direct_debit_signed_on_invalid: 'mandateSignedOn',
  direct_debit_remittance_invalid: 'remittanceInfo',
  direct_debit_due_date_invalid: 'dueDate',
  direct_debit_due_date_past: 'dueDate',
};

/** The field a problem's code names, or null for a refusal of the whole request. */
export const problemField = (code: ErrorCode): SandboxDirectDebitField | null => PROBLEM_FIELDS[code] ?? null;
