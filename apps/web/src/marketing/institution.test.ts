import { describe, expect, it } from 'vitest';
import { INSTITUTION_ELEMENT_ID } from '@comptoir/contracts/page';
import { DEVELOPMENT_INSTITUTION, readInstitutionIsland } from './institution.ts';

/** A page whose institution island holds `text` (or none). */
const page = (text: string | null) =>
  ({
    getElementById: (id: string) =>
      id === INSTITUTION_ELEMENT_ID && text !== null ? { textContent: text } : null,
  }) as unknown as Document;

describe('readInstitutionIsland', () => {
  it('reads the profile the server wrote', () => {
    const profile = { ...DEVELOPMENT_INSTITUTION, name: 'Banque Exemple', sandbox: false };
    expect(readInstitutionIsland(page(JSON.stringify(profile)))).toEqual(profile);
  });

  it('has nothing without an island, or with one that is not JSON', () => {
    expect(readInstitutionIsland(page(null))).toBeNull();
    expect(readInstitutionIsland(page(''))).toBeNull();
    expect(readInstitutionIsland(page('{pas du json'))).toBeNull();
  });

  it.each([
    ['a missing name', { name: undefined }],
    ['a number for the phone', { phone: 352 }],
    ['no sandbox flag', { sandbox: 'true' }],
    ['an address without a city', { address: { ...DEVELOPMENT_INSTITUTION.address, city: undefined } }],
    ['no fraud e-mail', { emails: { support: 'support@exemple.fr' } }],
    ['a supervisor that is not text', { supervisor: 42 }],
  ])('refuses a profile with %s', (_what, patch) => {
    expect(readInstitutionIsland(page(JSON.stringify({ ...DEVELOPMENT_INSTITUTION, ...patch })))).toBeNull();
  });
});
