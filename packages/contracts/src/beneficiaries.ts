// Beneficiaries and Verification of Payee (docs/product/transfers.md).
import { z } from 'zod';
import { IsoDateTime, text } from './common.ts';

/** An IBAN as typed (spaces allowed); the server checks its format and mod-97. */
const IBAN_INVALID = 'IBAN invalide.';
const IbanText = text().trim().min(15, IBAN_INVALID).max(42, IBAN_INVALID);

export const Beneficiary = z
  .object({
    id: z.string(),
    label: z.string().nullable(),
    name: z.string(),
    /** Electronic format; the UI groups it by four. */
    iban: z.string(),
    bic: z.string().nullable(),
    /** The IBAN is an account of this bank (instant transfers move at once). */
    internal: z.boolean(),
    createdAt: IsoDateTime,
  })
  .meta({ id: 'Beneficiary' });
export type Beneficiary = z.infer<typeof Beneficiary>;

export const BeneficiaryList = z.array(Beneficiary);

/** `POST /api/beneficiaries` (SCA: action `beneficiary`, details `{iban}`). */
export const CreateBeneficiaryRequest = z
  .object({
    label: text().trim().max(70).optional(),
    name: text().trim().min(1).max(70),
    iban: IbanText,
    bic: text().trim().max(11, 'BIC invalide.').optional(),
    /** The customer confirmed explicitly after a « Le nom ne correspond pas » answer. */
    confirmedMismatch: z.boolean().optional(),
    /** The customer confirmed explicitly after the warning that this IBAN was reported for fraud. */
    acknowledgeFraudWarning: z.boolean().optional(),
  })
  .meta({ id: 'CreateBeneficiaryRequest' });
export type CreateBeneficiaryRequest = z.infer<typeof CreateBeneficiaryRequest>;

export const PAYEE_VERIFICATION_RESULTS = ['match', 'close_match', 'no_match', 'not_possible'] as const;
export const PayeeVerificationRequest = z
  .object({ iban: IbanText, name: text().trim().min(1).max(70) })
  .meta({ id: 'PayeeVerificationRequest' });
export type PayeeVerificationRequest = z.infer<typeof PayeeVerificationRequest>;
export const PayeeVerification = z
  .object({
    result: z.enum(PAYEE_VERIFICATION_RESULTS),
    /** Only for `close_match`: the holder's name as the bank knows it. */
    holderName: z.string().optional(),
    /**
     * Only with `not_possible`: why, when the payee's bank says so — `account_closed`, the account
     * exists no more (no name, no date: nothing else is said).
     */
    reason: z.enum(['account_closed']).optional(),
    /**
     * Whether transfers to this IBAN were reported as fraud by two different customers or more
     * (docs/fraud-reports.md): the app warns, and adding it takes an explicit confirmation.
     */
    reportedForFraud: z.boolean(),
  })
  .meta({ id: 'PayeeVerification' });

/** What the customer reads about a payee reported for fraud. */
export const PAYEE_REPORTED_FOR_FRAUD_WARNING =
  'Attention : des clients ont signalé des virements frauduleux vers ce compte. Ne payez que si vous êtes certain de connaître ce bénéficiaire ; la banque ne vous demandera jamais de virer de l’argent vers un « compte sécurisé ».';
export type PayeeVerification = z.infer<typeof PayeeVerification>;
