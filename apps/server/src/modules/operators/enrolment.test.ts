import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorLinkSent } from '@comptoir/contracts';
import { MUTATION, makeTestContext, uniqueEmail, type TestContext } from '../../testing/test-context.ts';
import {
  completeEnrolmentLink,
  mailedEnrolmentToken,
  newOperator,
  OPERATOR_PASSWORD,
  openEnrolmentLink,
  passwordStep,
  signIn,
  withOperator,
} from './__tests__/helpers.ts';
import { ENROLMENT_LINK_TTL_HOURS } from './enrolment-link.ts';
import { currentTotp } from '../../crypto/totp.ts';

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
  adminToken = await signIn(t, await newOperator(t, 'admin'));
});
afterAll(() => t.close());

async function invite(): Promise<{ id: string; email: string; token: string }> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/backoffice/operators',
    headers: MUTATION,
    cookies: withOperator(adminToken),
    payload: { email: uniqueEmail('invite'), name: 'Invitée', role: 'compliance' },
  });
  expect(r.statusCode, r.body).toBe(201);
  const { operator } = r.json<OperatorLinkSent>();
  return { id: operator.id, email: operator.email, token: await mailedEnrolmentToken(t, operator.email) };
}

async function secretOf(token: string): Promise<string> {
  const r = await openEnrolmentLink(t, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ totpSecret: string }>().totpSecret;
}

const complete = (token: string, secret: string) =>
  completeEnrolmentLink(t, { token, password: OPERATOR_PASSWORD, code: currentTotp(secret, t.clock.now()) });

describe('invitation links', () => {
  it('are stored hashed: the database holds no token the mail carried', async () => {
    const { token, id } = await invite();
    const { rows } = await t.ctx.db.query<{ token_hash: string }>(
      'select token_hash from operator_enrolment_links where operator_id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it('show the same secret each time they are opened, and serve once', async () => {
    const { token, email } = await invite();
    const secret = await secretOf(token);
    expect(await secretOf(token)).toBe(secret);
    // A wrong code completes nothing.
    const wrong = await completeEnrolmentLink(t, { token, password: OPERATOR_PASSWORD, code: '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'enrolment_code_invalid' });
    expect((await passwordStep(t, email, OPERATOR_PASSWORD)).statusCode).toBe(401);

    expect((await complete(token, secret)).statusCode).toBe(200);
    t.clock.advance(30_000);
    for (const again of [await openEnrolmentLink(t, token), await complete(token, secret)]) {
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ code: 'enrolment_link_used' });
      expect(again.json<{ detail: string }>().detail).toContain('déjà servi');
    }
  });

  it(`expire after ${ENROLMENT_LINK_TTL_HOURS} hours; an unknown token is refused`, async () => {
    const { token } = await invite();
    const secret = await secretOf(token);
    t.clock.advance(ENROLMENT_LINK_TTL_HOURS * 3600 * 1000);
    try {
      for (const r of [await openEnrolmentLink(t, token), await complete(token, secret)]) {
        expect(r.statusCode).toBe(410);
        expect(r.json()).toMatchObject({ code: 'enrolment_link_expired' });
        expect(r.json<{ detail: string }>().detail).toContain('a expiré');
      }
    } finally {
      t.clock.advance(-ENROLMENT_LINK_TTL_HOURS * 3600 * 1000);
    }
    const unknown = await openEnrolmentLink(t, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'enrolment_link_invalid' });
  });

  it('are checked again at completion: an operator disabled after opening the link cannot complete it', async () => {
    const { token, id, email } = await invite();
    const secret = await secretOf(token);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/operators/${id}`,
      headers: MUTATION,
      cookies: withOperator(adminToken),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    const r = await complete(token, secret);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'enrolment_link_invalid' });
    const { rows } = await t.ctx.db.query<{ password_hash: string | null; activated_at: Date | null }>(
      'select password_hash, activated_at from operators where id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ password_hash: null, activated_at: null });
    expect((await passwordStep(t, email, OPERATOR_PASSWORD)).statusCode).toBe(401);
  });

  it('are checked again at completion: a link replaced after it was opened no longer completes', async () => {
    const { token, id } = await invite();
    const secret = await secretOf(token);
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/operators/${id}/invitation`,
      headers: { 'x-requested-with': 'comptoir' },
      cookies: withOperator(adminToken),
    });
    expect(resent.statusCode).toBe(200);
    expect((await complete(token, secret)).json()).toMatchObject({ code: 'enrolment_link_invalid' });
  });

  it('of two completions racing, one wins and the other finds the link used', async () => {
    const { token } = await invite();
    const secret = await secretOf(token);
    const results = await Promise.all([complete(token, secret), complete(token, secret)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });
});
