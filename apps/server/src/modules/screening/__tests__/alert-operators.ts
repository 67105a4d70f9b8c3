// Test scaffolding of the four-eyes decisions (alerts, freezes): the operators who take them, signed
// in, and their calls to the back office. Never imported by the server.
import type { OperatorRole } from '@comptoir/contracts';
import { MUTATION, type TestContext } from '../../../testing/test-basics.ts';
import { newOperator, signIn, withOperator, type TestOperator } from '../../operators/__tests__/testing.ts';

/** An operator and their session. */
export interface SignedOperator {
  op: TestOperator;
  token: string;
}

export interface AlertOperators {
  /** compliance: proposes. */
  alice: SignedOperator;
  /** admin: approves. */
  bruno: SignedOperator;
  /** compliance: a third pair of eyes. */
  chloe: SignedOperator;
  /** support: may not see the queue. */
  sam: SignedOperator;
}

/** The four operators, each signed in; then the clock moves on a second. */
export async function signInAlertOperators(t: TestContext): Promise<AlertOperators> {
  const signed = async (role: OperatorRole): Promise<SignedOperator> => {
    const op = await newOperator(t, role);
    return { op, token: await signIn(t, op) };
  };
  const operators = {
    alice: await signed('compliance'),
    bruno: await signed('admin'),
    chloe: await signed('compliance'),
    sam: await signed('support'),
  };
  t.clock.advance(1_000);
  return operators;
}

/**
 * GET and POST as a signed-in operator, on the test context `context()` gives when called (the
 * file's own, made in its `beforeAll`). A POST without a body still carries the CSRF header.
 */
export function operatorCalls(context: () => TestContext) {
  return {
    get: (who: SignedOperator, url: string) =>
      context().app.inject({ method: 'GET', url, cookies: withOperator(who.token) }),
    post: (who: SignedOperator, url: string, payload?: object) =>
      context().app.inject({
        method: 'POST',
        url,
        headers: payload === undefined ? { 'x-requested-with': 'comptoir' } : MUTATION,
        cookies: withOperator(who.token),
        ...(payload === undefined ? {} : { payload }),
      }),
  };
}
