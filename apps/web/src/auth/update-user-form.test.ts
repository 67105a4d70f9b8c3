import { describe, expect, it } from 'vitest';
import { toUpdateMeRequest, updateUserForm } from './update-user-form.ts';

const base = {
  email: 'camille@example.com',
  phone: '',
  address: '',
  postalCode: '',
  city: '',
  newPassword: '',
  currentPassword: 'mot-de-passe',
};
const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('/update-user form: phone and address', () => {
  const none = updateUserForm('Tous les champs sont requis.', { phone: false, address: false });
  const both = updateUserForm('Tous les champs sont requis.', { phone: true, address: true });

  it('lets a customer without phone or address leave them empty, and leaves them out of the request', () => {
    const parsed = none.parse(base);
    // Never the names: they change only through an identity change request.
    expect(toUpdateMeRequest(parsed)).toEqual({
      email: 'camille@example.com',
      currentPassword: 'mot-de-passe',
    });
  });

  it('requires them once the customer has them', () => {
    const result = both.safeParse(base);
    expect(result.success).toBe(false);
    expect(messages(result).map((m) => m.split(':')[0])).toEqual(['phone', 'address', 'postalCode', 'city']);
  });

  it('checks the phone as E.164 and sends it normalised', () => {
    expect(messages(none.safeParse({ ...base, phone: '06 12' }))[0]).toContain('format international');
    const parsed = none.parse({ ...base, phone: '+33 6 12 34 56 78' });
    expect(toUpdateMeRequest(parsed).phone).toBe('+33612345678');
  });

  it('wants all three address fields or none', () => {
    expect(messages(none.safeParse({ ...base, address: '5 rue Neuve' }))).toEqual([
      'postalCode: Veuillez renseigner l’adresse, le code postal et la ville.',
      'city: Veuillez renseigner l’adresse, le code postal et la ville.',
    ]);
    const parsed = none.parse({ ...base, address: ' 5 rue Neuve ', postalCode: '75001', city: 'Paris' });
    expect(toUpdateMeRequest(parsed)).toMatchObject({
      address: '5 rue Neuve',
      postalCode: '75001',
      city: 'Paris',
    });
  });
});
