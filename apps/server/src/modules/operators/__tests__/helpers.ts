// Helpers for back-office and sandbox tests (not used by the server).
import type { OperatorRole } from '@comptoir/contracts';
import type { TestContext } from '../../../testing/test-basics.ts';
import { MUTATION, uniqueEmail } from '../../../testing/test-basics.ts';
import { OPERATOR_COOKIE } from '../../../http/cookies.ts';
import { listMailbox } from '../../../mail/mailbox.ts';
import { currentTotp } from '../../../crypto/totp.ts';
import { createOperator } from '../operators-service.ts';

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

/** The token of the newest enrolment link mailed to `email` (the outbox, as the sandbox mailbox shows it). */
export async function mailedEnrolmentToken(t: TestContext, email: string): Promise<string> {
  const [mail] = await listMailbox(t.ctx, email);
  const link = mail?.links.find((l) => l.includes('/inscription?token='));
  if (!link) throw new Error(`no enrolment link mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
}

export function openEnrolmentLink(t: TestContext, token: string, password?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/enrolment/open',
    headers: MUTATION,
    payload: { token, ...(password === undefined ? {} : { password }) },
  });
}

export function completeEnrolmentLink(
  t: TestContext,
  body: { token: string; password: string; code: string },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/enrolment/complete',
    headers: MUTATION,
    payload: body,
  });
}

/**
 * What an invited operator does with the mail: opens the link, reads the secret offered, chooses a
 * password and confirms with a code. Returns the operator as they can now sign in.
 */
export async function acceptInvitation(
  t: TestContext,
  invited: { id: string; email: string; role: OperatorRole },
  password = OPERATOR_PASSWORD,
): Promise<TestOperator> {
  const token = await mailedEnrolmentToken(t, invited.email);
  const opened = await openEnrolmentLink(t, token);
  if (opened.statusCode !== 200) throw new Error(`open: ${opened.statusCode} ${opened.body}`);
  const { totpSecret } = opened.json<{ totpSecret: string }>();
  const done = await completeEnrolmentLink(t, {
    token,
    password,
    code: currentTotp(totpSecret, t.clock.now()),
  });
  if (done.statusCode !== 200) throw new Error(`complete: ${done.statusCode} ${done.body}`);
  // The confirming code's step is spent: the first sign-in takes the next one.
  t.clock.advance(30_000);
  return { ...invited, password, totpSecret };
}
