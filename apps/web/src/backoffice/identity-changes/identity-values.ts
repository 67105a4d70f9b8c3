import type { IdentityField } from '@comptoir/contracts';
import { countryName } from '../../onboarding/countries.ts';

/** A value of an identity field as the back office shows it: « — » for none, a country by its French name. */
export const shownIdentityValue = (field: IdentityField, value: string | null): string =>
  value === null ? '—' : field === 'taxCountry' ? countryName(value) || value : value;
