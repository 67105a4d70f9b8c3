import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { attemptFor, newIdempotencyKey } from './attempt.ts';
import { outcomeUnknown, REFUSAL_MESSAGES, refusalOf } from './transfer-errors.ts';
import { upcomingTransfers } from './upcoming.ts';
import fr from '../../i18n/fr/transfers.json';
import { ACCOUNT_FROZEN_MESSAGE, PAYEE_FROZEN_MESSAGE, type Transfer } from '@comptoir/contracts';

const error = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code'], detail = 'Détail') =>
  new ApiError({ status, code, detail });

describe('refusalOf', () => {
  it('maps the server’s rules to the form’s messages, anything else with its detail', () => {
    expect(refusalOf(error(409, 'compliance_hold'))).toEqual({ kind: 'hold' });
    expect(refusalOf(error(409, 'compliance_review'))).toEqual({ kind: 'review' });
    expect(refusalOf(error(422, 'insufficient_funds'))).toEqual({ kind: 'insufficient' });
    expect(refusalOf(error(404, 'beneficiary_not_found'))).toEqual({ kind: 'unknownBeneficiary' });
    expect(refusalOf(error(404, 'account_not_found'))).toEqual({ kind: 'unknownAccount' });
    expect(refusalOf(error(500, 'internal_error', 'Une erreur est survenue.'))).toEqual({
      kind: 'server',
      detail: 'Une erreur est survenue.',
    });
  });

  it('tells an unknown beneficiary from an unknown account, and neither from any other missing thing', () => {
    const unknownBeneficiary = refusalOf(error(404, 'beneficiary_not_found', 'Bénéficiaire introuvable.'));
    const unknownAccount = refusalOf(error(404, 'account_not_found', 'Compte introuvable.'));
    expect(unknownBeneficiary).not.toEqual(unknownAccount);
    const message = (refusal: ReturnType<typeof refusalOf>): string => {
      if (refusal.kind !== 'unknownBeneficiary' && refusal.kind !== 'unknownAccount')
        throw new Error(refusal.kind);
      const key = REFUSAL_MESSAGES[refusal.kind].split('.').at(-1) as keyof typeof fr.transfers.errors;
      return fr.transfers.errors[key];
    };
    expect(message(unknownBeneficiary)).toBe('Erreur : Bénéficiaire non trouvé.');
    expect(message(unknownAccount)).toBe('Erreur : le compte à débiter est introuvable.');
    expect(refusalOf(error(404, 'not_found', 'Ressource introuvable.'))).toEqual({
      kind: 'server',
      detail: 'Ressource introuvable.',
    });
    expect(refusalOf(error(404, 'transfer_not_found', 'Virement introuvable.'))).toEqual({
      kind: 'server',
      detail: 'Virement introuvable.',
    });
  });
});

describe('an asset freeze (docs/screening.md#freezing-in-the-payment-paths)', () => {
  it('shows the server’s neutral words, word for word, without the « Erreur lors de la création » prefix', () => {
    const frozen = refusalOf(error(409, 'account_frozen', ACCOUNT_FROZEN_MESSAGE));
    const payeeFrozen = refusalOf(error(409, 'payee_frozen', PAYEE_FROZEN_MESSAGE));
    expect(frozen).toEqual({ kind: 'frozen' });
    expect(payeeFrozen).toEqual({ kind: 'payeeFrozen' });
    const text = (key: string) =>
      fr.transfers.errors[key.split('.').at(-1) as keyof typeof fr.transfers.errors];
    expect(text(REFUSAL_MESSAGES.frozen)).toBe(ACCOUNT_FROZEN_MESSAGE);
    expect(text(REFUSAL_MESSAGES.payeeFrozen)).toBe(PAYEE_FROZEN_MESSAGE);
    // Nothing that tips the customer off.
    for (const words of [ACCOUNT_FROZEN_MESSAGE, PAYEE_FROZEN_MESSAGE]) {
      expect(words).not.toMatch(/sanction|liste|règlement|criblage/i);
    }
  });

  it('is no unknown outcome: the same attempt is not sent again', () => {
    expect(outcomeUnknown(error(409, 'account_frozen'))).toBe(false);
  });
});

describe('attempts and their Idempotency-Key', () => {
  let n = 0;
  const newKey = () => `key-${++n}`;

  it('a retry of the same request reuses the key; another request gets a new one', () => {
    const first = attemptFor(null, { amount: 100, beneficiaryId: 'b' }, newKey);
    expect(attemptFor(first, { amount: 100, beneficiaryId: 'b' }, newKey)).toBe(first);
    const other = attemptFor(first, { amount: 101, beneficiaryId: 'b' }, newKey);
    expect(other.key).not.toBe(first.key);
    expect(attemptFor(null, { amount: 100, beneficiaryId: 'b' }, newKey).key).not.toBe(first.key);
  });

  it('makes keys the server accepts, different each time, with or without randomUUID', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\w-]{8,128}$/);
    const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      const key = newIdempotencyKey();
      expect(key).toMatch(/^[0-9a-f]{32}$/);
      expect(newIdempotencyKey()).not.toBe(key);
    } finally {
      if (original) Object.defineProperty(crypto, 'randomUUID', original);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });

  it('only an unknown outcome (no answer, a server failure) may be retried with the same key', () => {
    expect(outcomeUnknown(error(0, 'unavailable'))).toBe(true);
    expect(outcomeUnknown(error(500, 'internal_error'))).toBe(true);
    expect(outcomeUnknown(error(503, 'unavailable'))).toBe(true);
    expect(outcomeUnknown(error(422, 'insufficient_funds'))).toBe(false);
    expect(outcomeUnknown(error(409, 'compliance_hold'))).toBe(false);
    expect(outcomeUnknown(error(401, 'sca_required'))).toBe(false);
  });
});

describe('upcomingTransfers', () => {
  const transfer = (id: string, status: Transfer['status'], executionDate: string): Transfer => ({
    id,
    number: `st-1000000${id}`,
    status,
    type: 'standard',
    accountId: 'a',
    beneficiaryId: 'b',
    payeeName: 'Ada',
    payeeIban: 'DE55370400440532014000',
    payeeBic: null,
    amount: 100,
    reference: '',
    executionDate,
    repeat: null,
    reasonCode: null,
    reasonMessage: null,
    initiatedVia: null,
    createdAt: '2026-11-22T10:00:00Z',
    executedAt: null,
  });

  it('keeps pending and scheduled transfers, soonest first', () => {
    const list = [
      transfer('1', 'scheduled', '2027-01-05'),
      transfer('2', 'executed', '2026-11-20'),
      transfer('3', 'pending', '2026-11-23'),
      transfer('4', 'cancelled', '2026-12-01'),
      transfer('5', 'rejected', '2026-11-22'),
      transfer('6', 'skipped', '2026-11-22'),
    ];
    expect(upcomingTransfers(list).map((t) => t.id)).toEqual(['3', '1']);
  });
});
