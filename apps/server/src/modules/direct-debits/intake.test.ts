import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorDetail, Problem } from '@comptoir/contracts';
import { formatIban } from '@comptoir/core';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { balances, signedIn } from '../transfers/__tests__/testing.ts';
import { announce, announced, announcement, SANDBOX_KEY, setNow } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
});
afterAll(() => t.close());

const NOW = '2026-04-01T10:00:00+02:00'; // a Wednesday, the week of Easter
const DUE = '2026-04-07'; // the Tuesday after Easter Monday
const problem = (res: { json(): unknown }) => Problem.parse(res.json());

describe('POST /api/sandbox/direct-debits: a collection announced by the creditor’s bank', () => {
  it('records a first collection and its mandate; moves no money; the customer is told « Prélèvement annoncé »', async () => {
    setNow(t, NOW);
    const a = await signedIn(t.ctx, t.app, 10_000);
    const body = announcement(formatIban(a.account.iban ?? '').toLowerCase(), DUE, {
      creditorId: 'fr72 zzz 123456',
      mandateId: 'RUM-2026-0001',
    });
    const res = await announce(t, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      accountId: String(a.account.id),
      mandateId: expect.any(String),
      creditorId: 'FR72ZZZ123456',
      creditorName: 'Energie Verte',
      mandateReference: 'RUM-2026-0001',
      sequence: 'FRST',
      amount: 8_940,
      dueDate: DUE,
      status: 'announced',
      returnReason: null,
      refusableUntil: '2026-04-02', // Good Friday and Easter Monday are closed
      number: null,
    });
    expect(await balances(t.ctx, a.account)).toEqual({ posted: 10_000n, pending: 0n });

    const mandates = await t.ctx.db.query(
      `select creditor_id, creditor_name, reference, signed_on::text as signed_on, status
         from direct_debit_mandates where customer_id = $1`,
      [a.customer.id],
    );
    expect(mandates.rows).toEqual([
      {
        creditor_id: 'FR72ZZZ123456',
        creditor_name: 'Energie Verte',
        reference: 'RUM-2026-0001',
        signed_on: '2026-01-15',
        status: 'active',
      },
    ]);
    const notes = await t.ctx.db.query(
      'select kind, amount, counterparty, reason from notifications where customer_id = $1',
      [a.customer.id],
    );
    expect(notes.rows).toEqual([
      { kind: 'direct_debit_announced', amount: 8_940n, counterparty: 'Energie Verte', reason: null },
    ]);
    const audit = await t.ctx.db.query(`select action from audit_log where customer_id = $1`, [
      a.customer.id,
    ]);
    expect(audit.rows).toContainEqual({ action: 'sandbox.direct_debit_announced' });
  });

  it('links the next collections to the same mandate, whatever the creditor’s business code', async () => {
    setNow(t, NOW);
    const a = await signedIn(t.ctx, t.app, 0);
    const first = await announced(t, announcement(a.account.iban ?? '', DUE, { mandateId: 'RUM-7' }));
    const next = await announced(
      t,
      announcement(a.account.iban ?? '', '2026-05-07', {
        mandateId: 'RUM-7',
        sequence: 'RCUR',
        creditorId: 'FR72ABC123456',
      }),
    );
    expect(next.mandateId).toBe(first.mandateId);
  });

  it('records a recurring collection of a mandate it does not know, without a mandate (it will be returned MD01)', async () => {
    setNow(t, NOW);
    const a = await signedIn(t.ctx, t.app, 0);
    for (const sequence of ['RCUR', 'FNAL']) {
      const c = await announced(t, announcement(a.account.iban ?? '', DUE, { sequence }));
      expect(c).toMatchObject({ mandateId: null, status: 'announced', sequence });
    }
    const mandates = await t.ctx.db.query('select 1 from direct_debit_mandates where customer_id = $1', [
      a.customer.id,
    ]);
    expect(mandates.rows).toEqual([]);
  });

  it('refuses each field that breaks a SEPA rule, with its own French answer', async () => {
    setNow(t, NOW);
    const a = await signedIn(t.ctx, t.app, 0);
    const iban = a.account.iban ?? '';
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { iban: 'LU00 0000 0000 0000 0000' },
        'sandbox_debited_iban_invalid',
        'IBAN du compte à débiter invalide.',
      ],
      [
        { creditorId: 'FR73ZZZ123456' },
        'direct_debit_creditor_id_invalid',
        'Identifiant créancier SEPA (ICS) invalide.',
      ],
      [
        { creditorId: 'FR72ZZZ' },
        'direct_debit_creditor_id_invalid',
        'Identifiant créancier SEPA (ICS) invalide.',
      ],
      [
        { creditorName: 'Énergie Verte' },
        'direct_debit_creditor_name_invalid',
        'Le nom du créancier contient des caractères hors du jeu de caractères SEPA.',
      ],
      [
        { mandateId: '' },
        'direct_debit_mandate_reference_invalid',
        'Référence unique de mandat invalide : 1 à 35 caractères du jeu de caractères SEPA.',
      ],
      [
        { mandateId: 'R'.repeat(36) },
        'direct_debit_mandate_reference_invalid',
        'Référence unique de mandat invalide : 1 à 35 caractères du jeu de caractères SEPA.',
      ],
      [
        { mandateId: 'RUM_2026' },
        'direct_debit_mandate_reference_invalid',
        'Référence unique de mandat invalide : 1 à 35 caractères du jeu de caractères SEPA.',
      ],
      [
        { mandateSignedOn: '2026-04-02' },
        'direct_debit_signed_on_invalid',
        'Date de signature du mandat invalide : une date AAAA-MM-JJ qui n’est pas dans le futur.',
      ],
      [
        { mandateSignedOn: '15/01/2026' },
        'direct_debit_signed_on_invalid',
        'Date de signature du mandat invalide : une date AAAA-MM-JJ qui n’est pas dans le futur.',
      ],
      [
        { remittanceInfo: 'Facture n° 12' },
        'direct_debit_remittance_invalid',
        'Le libellé du prélèvement contient des caractères hors du jeu de caractères SEPA.',
      ],
      [
        { dueDate: '2026-04-06' },
        'direct_debit_due_date_invalid',
        'La date d’échéance doit être un jour ouvré TARGET2 (AAAA-MM-JJ).',
      ], // Easter Monday
      [
        { dueDate: '2026-04-04' },
        'direct_debit_due_date_invalid',
        'La date d’échéance doit être un jour ouvré TARGET2 (AAAA-MM-JJ).',
      ], // a Saturday
      [
        { dueDate: '2026-02-30' },
        'direct_debit_due_date_invalid',
        'La date d’échéance doit être un jour ouvré TARGET2 (AAAA-MM-JJ).',
      ],
      [{ dueDate: '2026-03-31' }, 'direct_debit_due_date_past', 'La date d’échéance est déjà passée.'],
      [{ amount: 0 }, 'validation_failed', 'Champ invalide : amount — Le montant doit être positif.'],
      [{ amount: 12.5 }, 'non_integer_number', errorDetail('non_integer_number')],
      [
        { sequence: 'ONCE' },
        'validation_failed',
        'Champ invalide : sequence — Séquence invalide : FRST, RCUR, OOFF ou FNAL.',
      ],
    ];
    for (const [over, code, detail] of cases) {
      const res = await announce(t, announcement(iban, DUE, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(problem(res), JSON.stringify(over)).toMatchObject({ code, detail });
    }
    const recorded = await t.ctx.db.query('select 1 from direct_debit_collections where customer_id = $1', [
      a.customer.id,
    ]);
    expect(recorded.rows).toEqual([]);
  });

  it('accepts a due date of today', async () => {
    setNow(t, NOW);
    const a = await signedIn(t.ctx, t.app, 0);
    expect((await announce(t, announcement(a.account.iban ?? '', '2026-04-01'))).statusCode).toBe(201);
  });

  it('answers an IBAN of no customer like the other sandbox intakes: 404, nothing recorded', async () => {
    setNow(t, NOW);
    const res = await announce(t, announcement('DE89370400440532013000', DUE));
    expect(res.statusCode).toBe(404);
    expect(problem(res)).toMatchObject({
      code: 'sandbox_account_not_found',
      detail: 'Aucun compte ne correspond à cet IBAN.',
    });
  });

  it('needs the sandbox key (or an operator) and an Idempotency-Key; a replay answers the first response', async () => {
    setNow(t, NOW);
    const a = await signedIn(t.ctx, t.app, 0);
    const body = announcement(a.account.iban ?? '', DUE);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/direct-debits',
      headers: { 'x-requested-with': 'comptoir', 'content-type': 'application/json', 'idempotency-key': 'k' },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await announce(t, body, null)).statusCode).toBe(400);
    const key = `same-${randomUUID()}`;
    const first = await announce(t, body, key);
    const again = await announce(t, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const rows = await t.ctx.db.query('select 1 from direct_debit_collections where customer_id = $1', [
      a.customer.id,
    ]);
    expect(rows.rows).toHaveLength(1);
  });
});
