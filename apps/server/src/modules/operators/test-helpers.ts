// Helpers for back-office and sandbox tests (not used by the server).
import type { OperatorRole } from '@comptoir/contracts';
import type { TestContext } from '../../testing/test-context.ts';
import { MUTATION, uniqueEmail } from '../../testing/test-context.ts';
import { OPERATOR_COOKIE } from '../../http/cookies.ts';
import { createOperator, currentTotp } from './operators-service.ts';

export const OPERATOR_PASSWORD = 'Guichet-Sécurisé-2024';

export interface TestOperator {
  id: string;
  email: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
}

export async function newOperator(t: TestContext, role: OperatorRole = 'admin'): Promise<TestOperator> {
  const email = uniqueEmail(`op-${role}`);
  const { operator, totpSecret } = await createOperator(t.ctx, { email, password: OPERATOR_PASSWORD, role });
  return { id: operator.id, email: operator.email, role, password: OPERATOR_PASSWORD, totpSecret };
}

/** The operator cookie a response set (undefined when none; '' when it was cleared). */
export function operatorCookie(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((c) => c.name === OPERATOR_COOKIE)?.value;
}

export const withOperator = (token: string) => ({ [OPERATOR_COOKIE]: token });

export function passwordStep(t: TestContext, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login',
    headers: MUTATION,
    payload: { email, password },
  });
}

export function totpStep(t: TestContext, token: string | undefined, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/auth/login/totp',
    headers: MUTATION,
    ...(token ? { cookies: withOperator(token) } : {}),
    payload: { code },
  });
}

/** Full login (password, then the current TOTP code); returns the active session token. */
export async function signIn(t: TestContext, op: TestOperator): Promise<string> {
  const first = await passwordStep(t, op.email, op.password);
  if (first.statusCode !== 200) throw new Error(`password step: ${first.statusCode} ${first.body}`);
  const second = await totpStep(t, operatorCookie(first), currentTotp(op.totpSecret, t.clock.now()));
  if (second.statusCode !== 200) throw new Error(`totp step: ${second.statusCode} ${second.body}`);
  const token = operatorCookie(second);
  if (!token) throw new Error('no session cookie');
  return token;
}
