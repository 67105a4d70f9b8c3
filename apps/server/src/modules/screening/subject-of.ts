import type { ScreeningSubject } from './matching/types.ts';
import type { DueBeneficiary, DueCustomer } from './due-queries.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function birthDateOf(text: string | null): ScreeningSubject['birthDate'] {
  const m = text ? ISO_DATE.exec(text) : null;
  if (!m) return null;
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

const countriesOf = (...codes: Array<string | null>): string[] => [
  ...new Set(codes.filter((c): c is string => !!c && /^[A-Za-z]{2}$/.test(c)).map((c) => c.toUpperCase())),
];

/**
 * A customer as the matcher compares them: a person, first and last names, birth date, and the
 * countries known of them — the country that issued their identity document (their nationality, as
 * far as the bank knows it) when known, else those of residence and tax.
 */
export function customerSubject(c: DueCustomer): ScreeningSubject {
  const fullName = [c.first_name, c.last_name].filter((n) => !!n && n.trim()).join(' ');
  return {
    kind: 'person',
    fullName,
    firstName: c.first_name,
    lastName: c.last_name,
    birthDate: birthDateOf(c.birth_date),
    countries: c.document_country
      ? countriesOf(c.document_country)
      : countriesOf(c.residence_country, c.tax_country),
  };
}

/** A beneficiary: a name as the customer typed it, a person or a company (unknown). */
export const beneficiarySubject = (b: DueBeneficiary): ScreeningSubject => ({
  kind: 'unknown',
  fullName: b.name,
});
