import { z } from 'zod';
import { CreateBeneficiaryRequest, type PayeeVerification } from '@comptoir/contracts';
import { ibanBankCode, isBic, isIban, normalizeIban } from '@comptoir/core';

/** The longest IBAN (34 characters) in groups of four: 34 + 8 spaces. */
export const IBAN_INPUT_MAX = 42;

/**
 * The IBAN as it is being typed, in groups of four: upper case, anything but letters and digits
 * dropped, at most 34 characters (« lu28001 9400 » → « LU28 0019 400 »).
 */
export function groupIbanInput(typed: string): string {
  const compact = typed
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 34);
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Where the caret goes after regrouping: after the same number of letters and digits as before. */
export function caretAfterGrouping(typed: string, caret: number, grouped: string): number {
  const significant = typed.slice(0, caret).replace(/[^A-Za-z0-9]/g, '').length;
  if (significant === 0) return 0;
  let seen = 0;
  for (let i = 0; i < grouped.length; i++) {
    if (/[A-Z0-9]/.test(grouped[i] ?? '')) seen++;
    if (seen === significant) return i + 1;
  }
  return grouped.length;
}

/** This bank, as the customer's own account tells it: its bank code and BIC. */
export interface OwnBank {
  bankCode: string;
  bic: string;
}

export const ownBankOf = (account: { iban: string | null; bic: string } | undefined): OwnBank | null => {
  const bankCode = account?.iban ? ibanBankCode(account.iban) : null;
  return bankCode && account ? { bankCode, bic: account.bic } : null;
};

/** The BIC of a complete IBAN of this bank (filled in for the customer), else null. */
export const bicForIban = (iban: string, bank: OwnBank | null): string | null =>
  bank && isIban(iban) && ibanBankCode(iban) === bank.bankCode ? bank.bic : null;

export interface BeneficiaryFormMessages {
  nameRequired: string;
  ibanInvalid: string;
  bicInvalid: string;
}

/** The « Ajouter un bénéficiaire » form: intitulé optional, nom required, IBAN and BIC checked. */
export const beneficiaryForm = (m: BeneficiaryFormMessages) =>
  z.object({
    label: z.string().trim().max(70),
    name: z.string().trim().min(1, m.nameRequired).max(70),
    iban: z.string().refine((value) => isIban(value), m.ibanInvalid),
    bic: z
      .string()
      .trim()
      .refine((value) => value === '' || isBic(value), m.bicInvalid),
  });

export type BeneficiaryFormValues = z.input<ReturnType<typeof beneficiaryForm>>;

/** What the customer confirmed after Verification of Payee's warnings. */
export interface PayeeConfirmations {
  /** « Je confirme vouloir ajouter ce bénéficiaire malgré tout », after a name that does not match. */
  mismatch: boolean;
  /** The same after the warning that the IBAN was reported for fraud. */
  fraudWarning: boolean;
}

/**
 * Whether « Enregistrer » may go on to strong authentication after this answer of Verification of
 * Payee: a closed account never (the customer's second factor is not spent on a refusal), a name
 * that does not match, or an IBAN reported for fraud, only once the customer confirmed it.
 */
export const canSaveBeneficiary = (
  answer: PayeeVerification | null,
  confirmed: PayeeConfirmations,
): boolean =>
  answer !== null &&
  answer.reason !== 'account_closed' &&
  (answer.result !== 'no_match' || confirmed.mismatch) &&
  (!answer.reportedForFraud || confirmed.fraudWarning);

/** The API request for the form's values (IBAN in electronic form, empty fields left out). */
export function toCreateRequest(
  values: BeneficiaryFormValues,
  confirmed: PayeeConfirmations,
): CreateBeneficiaryRequest {
  const label = values.label.trim();
  const bic = values.bic.replace(/\s+/g, '').toUpperCase();
  return CreateBeneficiaryRequest.parse({
    name: values.name.trim(),
    iban: normalizeIban(values.iban),
    ...(label ? { label } : {}),
    ...(bic ? { bic } : {}),
    ...(confirmed.mismatch ? { confirmedMismatch: true } : {}),
    ...(confirmed.fraudWarning ? { acknowledgeFraudWarning: true } : {}),
  });
}

/**
 * What was typed in « Ajouter un bénéficiaire » when strong authentication sent the customer to
 * secure the account first: kept for this tab (sessionStorage — UI state, no secret; the server
 * verifies the payee and asks for strong authentication again), so the form comes back filled in.
 */
const DRAFT_KEY = 'comptoir:beneficiary-draft';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const sessionStore = (): DraftStorage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage refused (private mode): nothing kept
  }
};

export function saveBeneficiaryDraft(values: BeneficiaryFormValues, storage = sessionStore()): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    // full or refused: the form simply starts empty next time
  }
}

export function readBeneficiaryDraft(storage = sessionStore()): BeneficiaryFormValues | null {
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    const draft = z
      .object({ label: z.string(), name: z.string(), iban: z.string(), bic: z.string() })
      .safeParse(parsed);
    return draft.success ? draft.data : null;
  } catch {
    return null;
  }
}

export function clearBeneficiaryDraft(storage = sessionStore()): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // nothing kept anyway
  }
}
