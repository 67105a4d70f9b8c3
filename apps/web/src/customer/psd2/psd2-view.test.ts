import { describe, expect, it } from 'vitest';
import {
  capitalised,
  dayOf,
  isFundsConsent,
  longDay,
  momentOf,
  ownScopes,
  scopesPhrase,
  sortedAccountIds,
  webAddress,
} from './psd2-view.ts';

const WORDS = {
  accounts: 'la liste de vos comptes et leurs informations',
  balances: 'leurs soldes',
  transactions: 'l’historique de leurs opérations',
  funds: 'vérifier qu’un montant est disponible sur ce compte (réponse oui ou non)',
} as const;

describe('the terms of a third party’s access, in French', () => {
  it('says what may be read, in one phrase, in the usual order', () => {
    expect(scopesPhrase(['transactions', 'accounts', 'balances'], (s) => WORDS[s])).toBe(
      'la liste de vos comptes et leurs informations, leurs soldes et l’historique de leurs opérations',
    );
    expect(scopesPhrase(['accounts'], (s) => WORDS[s])).toBe('la liste de vos comptes et leurs informations');
    expect(capitalised('la liste')).toBe('La liste');
  });

  it('says what a card issuer may do: confirm funds, yes or no', () => {
    expect(capitalised(scopesPhrase(['funds'], (s) => WORDS[s]))).toBe(
      'Vérifier qu’un montant est disponible sur ce compte (réponse oui ou non)',
    );
    expect(isFundsConsent(['funds'])).toBe(true);
    expect(isFundsConsent(['accounts', 'balances'])).toBe(false);
  });

  it('writes the days and moments as French does', () => {
    expect(longDay('2027-11-30')).toBe('30 novembre 2027');
    expect(longDay('2027-12-01')).toBe('1er décembre 2027');
    expect(dayOf('2026-03-01T10:00:00Z')).toBe('1er mars 2026');
    expect(momentOf('2026-11-30T13:05:00Z')).toBe('30 novembre 2026 à 14:05');
  });

  it('binds the accounts in string order, each once, as the server does', () => {
    expect(sortedAccountIds(['12', '3', '12', '100'])).toEqual(['100', '12', '3']);
  });

  it('goes back only to a web address', () => {
    expect(webAddress('https://tpp.example/retour?state=abc')).toBe('https://tpp.example/retour?state=abc');
    expect(webAddress('javascript:alert(1)')).toBeNull();
    expect(webAddress('pas une adresse')).toBeNull();
    expect(webAddress(null)).toBeNull();
  });
});

describe('ownScopes: what a TPP may do on one account, when it differs from the consent', () => {
  it.each([
    [
      ['accounts', 'balances'],
      ['accounts', 'balances', 'transactions'],
      ['accounts', 'balances'],
    ],
    [
      ['transactions', 'accounts'],
      ['accounts', 'balances', 'transactions'],
      ['accounts', 'transactions'],
    ],
    [['accounts', 'balances', 'transactions'], ['accounts', 'balances', 'transactions'], null],
    [['accounts'], ['accounts'], null],
  ] as const)('%j of %j → %j', (account, consent, expected) => {
    expect(ownScopes(account, consent)).toEqual(expected);
  });
});
