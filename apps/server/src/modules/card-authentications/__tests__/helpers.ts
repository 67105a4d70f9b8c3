import {
  SCA_TOKEN_HEADER,
  type CardAuthorizationResponse,
  type ThreeDsAuthenticationCreated,
  type ThreeDsAuthenticationStatus,
} from '@comptoir/contracts';
import { customerCall } from '../../../testing/customer-call.ts';
import { signIn } from '../../../testing/customers.ts';
import { grantScaToken } from '../../sca/__tests__/testing.ts';
import { CARD_FIXTURE_PASSWORD, cardFixture, type CardFixture } from '../../../testing/card-fixtures.ts';
import { MUTATION, type TestContext } from '../../../testing/test-basics.ts';

/** HTTP helpers of the 3-D Secure tests, as the merchant and the network (never imported by production code). */

export const SANDBOX_KEY = 'cle-sandbox-3ds-de-test-0123456789';
const asMerchant = { ...MUTATION, authorization: `Bearer ${SANDBOX_KEY}` };

let keys = 0;
const newKey = () => `3ds-${process.pid}-${Date.now()}-${keys++}`;

export interface Payment {
  amount: number;
  merchant?: string;
  authenticationValue?: string;
  agreementReference?: string;
  channel?: 'online' | 'in_store' | 'atm' | 'recurring';
  expiry?: string;
  pan?: string;
}

/** The merchant's 3-D Secure server asks to authenticate a payment (sandbox key); expects 201. */
export async function askAuthentication(
  t: TestContext,
  card: CardFixture,
  p: Payment & { merchantUrl?: string },
): Promise<ThreeDsAuthenticationCreated> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/3ds/authentications',
    headers: asMerchant,
    payload: {
      pan: p.pan ?? card.pan,
      expiry: p.expiry ?? card.expiry,
      amount: p.amount,
      merchant: p.merchant ?? 'Fnac.com',
      ...(p.merchantUrl ? { merchantUrl: p.merchantUrl } : {}),
    },
  });
  if (r.statusCode !== 201) throw new Error(`3ds: ${r.statusCode} ${r.body}`);
  return r.json<ThreeDsAuthenticationCreated>();
}

/** The merchant polls its authentication. */
export async function authenticationStatus(t: TestContext, id: string): Promise<ThreeDsAuthenticationStatus> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/sandbox/3ds/authentications/${id}`,
    headers: { authorization: `Bearer ${SANDBOX_KEY}` },
  });
  if (r.statusCode !== 200) throw new Error(`3ds status: ${r.statusCode} ${r.body}`);
  return r.json<ThreeDsAuthenticationStatus>();
}

/** The network asks for the authorisation of an online payment (by default). */
export async function pay(t: TestContext, card: CardFixture, p: Payment): Promise<CardAuthorizationResponse> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/card-authorizations',
    headers: { ...asMerchant, 'idempotency-key': newKey() },
    payload: {
      pan: p.pan ?? card.pan,
      expiry: card.expiry,
      cvv: card.cvv,
      amount: p.amount,
      merchant: p.merchant ?? 'Fnac.com',
      channel: p.channel ?? 'online',
      ...(p.authenticationValue !== undefined ? { authenticationValue: p.authenticationValue } : {}),
      ...(p.agreementReference !== undefined ? { agreementReference: p.agreementReference } : {}),
    },
  });
  if (r.statusCode !== 200) throw new Error(`authorisation: ${r.statusCode} ${r.body}`);
  return r.json<CardAuthorizationResponse>();
}

/** A card holder whose account is open (active customer), signed in; funded with 1 000 €, limits 5 000 €. */
export async function holder(t: TestContext): Promise<CardFixture & { cookie: string }> {
  const card = await cardFixture(t.ctx, { funding: 100_000, weeklyLimit: 500_000, monthlyLimit: 500_000 });
  await t.ctx.db.query(`update customers set status = 'active' where id = $1`, [card.customerId]);
  const cookie = await signIn(t.app, {
    id: card.customerId,
    email: card.email,
    password: CARD_FIXTURE_PASSWORD,
  });
  return { ...card, cookie };
}

/** The card's low-value exemption counters. */
export async function exemptionCounters(t: TestContext, card: CardFixture) {
  const { rows } = await t.ctx.db.query<{ amount: number; count: number }>(
    `select exemption_amount::int as amount, exemption_count as count from cards where id = $1`,
    [card.cardId],
  );
  return rows[0]!;
}

/** A fresh session for the holder (after the clock moved past the idle timeout). */
export async function signInAgain<C extends CardFixture & { cookie: string }>(
  t: TestContext,
  card: C,
): Promise<C> {
  const cookie = await signIn(t.app, {
    id: card.customerId,
    email: card.email,
    password: CARD_FIXTURE_PASSWORD,
  });
  return { ...card, cookie };
}

/**
 * The holder's payment with a merchant, authenticated through 3-D Secure as a whole: the merchant
 * asks (a challenge: above the low-value exemption), the holder approves it with a strong
 * authentication bound to it, the merchant reads the value and sends the online authorisation.
 */
export async function authenticatedPayment(
  t: TestContext,
  card: CardFixture & { cookie: string },
  p: { amount: number; merchant: string },
): Promise<CardAuthorizationResponse> {
  const asked = await askAuthentication(t, card, p);
  if (asked.status !== 'challenge') throw new Error(`3ds: ${asked.status}, not a challenge`);
  const token = await grantScaToken(t.ctx, card.customerId, 'card_authentication', {
    authenticationId: asked.id,
    amount: p.amount,
    merchant: p.merchant,
  });
  const approved = await customerCall(
    t.app,
    'POST',
    `/api/card-authentications/${asked.id}/approve`,
    card.cookie,
    {},
    { [SCA_TOKEN_HEADER]: token },
  );
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
  const { authenticationValue } = await authenticationStatus(t, asked.id);
  return pay(t, card, { ...p, authenticationValue: authenticationValue ?? '' });
}
