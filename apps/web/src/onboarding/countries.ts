import { COUNTRY_CODES } from '@comptoir/contracts';

export interface CountryOption {
  value: string;
  label: string;
}

let cached: CountryOption[] | null = null;

/** Every country of the contract, named in French and sorted the French way. */
export function countryOptions(): CountryOption[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['fr'], { type: 'region' });
  const collator = new Intl.Collator('fr');
  cached = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
  return cached;
}

export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  return countryOptions().find((option) => option.value === code)?.label ?? code;
}
