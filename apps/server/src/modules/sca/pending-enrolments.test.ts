import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestContext, type TestContext } from '../../testing/test-context.ts';
import { makeCustomer, signIn } from '../../testing/customers.ts';
import { currentTotp } from '../../crypto/totp.ts';
import { call } from './__tests__/helpers.ts';
import { enrolTotpFactor } from '../../testing/second-factor.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';
import { grantScaToken } from './__tests__/grant-token.ts';

let t: TestContext;
beforeAll(async () => {
  t = await makeTestContext({ rateLimits: false });
});
afterAll(() => t.close());

const SCA = 'x-sca-token';

/** Adds a passkey from this session (the customer's first factor needs no SCA). */
async function addPasskey(cookie: string, headers: Record<string, string> = {}) {
  const options = await call(
    t.app,
    'POST',
    '/api/sca/passkeys/registration-options',
    cookie,
    undefined,
    headers,
  );
  expect(options.statusCode).toBe(200);
  const { challenge } = options.json<{ challenge: string }>();
  return call(t.app, 'POST', '/api/sca/passkeys', cookie, {
    credential: new SoftwareAuthenticator().register({ challenge }),
  });
}

/** Moves the clock on by `ms`, the session staying signed in (its idle limit is 5 minutes). */
async function wait(cookie: string, ms: number) {
  for (let left = ms; left > 0; left -= 4 * 60_000) {
    t.clock.advance(Math.min(left, 4 * 60_000));
    expect((await call(t.app, 'GET', '/api/me', cookie)).statusCode).toBe(200);
  }
}

const factorsOf = async (customerId: string) =>
  (
    await t.ctx.db.query<{ type: string }>(
      'select type from sca_factors where customer_id = $1 and confirmed_at is not null order by created_at',
      [customerId],
    )
  ).rows.map((r) => r.type);

/** A factor that appears without going through the services (as if added at the same instant). */
async function insertFactorBehindTheScenes(customerId: string) {
  await t.ctx.db.query(
    `insert into sca_factors (customer_id, type, name, credential_id, public_key, created_at, confirmed_at)
     values ($1, 'passkey', 'Clé', $2, 'cGs', $3, $3)`,
    [customerId, `cred-${customerId}`, t.clock.now()],
  );
}

describe('a forgotten enrolment cannot become a factor later', () => {
  it('an app enrolment started before the customer had a factor cannot be confirmed once they add a passkey', async () => {
    const customer = await makeCustomer(t.ctx);
    // Someone holding the password starts an app enrolment while the customer has no factor…
    const intruder = await signIn(t.app, customer);
    const enrol = await call(t.app, 'POST', '/api/sca/totp/enroll', intruder);
    expect(enrol.statusCode).toBe(200);
    const { secret } = enrol.json<{ secret: string }>();
    // …the customer then adds a passkey from their own session…
    const own = await signIn(t.app, customer);
    expect((await addPasskey(own)).statusCode).toBe(200);
    // …and the old enrolment no longer confirms, even with a right code and within its lifetime.
    const confirm = await call(t.app, 'POST', '/api/sca/totp/confirm', intruder, {
      code: currentTotp(secret, t.clock.now()),
    });
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json().code).toBe('totp_enrolment_not_found');
    expect(await factorsOf(customer.id)).toEqual(['passkey']);
  });

  it('passkey registration options left on another session are dropped when the customer adds an app', async () => {
    const customer = await makeCustomer(t.ctx);
    const intruder = await signIn(t.app, customer);
    const options = await call(t.app, 'POST', '/api/sca/passkeys/registration-options', intruder);
    expect(options.statusCode).toBe(200);
    const { challenge } = options.json<{ challenge: string }>();
    const own = await signIn(t.app, customer);
    await enrolTotpFactor(t.app, t.clock, own);
    const register = await call(t.app, 'POST', '/api/sca/passkeys', intruder, {
      credential: new SoftwareAuthenticator().register({ challenge }),
    });
    expect(register.statusCode).toBe(400);
    expect(await factorsOf(customer.id)).toEqual(['totp']);
  });

  it('an app enrolment expires after 10 minutes; a passkey registration after 5', async () => {
    const customer = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, customer);
    const { secret } = (await call(t.app, 'POST', '/api/sca/totp/enroll', cookie)).json<{ secret: string }>();
    await wait(cookie, 10 * 60_000 + 1000);
    const late = await call(t.app, 'POST', '/api/sca/totp/confirm', cookie, {
      code: currentTotp(secret, t.clock.now()),
    });
    expect(late.statusCode).toBe(404);

    const fresh = await signIn(t.app, customer);
    const { challenge } = (await call(t.app, 'POST', '/api/sca/passkeys/registration-options', fresh)).json<{
      challenge: string;
    }>();
    await wait(fresh, 5 * 60_000 + 1000);
    const register = await call(t.app, 'POST', '/api/sca/passkeys', fresh, {
      credential: new SoftwareAuthenticator().register({ challenge }),
    });
    expect(register.statusCode).toBe(400);
    expect(await factorsOf(customer.id)).toEqual([]);
  });

  it('confirming an app enrolment needs SCA when a factor exists then and none approved its start', async () => {
    const customer = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, customer);
    const { secret } = (await call(t.app, 'POST', '/api/sca/totp/enroll', cookie)).json<{ secret: string }>();
    await insertFactorBehindTheScenes(customer.id);
    const code = currentTotp(secret, t.clock.now());
    const bare = await call(t.app, 'POST', '/api/sca/totp/confirm', cookie, { code });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe('sca_required');
    const token = await grantScaToken(t.ctx, customer.id, 'factor_enrolment', { method: 'totp' });
    const ok = await call(t.app, 'POST', '/api/sca/totp/confirm', cookie, { code }, { [SCA]: token });
    expect(ok.statusCode).toBe(200);
  });

  it('registering a passkey needs SCA when a factor exists then and none approved its options', async () => {
    const customer = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, customer);
    const { challenge } = (await call(t.app, 'POST', '/api/sca/passkeys/registration-options', cookie)).json<{
      challenge: string;
    }>();
    await insertFactorBehindTheScenes(customer.id);
    const bare = await call(t.app, 'POST', '/api/sca/passkeys', cookie, {
      credential: new SoftwareAuthenticator().register({ challenge }),
    });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe('sca_required');
    expect(await factorsOf(customer.id)).toEqual(['passkey']);
  });

  it('an enrolment approved with an existing factor when it started confirms without a second approval', async () => {
    const customer = await makeCustomer(t.ctx);
    const cookie = await signIn(t.app, customer);
    await enrolTotpFactor(t.app, t.clock, cookie);
    const token = await grantScaToken(t.ctx, customer.id, 'factor_enrolment', { method: 'passkey' });
    expect((await addPasskey(cookie, { [SCA]: token })).statusCode).toBe(200);
    expect(await factorsOf(customer.id)).toEqual(['totp', 'passkey']);
  });
});
