import { describe, expect, it } from 'vitest';
import { cents } from '@comptoir/core';
import { lineLabel, type StatementLine } from './statement.ts';

const line = (kind: StatementLine['kind'], amount: bigint, counterpartyName: string | null) =>
  lineLabel({ kind, amount: cents(amount), counterpartyName, description: null, directDebit: null });

describe('the label of a statement line, in French', () => {
  it('reads a move between the customer’s own accounts naturally, without a doubled preposition', () => {
    expect(line('internal', -30_000n, 'Vers l’Espace Vacances')).toBe(
      'Transfert interne vers l’Espace Vacances',
    );
    expect(line('internal', 30_000n, 'Depuis le compte principal')).toBe(
      'Transfert interne depuis le compte principal',
    );
    expect(line('internal', 30_000n, 'Depuis l’Espace Vacances')).toBe(
      'Transfert interne depuis l’Espace Vacances',
    );
  });

  it('elides « de » before a vowel: « Virement d’Energie Verte », « Virement de Thomas Weber »', () => {
    expect(line('transfer', 3_500n, 'Energie Verte')).toBe('Virement d’Energie Verte');
    expect(line('transfer', 3_500n, 'Thomas Weber')).toBe('Virement de Thomas Weber');
    expect(line('transfer', -3_500n, 'Energie Verte')).toBe('Virement à Energie Verte');
  });
});
