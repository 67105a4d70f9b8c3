import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn, signInPathFor } from './sign-in-return.ts';

const ID = '7d0c4b8e-58a2-4a51-9b8e-0f0c2a6f3d11';

describe('coming back after the sign-in', () => {
  it('sends an authorisation page through /connexion and back to it', () => {
    const login = signInPathFor(`/psd2/autorisation/${ID}`);
    expect(login).toBe(`/connexion?retour=%2Fpsd2%2Fautorisation%2F${ID}`);
    expect(returnPathAfterSignIn(login.slice(login.indexOf('?')))).toBe(`/psd2/autorisation/${ID}`);
  });

  it('reads the path as the app shows it (lower case, no trailing slash)', () => {
    expect(signInPathFor(`/PSD2/Autorisation/${ID}/`)).toBe(signInPathFor(`/psd2/autorisation/${ID}`));
  });

  it('never leads anywhere else: another page, another site, a path of its own', () => {
    expect(signInPathFor('/profil')).toBe('/connexion');
    for (const search of [
      '?retour=https://tpp.example/',
      '?retour=//tpp.example/psd2/autorisation/x',
      '?retour=/profil',
      '?retour=/psd2/autorisation/../../profil',
      '',
    ])
      expect(returnPathAfterSignIn(search)).toBeNull();
  });
});
