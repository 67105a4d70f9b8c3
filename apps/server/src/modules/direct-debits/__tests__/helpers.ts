import { randomUUID } from 'node:crypto';
import type { DirectDebitCollection } from '@comptoir/contracts';
import type { TestContext } from '../../../testing/test-basics.ts';
import { MUTATION } from '../../../testing/test-basics.ts';

/** Test helpers of the direct-debit tests (never imported by production code). */

export const SANDBOX_KEY = 'cle-sandbox-de-test';
export const sandboxHeaders = { ...MUTATION, authorization: `Bearer ${SANDBOX_KEY}` };

/** Moves the test clock to an instant (ISO with its offset: `2026-04-01T10:00:00+02:00`). */
export const setNow = (t: TestContext, iso: string): void =>
  t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

/** A valid announcement on `iban`, due on `dueDate`, with any field replaced. */
export const announcement = (iban: string, dueDate: string, over: Record<string, unknown> = {}) => ({
  iban,
  creditorId: 'FR72ZZZ123456',
  creditorName: 'Energie Verte',
  mandateId: `RUM-${randomUUID().slice(0, 8)}`,
  mandateSignedOn: '2026-01-15',
  sequence: 'FRST',
  amount: 8_940,
  dueDate,
  remittanceInfo: 'Facture 2026-04',
  ...over,
});

export const announce = (t: TestContext, body: Record<string, unknown>, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sandbox/direct-debits',
    headers: { ...sandboxHeaders, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });

/** Announces and returns the recorded collection (fails the test on any other answer). */
export async function announced(
  t: TestContext,
  body: Record<string, unknown>,
): Promise<DirectDebitCollection> {
  const res = await announce(t, body);
  if (res.statusCode !== 201) throw new Error(`announce: ${res.statusCode} ${res.body}`);
  return res.json<DirectDebitCollection>();
}

export const present = (t: TestContext, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sandbox/direct-debits/${id}/present`,
    headers: sandboxHeaders,
    payload: {},
  });

/** A customer call (cookie of `signIn`). */
export const call = (
  t: TestContext,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(method === 'GET' ? {} : MUTATION), cookie },
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });
