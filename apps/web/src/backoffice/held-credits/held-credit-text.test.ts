import { describe, expect, it } from 'vitest';
import type { HeldCredit } from '@comptoir/contracts';
import { canHold, heldCreditActions, heldCustomerName, heldOperatorName } from './held-credit-text.ts';

const alice = { id: '1', name: 'Alice Conformité', email: 'alice@exemple.test' };
const proposal = (action: 'release' | 'return', by = alice): NonNullable<HeldCredit['proposal']> => ({
  action,
  reason: action === 'release' ? 'origin_justified' : 'FRAD',
  note: 'Vu.',
  by,
  at: '2026-12-01T10:00:00Z',
});

describe('« Virements retenus »: the steps offered (docs/held-credits.md)', () => {
  it('offers both proposals on a credit just held, nothing to approve', () => {
    expect(heldCreditActions({ status: 'held', proposal: null }, '2')).toEqual({
      proposeRelease: true,
      proposeReturn: true,
      approve: false,
      ownProposal: false,
    });
  });

  it('offers the approval and the other proposal (which replaces it) once one waits', () => {
    expect(heldCreditActions({ status: 'release_proposed', proposal: proposal('release') }, '2')).toEqual({
      proposeRelease: false,
      proposeReturn: true,
      approve: true,
      ownProposal: false,
    });
    expect(heldCreditActions({ status: 'return_proposed', proposal: proposal('return') }, '2')).toEqual({
      proposeRelease: true,
      proposeReturn: false,
      approve: true,
      ownProposal: false,
    });
  });

  it('tells the proposer that another operator approves; the server refuses them in its own words', () => {
    expect(
      heldCreditActions({ status: 'release_proposed', proposal: proposal('release') }, '1'),
    ).toMatchObject({
      approve: true,
      ownProposal: true,
    });
  });

  it('offers nothing once decided, nor to an operator signed out', () => {
    const none = { proposeRelease: false, proposeReturn: false, approve: false, ownProposal: false };
    expect(heldCreditActions({ status: 'released', proposal: proposal('release') }, '2')).toEqual(none);
    expect(heldCreditActions({ status: 'returned', proposal: proposal('return') }, '2')).toEqual(none);
    expect(heldCreditActions({ status: 'held', proposal: null }, null)).toEqual(none);
  });
});

describe('« Retenir » on a case’s operations', () => {
  it('is offered for a credit from another bank only: not a payment out, not an internal credit', () => {
    expect(canHold({ amount: 200_000, counterpartyIban: 'DE89370400440532013000' })).toBe(true);
    expect(canHold({ amount: -90_000, counterpartyIban: 'DE55370400440532014000' })).toBe(false);
    expect(canHold({ amount: 5_000, counterpartyIban: null })).toBe(false);
  });
});

describe('names', () => {
  it('names the customer (empty once anonymised) and the operator (their e-mail without a name)', () => {
    expect(
      heldCustomerName({ id: '1', customerNumber: '100', firstName: 'Jeanne', lastName: 'Martin' }),
    ).toBe('Jeanne Martin');
    expect(heldCustomerName({ id: '1', customerNumber: '100', firstName: null, lastName: null })).toBe('');
    expect(heldOperatorName({ name: '', email: 'bruno@exemple.test' })).toBe('bruno@exemple.test');
  });
});
