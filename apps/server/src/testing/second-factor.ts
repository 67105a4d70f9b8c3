import type { FastifyInstance } from 'fastify';
import type { TestClock } from '../clock.ts';
import { currentTotp } from '../crypto/totp.ts';
import { customerCall } from './customer-call.ts';
import { signIn, type TestCustomer } from './customers.ts';

// A customer with a second factor (an authenticator app), over HTTP: strong authentication, sign-in
// and the protected calls of several modules start from one.

/** Enrols and confirms an authenticator app for the signed-in customer; returns its secret and id. */
export async function enrolTotpFactor(
  app: FastifyInstance,
  clock: TestClock,
  cookie: string,
): Promise<{ secret: string; factorId: string }> {
  const enrol = await customerCall(app, 'POST', '/api/sca/totp/enroll', cookie);
  if (enrol.statusCode !== 200) throw new Error(`enrol: ${enrol.statusCode} ${enrol.body}`);
  const { secret, factorId } = enrol.json<{ secret: string; factorId: string }>();
  const confirm = await customerCall(app, 'POST', '/api/sca/totp/confirm', cookie, {
    code: currentTotp(secret, clock.now()),
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  return { secret, factorId };
}

/** A code of the next 30-second step (the clock moves on, so a step is never reused by accident). */
export function nextCode(clock: TestClock, secret: string): string {
  clock.advance(30_000);
  return currentTotp(secret, clock.now());
}

/** Signs in a customer who has an authenticator app: password, then a code of the next step. */
export async function signInWithCode(
  app: FastifyInstance,
  clock: TestClock,
  customer: TestCustomer,
  secret: string,
): Promise<string> {
  const cookie = await signIn(app, customer);
  const res = await customerCall(app, 'POST', '/api/auth/login/second-factor', cookie, {
    code: nextCode(clock, secret),
  });
  if (res.statusCode !== 200) throw new Error(`second factor: ${res.statusCode} ${res.body}`);
  return cookie;
}
