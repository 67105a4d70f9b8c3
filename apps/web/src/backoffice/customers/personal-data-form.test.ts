import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { personalDataForm, type PersonalDataValues } from './personal-data-form.ts';

const INVALID = 'Vérifiez les champs en rouge.';
const stored: PersonalDataValues = {
  firstName: 'Camille',
  lastName: 'Martin',
  gender: 'female',
  birthDate: '1990-04-12',
  phone: '+33612345678',
  profession: '',
  income: '',
  address: '3 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
  taxCountry: 'FR',
  taxId: '',
};

/** What the form's resolver answers for these values: the PATCH body, or a message per field. */
async function resolve(values: Partial<PersonalDataValues>) {
  const result = await zodResolver(personalDataForm(stored, INVALID))({ ...stored, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return {
    body: result.values as Record<string, unknown>,
    errors: Object.fromEntries(Object.entries(result.errors).map(([field, e]) => [field, e?.message])),
  };
}

describe('back-office personal data form', () => {
  it('sends only the fields that changed, as the contract reads them', async () => {
    expect(await resolve({})).toEqual({ body: {}, errors: {} });
    expect(await resolve({ phone: '+33 6 98 76 54 32', city: ' Lyon ' })).toEqual({
      body: { phone: '+33698765432', city: 'Lyon' },
      errors: {},
    });
  });

  it('refuses an emptied field, a choice left on « Choisissez… » and one too long with « Vérifiez les champs en rouge. »', async () => {
    const { errors } = await resolve({ firstName: '  ', gender: '', city: 'x'.repeat(101) });
    expect(errors).toEqual({ firstName: INVALID, gender: INVALID, city: INVALID });
  });

  it('says what is wrong with a phone or a birth date in the contract’s French words', async () => {
    const { errors } = await resolve({ phone: '06 12', birthDate: '1800-01-01' });
    expect(errors.phone).toBe(
      'Veuillez entrer un numéro de téléphone au format international, par exemple +33612345678.',
    );
    expect(errors.birthDate).toBe('Veuillez entrer une date de naissance valide (AAAA-MM-JJ).');
    // An empty phone breaks both rules: the format, the more precise one, is said.
    expect((await resolve({ phone: '' })).errors.phone).toContain('format international');
  });

  it('leaves a field as stored unchecked, even an empty one the contract would refuse', async () => {
    // The customer never gave a profession nor an income: editing the city does not ask for them.
    expect(await resolve({ city: 'Lyon' })).toEqual({ body: { city: 'Lyon' }, errors: {} });
    expect((await resolve({ profession: '', income: 'nope' })).errors).toEqual({ income: INVALID });
  });
});
