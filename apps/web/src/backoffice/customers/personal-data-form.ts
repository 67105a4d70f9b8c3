import { z } from 'zod';
import { BackofficeCustomerUpdate, type BackofficeCustomerDetail } from '@comptoir/contracts';

/** The fields of « Données personnelles », in the order of the form. */
export const PERSONAL_DATA_FIELDS = [
  'firstName',
  'lastName',
  'gender',
  'birthDate',
  'phone',
  'profession',
  'income',
  'address',
  'postalCode',
  'city',
  'taxCountry',
  'taxId',
] as const;
export type PersonalDataField = (typeof PERSONAL_DATA_FIELDS)[number];
/** What the form holds: every field as text, '' for one the customer never gave. */
export type PersonalDataValues = Record<PersonalDataField, string>;

export const personalDataOf = (customer: BackofficeCustomerDetail): PersonalDataValues =>
  Object.fromEntries(
    PERSONAL_DATA_FIELDS.map((field) => [field, customer[field] ?? '']),
  ) as PersonalDataValues;

/**
 * One field: left as stored, it is not sent (undefined); changed, it must pass the contract's rule
 * for it (`BackofficeCustomerUpdate`). The contract's own words for a format or a refinement are
 * shown (the phone's format, an impossible birth date…); an empty field, one too long or a choice
 * left on « Choisissez… » says `invalid`. Of several issues, the last — the most precise — is kept.
 */
const changedField = (field: PersonalDataField, stored: string, invalid: string) =>
  z.string().transform((value, ctx) => {
    if (value === stored) return undefined;
    const checked = BackofficeCustomerUpdate.shape[field].safeParse(value);
    if (checked.success) return checked.data;
    const issue = checked.error.issues.at(-1);
    const precise = issue?.code === 'custom' || issue?.code === 'invalid_format';
    ctx.addIssue({ code: 'custom', message: precise ? issue.message : invalid });
    return z.NEVER;
  });

/**
 * The personal data form (back office): each changed field checked by the contract; its output is
 * the PATCH body, only the fields that changed (empty when nothing did).
 */
export const personalDataForm = (stored: PersonalDataValues, invalid: string) =>
  z
    .object(
      Object.fromEntries(
        PERSONAL_DATA_FIELDS.map((field) => [field, changedField(field, stored[field], invalid)]),
      ) as Record<PersonalDataField, ReturnType<typeof changedField>>,
    )
    .transform((values): BackofficeCustomerUpdate =>
      Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
    );
