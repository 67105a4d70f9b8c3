import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardAuthorizationResponse } from '@comptoir/contracts';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { authenticatedPayment, holder, pay, SANDBOX_KEY } from './__tests__/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false, sandboxApiKey: SANDBOX_KEY });
});
afterAll(() => t.close());

type Holder = Awaited<ReturnType<typeof holder>>;

/** The merchant charges the stored card of its own accord (a subscription's month). */
const recurring = (card: Holder, merchant: string, agreementReference?: string) =>
  pay(t, card, {
    amount: 1_399,
    merchant,
    channel: 'recurring',
    ...(agreementReference !== undefined ? { agreementReference } : {}),
  });

const declinedForAgreement = { approved: false, reason: 'agreement_required' };

async function agreementWith(card: Holder, merchant: string): Promise<string> {
  const first: CardAuthorizationResponse = await authenticatedPayment(t, card, { amount: 4_500, merchant });
  expect(first).toEqual({
    approved: true,
    authorizationId: expect.any(String),
    agreementReference: expect.stringMatching(/^agr_[0-9a-f]{32}$/),
  });
  return first.agreementReference!;
}

async function recordedReasons(card: Holder): Promise<(string | null)[]> {
  const { rows } = await t.ctx.db.query<{ reason: string | null }>(
    `select reason from card_authorizations where card_id = $1 and channel = 'recurring' order by created_at, id`,
    [card.cardId],
  );
  return rows.map((row) => row.reason);
}

describe('recurring (merchant-initiated) payments follow an agreement made by an authenticated first payment', () => {
  it('without an agreement reference, a recurring payment is declined `agreement_required` (recorded)', async () => {
    const card = await holder(t);
    expect(await recurring(card, 'Streamflix')).toMatchObject(declinedForAgreement);
    expect(await recurring(card, 'Streamflix', 'agr_0123456789abcdef0123456789abcdef')).toMatchObject(
      declinedForAgreement,
    );
    expect(await recordedReasons(card)).toEqual(['agreement_required', 'agreement_required']);
  });

  it('after the holder’s 3-D Secure-authenticated first payment, the merchant’s recurring payments with the reference go through', async () => {
    const card = await holder(t);
    const reference = await agreementWith(card, 'Streamflix');
    expect(await recurring(card, 'Streamflix', reference)).toEqual({
      approved: true,
      authorizationId: expect.any(String),
    });
    expect(await recurring(card, 'Streamflix', reference)).toMatchObject({ approved: true });
    // A later authenticated payment with the same merchant names the same agreement.
    expect(
      (await authenticatedPayment(t, card, { amount: 5_000, merchant: 'Streamflix' })).agreementReference,
    ).toBe(reference);
    const { rows } = await t.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from card_agreements where card_id = $1`,
      [card.cardId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('another merchant’s agreement, or another card’s, does not cover a recurring payment', async () => {
    const card = await holder(t);
    const streamflix = await agreementWith(card, 'Streamflix');
    const gym = await agreementWith(card, 'Salle Forme');
    // Another merchant's reference on this card.
    expect(await recurring(card, 'Streamflix', gym)).toMatchObject(declinedForAgreement);
    expect(await recurring(card, 'Salle Forme', streamflix)).toMatchObject(declinedForAgreement);
    // This card's reference with a merchant that has none.
    expect(await recurring(card, 'Musique+', streamflix)).toMatchObject(declinedForAgreement);
    // Another card's reference, for the very same merchant.
    const other = await holder(t);
    expect(await recurring(other, 'Streamflix', streamflix)).toMatchObject(declinedForAgreement);
    // Each still works where it belongs.
    expect(await recurring(card, 'Salle Forme', gym)).toMatchObject({ approved: true });
  });

  it('a frictionless (exempted) or unauthenticated payment makes no agreement', async () => {
    const card = await holder(t);
    const small = await pay(t, card, { amount: 1_000, merchant: 'Streamflix' });
    expect(small).toEqual({ approved: true, authorizationId: expect.any(String) });
    expect(await recurring(card, 'Streamflix')).toMatchObject(declinedForAgreement);
  });

  it('« Paiements récurrents » switched off still declines `channel_disabled` first', async () => {
    const card = await holder(t);
    const reference = await agreementWith(card, 'Streamflix');
    await t.ctx.db.query(`update cards set recurring_enabled = false where id = $1`, [card.cardId]);
    expect(await recurring(card, 'Streamflix', reference)).toMatchObject({
      approved: false,
      reason: 'channel_disabled',
    });
  });
});
