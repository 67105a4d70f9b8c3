import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem, type DirectDebitCollection } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { signedIn } from '../transfers/__tests__/testing.ts';
import {
  announce,
  announced,
  announcement,
  call,
  present,
  SANDBOX_KEY,
  setNow,
} from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
});
afterAll(() => t.close());

const NOW = '2026-04-01T10:00:00+02:00';
const DUE = '2026-04-07';
const problem = (res: { json(): unknown }) => Problem.parse(res.json());

// Each pair: the proper check digits, and the other spelling ISO 7064 mod 97-10 alone lets through.
const PROPER_98 = 'FR98ZZZ100096';
const OTHER_01 = 'FR01ZZZ100096';
const PROPER_97 = 'FR97ZZZ100017';
const OTHER_00 = 'FR00ZZZ100017';

/** A funded customer with a first collection of `creditorId` booked, its mandate recorded. */
async function withMandate(creditorId: string, mandateId: string) {
  setNow(t, NOW);
  const a = await signedIn(t.ctx, t.app, 100_000);
  const iban = a.account.iban ?? '';
  const first = await announced(t, announcement(iban, DUE, { creditorId, mandateId }));
  expect((await present(t, first.id)).json()).toMatchObject({ status: 'booked' });
  return { ...a, iban, first };
}

const presented = async (id: string) => (await present(t, id)).json<DirectDebitCollection>();

describe('one creditor, one mandate: no other spelling of an identifier or a reference gets past the customer', () => {
  it('refuses an identifier whose check digits are not 02–98, at intake and in the customer’s rules', async () => {
    setNow(t, NOW);
    const a = await signedIn(t.ctx, t.app, 10_000);
    for (const creditorId of [OTHER_01, OTHER_00, 'FR99ZZZ100078']) {
      const res = await announce(t, announcement(a.account.iban ?? '', DUE, { creditorId }));
      expect(problem(res), creditorId).toMatchObject({
        status: 400,
        code: 'direct_debit_creditor_id_invalid',
      });
    }
    const rules = await call(t, a.cookie, 'PUT', '/api/direct-debits/settings', {
      blockAll: false,
      allowedCreditorIds: [OTHER_01],
      blockedCreditorIds: [],
    });
    expect(problem(rules)).toMatchObject({ status: 400, code: 'direct_debit_creditor_ids_invalid' });
  });

  it('a blocked creditor stays blocked under another business code; the list keeps one entry per creditor', async () => {
    const a = await withMandate(PROPER_98, 'RUM-BLOCK');
    const saved = await call(t, a.cookie, 'PUT', '/api/direct-debits/settings', {
      blockAll: false,
      allowedCreditorIds: [],
      blockedCreditorIds: [PROPER_98, 'FR98ABC100096'],
    });
    expect(saved.json()).toMatchObject({ blockedCreditorIds: [PROPER_98] });
    const next = await announced(
      t,
      announcement(a.iban, DUE, { creditorId: 'FR98ABC100096', mandateId: 'RUM-OTHER', sequence: 'FRST' }),
    );
    expect(await presented(next.id)).toMatchObject({ status: 'returned', returnReason: 'AG01' });
  });

  it('a revoked mandate does not come back under another business code, case or spaces of its reference', async () => {
    const a = await withMandate(PROPER_97, 'RUM-2026-REV');
    await call(t, a.cookie, 'POST', `/api/direct-debits/mandates/${a.first.mandateId}/revoke`);
    for (const [creditorId, mandateId] of [
      ['FR97ABC100017', 'RUM-2026-REV'],
      [PROPER_97, 'rum-2026-rev'],
      [PROPER_97, ' RUM-2026-REV '],
      ['fr97 zzz 100017', 'Rum-2026-Rev'],
    ]) {
      const again = await announced(
        t,
        announcement(a.iban, DUE, { creditorId, mandateId, sequence: 'FRST' }),
      );
      expect(again.mandateId, `${creditorId} ${mandateId}`).toBe(a.first.mandateId);
      expect(await presented(again.id)).toMatchObject({ status: 'returned', returnReason: 'MD01' });
    }
    const mandates = await call(t, a.cookie, 'GET', '/api/direct-debits/mandates');
    expect(mandates.json<{ items: unknown[] }>().items).toHaveLength(1);
  });

  it('a mandate’s caps hold for every spelling of its creditor and reference', async () => {
    const a = await withMandate(PROPER_98, 'RUM-CAP');
    await call(t, a.cookie, 'PUT', `/api/direct-debits/mandates/${a.first.mandateId}/limits`, {
      maxAmount: 5_000,
      maxCount: null,
      period: null,
    });
    const over = await announced(
      t,
      announcement(a.iban, DUE, { creditorId: 'FR98XYZ100096', mandateId: 'rum-cap ', sequence: 'FRST' }),
    );
    expect(over.mandateId).toBe(a.first.mandateId);
    expect(await presented(over.id)).toMatchObject({ status: 'returned', returnReason: 'SL01' });
  });

  it('refuses a mandate reference of spaces alone', async () => {
    setNow(t, NOW);
    const a = await signedIn(t.ctx, t.app, 10_000);
    const res = await announce(t, announcement(a.account.iban ?? '', DUE, { mandateId: '   ' }));
    expect(problem(res)).toMatchObject({ status: 400, code: 'direct_debit_mandate_reference_invalid' });
  });
});
